// A group of checkboxes from a fixed set, as one form field (client-safe: the browser's conform and
// the server's action share it). A value the form does not offer (a tampered form) is reported
// beside the field with `message`, like an empty choice, not on an item of the list, where no
// field shows it.
import { z } from "zod";

export function choicesOf<const T extends readonly [string, ...string[]]>(options: T, message: string) {
  return z
    .array(z.string(), { error: message })
    .min(1, message)
    .max(options.length, message)
    .refine((list) => list.every((v) => (options as readonly string[]).includes(v)), message)
    .pipe(z.array(z.enum(options)));
}

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType; element?: z.ZodType; getter?: () => z.ZodType };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional / default / pipe / preprocess / lazy: the shape of what the form posts. */
function posted(schema: z.ZodType): z.ZodType {
  for (let s = schema, depth = 0; depth < 20; depth++) {
    const def = defOf(s);
    // A pipe checks what is posted with `in`, unless `in` is a preprocess function: then `out`.
    const pipeIn = def.type === "pipe" && def.in ? (defOf(def.in).type === "transform" ? def.out : def.in) : undefined;
    const next = def.type === "pipe" ? pipeIn : def.type === "lazy" ? def.getter?.() : def.innerType;
    if (!next) return s;
    s = next;
  }
  return schema;
}

/**
 * The fields of these form schemas that a browser posts as the same name repeated (a checkbox
 * group, hidden inputs of a list): a list of plain values. A list of objects posts indexed names
 * (`answers[0].answer`) and is not one. readForm takes exactly these more than once, so a route
 * never lists them by hand (decision 0016).
 */
export function repeatableFieldsOf(schemas: readonly z.ZodType[]): string[] {
  const names = new Set<string>();
  const walk = (schema: z.ZodType, prefix: string) => {
    const s = posted(schema);
    const def = defOf(s);
    if (def.type === "object" && def.shape) {
      for (const [key, field] of Object.entries(def.shape)) walk(field, prefix ? `${prefix}.${key}` : key);
    } else if (def.type === "array" && def.element && prefix) {
      if (defOf(posted(def.element)).type !== "object") names.add(prefix);
    } else if (def.type === "union" || def.type === "intersection") {
      const d = def as unknown as { options?: z.ZodType[]; left?: z.ZodType; right?: z.ZodType };
      for (const o of d.options ?? [d.left, d.right].filter((x): x is z.ZodType => !!x)) walk(o, prefix);
    }
  };
  for (const schema of schemas) walk(schema, "");
  return [...names].sort();
}
