// The limits of the section schemas reach the inputs (conform's
// getZodConstraint → maxLength), and a value over a limit gets the rule's one
// message, in the browser and on the server alike.
import { parseWithZod, getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { testContext } from "./fixtures";
import { agreementsSchema, commissionsSchema, feesSchema, personalSchema, sectionConstraint, sectionSchema } from "./schema";

const ctx = testContext({ appointmentTypeCode: "APPTTYP_REP" });

describe("limits reach the inputs", () => {
  const schemas = { personal: personalSchema(ctx), commissions: commissionsSchema(ctx), fees: feesSchema(ctx), agreements: agreementsSchema(ctx) };
  test.each([
    ["personal", "firstName", 50],
    ["personal", "middleName", 50],
    ["personal", "nationalProducerNumber", 25],
    ["personal", "businessName", 40],
    ["personal", "home.address1", 100],
    ["personal", "business.city", 100],
    ["personal", "qnaComment", 1000],
    ["personal", "apptIRSInfo.name", 100],
    ["personal", "signatures.SIGTYP_QNA", 200],
    ["commissions", "bankInfo.bankName", 100],
    ["commissions", "commissionRemitAssign.zip", 15],
    ["commissions", "signatures.SIGTYP_COMSCHED", 200],
    ["fees", "ccInfo.nameonCard", 150],
    ["fees", "signatures.SIGTYP_ST_FEES", 200],
    ["agreements", "signatures.SIGTYP_AGREESIG", 200],
  ] as const)("%s: %s has maxLength %i", (section, name, max) => {
    expect(getZodConstraint(schemas[section])[name]?.maxLength).toBe(max);
  });
});

describe("the constraint a section form renders", () => {
  // SectionForm renders sectionConstraint(section), built once, not the constraint of the context's
  // schema: they must be the same for every context (the rules add no constraint).
  const contexts = [
    ctx,
    testContext({ appointmentTypeCode: "APPTTYP_CORP", flavour: "VB", willFax: true, mode: "draft" }),
    testContext({ appointmentTypeCode: "APPTTYP_IND", residentStateCode: "NY" }),
  ];
  test.each(["PERSONAL", "COMMS", "FEES", "AGREEMENTS", "DOCS"] as const)("%s", (section) => {
    for (const c of contexts) expect(sectionConstraint(section)).toEqual(getZodConstraint(sectionSchema(section, c)));
    expect(sectionConstraint(section)).toBe(sectionConstraint(section));
  });
});

describe("one rule, one message", () => {
  const post = (entries: Record<string, string>) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(entries)) fd.append(k, v);
    return fd;
  };
  test.each([
    ["qnaComment", "x".repeat(1001), "Comment must be at most 1000 characters"],
    ["firstName", "x".repeat(51), "First Name must be 2 to 50 characters"],
    ["firstName", "x", "First Name must be 2 to 50 characters"],
    ["home.city", "x".repeat(101), "Home City must be 2 to 100 characters"],
    ["signatures.SIGTYP_QNA", "x".repeat(201), "Signature must be at most 200 characters"],
  ])("%s = %j.length → only %j", (name, value) => {
    for (const mode of ["draft", "complete"] as const) {
      const r = parseWithZod(post({ [name]: value }), { schema: personalSchema({ ...ctx, mode }) });
      expect(r.reply().error?.[name]).toHaveLength(1);
    }
  });
  test("the message is the spec's", () => {
    const r = parseWithZod(post({ qnaComment: "x".repeat(1001) }), { schema: personalSchema({ ...ctx, mode: "draft" }) });
    expect(r.reply().error?.qnaComment).toEqual(["Comment must be at most 1000 characters"]);
  });
});
