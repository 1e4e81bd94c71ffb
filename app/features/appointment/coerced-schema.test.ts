// The save path parses a post with the section's coerced shape built once
// (coercedSectionSchemaWith, parseWithZod's disableAutoCoercion) instead of
// letting conform coerce a new schema at every save: the same values and the
// same messages on the same fields, for complete and half-filled posts,
// wrong values, forged names and empty posts, in both modes, with a database
// refinement added after the rules as the save does.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import type { z } from "zod";
import { testContext, validApplication } from "./fixtures";
import { SECTION_DATA_KEY, type ValidationContext } from "./form-data";
import { DATA_SECTIONS, type AppointmentTypeCode, type DataSectionId } from "./model";
import { coercedSectionSchema, coercedSectionSchemaWith, sectionSchema } from "./schema";

/** The section's values as a form posts them (conform names; true as 'on'; states repeated). */
function entries(v: unknown, name = "", out: Array<[string, string]> = []): Array<[string, string]> {
  if (v === undefined || v === null) return out;
  if (typeof v === "boolean") {
    if (v) out.push([name, "on"]);
  } else if (Array.isArray(v)) {
    v.forEach((x, i) => entries(x, name === "states" ? name : `${name}[${i}]`, out));
  } else if (typeof v === "object") {
    for (const [k, x] of Object.entries(v)) entries(x, name ? `${name}.${k}` : k, out);
  } else {
    out.push([name, String(v)]);
  }
  return out;
}

const post = (e: Array<[string, string]>) => {
  const fd = new FormData();
  for (const [k, val] of e) fd.append(k, val);
  return fd;
};

/** Variants of a complete post: itself, empty, every other field left out, blanks, wrong values, forged names. */
function variants(complete: Array<[string, string]>): Array<Array<[string, string]>> {
  return [
    complete,
    [],
    complete.filter((_, i) => i % 2 === 0),
    complete.map(([k]): [string, string] => [k, ""]),
    complete.map(([k, v]): [string, string] => [k, `  ${v}  `]),
    complete.map(([k, v], i): [string, string] => [k, i % 3 === 0 ? "x".repeat(300) : i % 3 === 1 ? "12" : v]),
    [...complete, ["unknownField", "1"], ["answers[99].questionId", "abc"], ["states", "ZZ"], ["willFax", "maybe"]],
  ];
}

const TYPES: AppointmentTypeCode[] = ["APPTTYP_IND", "APPTTYP_CORP", "APPTTYP_REP"];

describe("the coerced section schema built once", () => {
  test("is built once per section", () => {
    for (const s of DATA_SECTIONS) expect(coercedSectionSchema(s)).toBe(coercedSectionSchema(s));
  });

  for (const section of DATA_SECTIONS as readonly DataSectionId[]) {
    test(`${section}: the same values and messages as conform's own coercion`, async () => {
      let compared = 0;
      for (const type of TYPES) {
        const data = validApplication(type)[SECTION_DATA_KEY[section]];
        for (const mode of ["draft", undefined] as const) {
          const ctx: ValidationContext = { ...testContext({ appointmentTypeCode: type }), ...(mode ? { mode } : {}) };
          for (const e of variants(entries(data))) {
            const before = parseWithZod(post(e), { schema: sectionSchema(section, ctx) });
            const after = parseWithZod(post(e), { schema: coercedSectionSchemaWith(section, ctx), disableAutoCoercion: true });
            expect(after.status).toBe(before.status);
            expect(after.reply()).toEqual(before.reply());
            if (before.status === "success" && after.status === "success") expect(after.value).toEqual(before.value);
            // With a database check after the rules, parsed asynchronously (as saveSection does).
            const db = (s: z.ZodType<object>) =>
              s.superRefine(async (_v, zctx) => {
                if (zctx.issues.length) return;
                await Promise.resolve();
                zctx.addIssue({ code: "custom", path: [], message: "db said no" });
              });
            const beforeAsync = await parseWithZod(post(e), { schema: db(sectionSchema(section, ctx) as z.ZodType<object>), async: true });
            const afterAsync = await parseWithZod(post(e), {
              schema: db(coercedSectionSchemaWith(section, ctx) as z.ZodType<object>),
              async: true,
              disableAutoCoercion: true,
            });
            expect(afterAsync.reply()).toEqual(beforeAsync.reply());
            compared++;
          }
        }
      }
      expect(compared).toBe(TYPES.length * 2 * 7);
    });
  }
});
