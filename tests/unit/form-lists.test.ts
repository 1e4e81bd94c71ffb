// Every action that reads a form with readForm and checks it with a zod schema hands readForm that
// schema, so a checkbox group (a list of plain values) added to a form is taken repeated on every
// route without anyone listing it (issue 33 item 2: the webhook events were refused as 'sent more
// than once' because the route listed nothing). Read from the source: each `schema: X` of a
// parseWithZod call whose X, imported from one of our modules, has a list must be in the file's
// readForm `schemas`.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { repeatableFieldsOf } from "~/lib/choices";

const ROOT = path.resolve(__dirname, "../..");
const files = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(`${dir}/${e.name}`) : /\.tsx?$/.test(e.name) && !/\.test\./.test(e.name) ? [`${dir}/${e.name}`] : []));

/** `import { a, b as c } from "~/x"`: local name to [module, exported name]. */
function importsOf(source: string): Map<string, [string, string]> {
  const found = new Map<string, [string, string]>();
  for (const m of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"(~\/[^"]+)"/g)) {
    for (const part of m[1]!.split(",")) {
      const [name, alias] = part.replace(/\btype\s+/, "").trim().split(/\s+as\s+/);
      if (name) found.set((alias ?? name).trim(), [m[2]!, name.trim()]);
    }
  }
  return found;
}

const readers = [...files("app/routes"), ...files("app/features")].filter((f) => {
  const s = readFileSync(path.join(ROOT, f), "utf8");
  return /\breadForm\(request/.test(s) && /parseWithZod\(/.test(s);
});

describe("readForm takes the lists of the schemas it is checked with", () => {
  it("finds the actions that read a form and check it with a schema", () => {
    expect(readers).toEqual(expect.arrayContaining(["app/routes/admin.webhooks._index.tsx", "app/routes/admin.webhooks.$id.tsx", "app/routes/admin.api-tokens.tsx", "app/routes/admin.review.$appointmentId.tsx"]));
  });

  it.each(readers)("%s", async (file) => {
    const source = readFileSync(path.join(ROOT, file), "utf8");
    const imports = importsOf(source);
    const readFormCalls = [...source.matchAll(/readForm\(request(?:,\s*(\{[^;]*?\}))?\)/g)].map((m) => m[1] ?? "");
    for (const m of source.matchAll(/parseWithZod\([^,]+,\s*\{\s*schema:\s*([A-Za-z_$][\w$]*)\s*[,}]/g)) {
      const local = m[1]!;
      const from = imports.get(local);
      if (!from) continue; // a schema made in the file from a request (reportSchemaFor): no list today
      const mod = (await import(/* @vite-ignore */ from[0].replace(/^~\//, `${ROOT}/app/`))) as Record<string, unknown>;
      const schema = mod[from[1]];
      if (!schema || typeof schema !== "object" || !("_zod" in schema)) continue;
      const lists = repeatableFieldsOf([schema as ZodType]);
      if (lists.length === 0) continue;
      expect(
        readFormCalls.some((opts) => new RegExp(`schemas:\\s*\\[[^\\]]*\\b${local.replace(/\$/g, "\\$")}\\b`).test(opts)),
        `${file} checks the form with ${local} (lists: ${lists.join(", ")}) but does not hand it to readForm's schemas: the lists are refused as repeated fields`,
      ).toBe(true);
    }
  });
});
