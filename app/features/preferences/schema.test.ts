// Spec part 1 §5 'Communication preferences' and §9 limits: every rule and message.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { PREF_MESSAGES } from "./messages";
import { PREFERENCE_CATEGORIES, phoneDigits, preferencesSchema, splitEntries } from "./schema";

function form(entries: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
}
const parse = (entries: Record<string, string>) => parseWithZod(form(entries), { schema: preferencesSchema });
const errorsOf = (entries: Record<string, string>) => {
  const s = parse(entries);
  return s.status === "error" ? s.error : null;
};

describe("communication preferences schema", () => {
  it("has the spec's eight categories and the two of licenses and credentials, with one spelling of the downline codes", () => {
    expect(PREFERENCE_CATEGORIES).toEqual([
      "CAT_APPSUB_RECRUIT",
      "CAT_APPAPRV_RECRUIT",
      "CAT_APPREJ_RECRUIT",
      "CAT_APPABAND_RECRUIT",
      "CAT_LICEXP_AGENT",
      "CAT_APPSUB_RECRUIT_DOWNLN",
      "CAT_APPAPRV_RECRUIT_DOWNLN",
      "CAT_APPREJ_RECRUIT_DOWNLN",
      "CAT_APPABAND_RECRUIT_DOWNLN",
      "CAT_LICEXP_AGENT_DOWNLN",
      "CAT_STATEFILING_ADMIN",
    ]);
  });

  it("takes an empty form: every switch off, every field empty", () => {
    const s = parse({});
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    for (const c of PREFERENCE_CATEGORIES) expect(s.value[c]).toEqual({ emailOn: false, emails: "", smsOn: false, phones: "" });
  });

  it("email on with an empty field: 'Missing info...'", () => {
    expect(errorsOf({ "CAT_APPSUB_RECRUIT.emailOn": "Y", "CAT_APPSUB_RECRUIT.emails": "" })).toEqual({
      "CAT_APPSUB_RECRUIT.emails": [PREF_MESSAGES.missingInfo],
    });
    expect(errorsOf({ "CAT_APPSUB_RECRUIT.emailOn": "Y", "CAT_APPSUB_RECRUIT.emails": " , ,  " })).toEqual({
      "CAT_APPSUB_RECRUIT.emails": [PREF_MESSAGES.missingInfo],
    });
  });

  it("SMS on with an empty field: 'Missing info...'", () => {
    expect(errorsOf({ "CAT_APPREJ_RECRUIT_DOWNLN.smsOn": "Y" })).toEqual({
      "CAT_APPREJ_RECRUIT_DOWNLN.phones": [PREF_MESSAGES.missingInfo],
    });
  });

  it("each email must be a standard address: 'Invalid Email Address'", () => {
    expect(errorsOf({ "CAT_APPAPRV_RECRUIT.emailOn": "Y", "CAT_APPAPRV_RECRUIT.emails": "a@example.com, not-an-email" })).toEqual({
      "CAT_APPAPRV_RECRUIT.emails": [PREF_MESSAGES.invalidEmail],
    });
    expect(errorsOf({ "CAT_APPAPRV_RECRUIT.emailOn": "Y", "CAT_APPAPRV_RECRUIT.emails": `${"a".repeat(250)}@example.com` })).toEqual({
      "CAT_APPAPRV_RECRUIT.emails": [PREF_MESSAGES.invalidEmail],
    });
  });

  it("at most 5 emails: 'Too Many Emails'", () => {
    const five = ["a", "b", "c", "d", "e"].map((x) => `${x}@example.com`);
    expect(parse({ "CAT_APPSUB_RECRUIT.emailOn": "Y", "CAT_APPSUB_RECRUIT.emails": five.join(", ") }).status).toBe("success");
    expect(errorsOf({ "CAT_APPSUB_RECRUIT.emailOn": "Y", "CAT_APPSUB_RECRUIT.emails": [...five, "f@example.com"].join(",") })).toEqual({
      "CAT_APPSUB_RECRUIT.emails": [PREF_MESSAGES.tooManyEmails],
    });
    // A huge field is refused whole, before it is split.
    expect(errorsOf({ "CAT_APPSUB_RECRUIT.emailOn": "Y", "CAT_APPSUB_RECRUIT.emails": "a".repeat(100_000) })).toEqual({
      "CAT_APPSUB_RECRUIT.emails": [PREF_MESSAGES.tooManyEmails],
    });
  });

  it("each phone number has 10 digits ignoring dashes, parentheses and spaces: 'Invalid Phone Number'", () => {
    expect(phoneDigits("(512) 555-0111")).toBe("5125550111");
    expect(phoneDigits("512-555-011")).toBeNull();
    expect(phoneDigits("512555011x")).toBeNull();
    expect(errorsOf({ "CAT_APPSUB_RECRUIT.smsOn": "Y", "CAT_APPSUB_RECRUIT.phones": "(512) 555-0111, 555-0111" })).toEqual({
      "CAT_APPSUB_RECRUIT.phones": [PREF_MESSAGES.invalidPhone],
    });
  });

  it("at most 5 phone numbers: 'Too Many Phone #s'", () => {
    const six = Array.from({ length: 6 }, (_, i) => `512555010${i}`);
    expect(parse({ "CAT_APPSUB_RECRUIT.smsOn": "Y", "CAT_APPSUB_RECRUIT.phones": six.slice(0, 5).join(",") }).status).toBe("success");
    expect(errorsOf({ "CAT_APPSUB_RECRUIT.smsOn": "Y", "CAT_APPSUB_RECRUIT.phones": six.join(",") })).toEqual({
      "CAT_APPSUB_RECRUIT.phones": [PREF_MESSAGES.tooManyPhones],
    });
  });

  it("strips whitespace and stores phone numbers as their digits", () => {
    const s = parse({
      "CAT_APPSUB_RECRUIT.emailOn": "Y",
      "CAT_APPSUB_RECRUIT.emails": " a@example.com ,\tb@example.com ",
      "CAT_APPSUB_RECRUIT.smsOn": "Y",
      "CAT_APPSUB_RECRUIT.phones": "(512) 555-0111 , 512 555 0112",
    });
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value.CAT_APPSUB_RECRUIT).toEqual({ emailOn: true, emails: "a@example.com,b@example.com", smsOn: true, phones: "5125550111,5125550112" });
    expect(splitEntries(" x , y ,, z ")).toEqual(["x", "y", "z"]);
  });

  it("a switch turned off clears its field, whatever it holds", () => {
    const s = parse({ "CAT_APPABAND_RECRUIT.emails": "not-an-email", "CAT_APPABAND_RECRUIT.phones": "123" });
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value.CAT_APPABAND_RECRUIT).toEqual({ emailOn: false, emails: "", smsOn: false, phones: "" });
  });
});
