import { describe, expect, it } from "vitest";
import { PAPER_MESSAGES, paperAppointmentSchema } from "./paper-schema";

const schema = paperAppointmentSchema({ ownEmail: "Recruiter@Example.com", types: ["APPTTYP_IND", "APPTTYP_CORP"] });

function errorsOf(input: Record<string, unknown>) {
  const r = schema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of r.error.issues) (out[issue.path.join(".")] ??= []).push(issue.message);
  return out;
}

describe("paper appointment form", () => {
  it("accepts a prospect's email (trimmed, lowercased) and an offered type", () => {
    expect(schema.parse({ email: "  New.Prospect@Example.COM ", apptTypeCode: "APPTTYP_CORP" })).toEqual({
      email: "new.prospect@example.com",
      apptTypeCode: "APPTTYP_CORP",
    });
  });

  it.each(["not-an-email", "a@b", "two words@example.com", "x@@example.com", "@example.com"])(
    "refuses %s with 'Email Address Format Is Invalid'",
    (email) => {
      expect(errorsOf({ email, apptTypeCode: "APPTTYP_IND" }).email).toEqual(["Email Address Format Is Invalid"]);
    },
  );

  it("refuses the recruiter's own login email, ignoring case, with 'You Cannot Use Your Email'", () => {
    for (const email of ["recruiter@example.com", "RECRUITER@EXAMPLE.COM", " Recruiter@example.com "]) {
      expect(errorsOf({ email, apptTypeCode: "APPTTYP_IND" }).email).toEqual(["You Cannot Use Your Email"]);
    }
  });

  it("requires the email and a type the link offers", () => {
    expect(errorsOf({ apptTypeCode: "APPTTYP_IND" }).email).toEqual([PAPER_MESSAGES.emailRequired]);
    expect(errorsOf({ email: "p@example.com" }).apptTypeCode).toEqual([PAPER_MESSAGES.typeRequired]);
    expect(errorsOf({ email: "p@example.com", apptTypeCode: "APPTTYP_REP" }).apptTypeCode).toEqual([PAPER_MESSAGES.typeRequired]);
  });
});
