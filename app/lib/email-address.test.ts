// The one email rule (issue 21, decision 0056): every form that takes an
// address gives the same verdict on the same input. Before, the application,
// the paper form, preferences, the provider and the import used zod's
// z.email() (refusing user!x@example.com, a..b@example.com, a@b.c), the
// invitation form a loose /[^\s@]+@…/ (accepting <a>@x.yz, é@example.com,
// a@b_c.com) and Invite User the HTML standard's pattern: three answers.
import { describe, expect, it } from "vitest";
import { inviteUserSchema } from "~/features/agents/schema";
import { paperAppointmentSchema } from "~/features/appointment/paper-schema";
import { IMPORT_COLUMNS, importRowSchema } from "~/features/hierarchy/import-schema";
import { forgotSchema } from "~/features/idp/schema";
import { inviteSchema } from "~/features/invitations/schema";
import { categoryPreferenceSchema } from "~/features/preferences/schema";
import { EMAIL_MAX } from "./email-address";

/** The HTML standard's pattern with a dot in the domain (spec 'a standard email pattern'). */
const ACCEPTED = [
  "jordan.lee@example.com",
  "o'brien+tag@example.com",
  "user!x@example.com",
  "a..b@example.com",
  "a@b.c",
  "a@example.123",
  "  padded@example.com  ",
];
const REFUSED = ["<a>@x.yz", "é@example.com", "a@b_c.com", "a@-x.com", "x@[1.2.3.4]", "a@b..com", "a@localhost", "plain", `${"a".repeat(EMAIL_MAX - 11)}@example.com`];

const blankRow = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, ""]));
const row = { ...blankRow, agentNumber: "100", blockNumber: "72", carrierCode: "miac", mgaCode: "hm1850", level: "2", firstName: "Jane", lastName: "Doe", uplineAgentNumber: "0000" };

/** Each form's verdict on one address: true when that form takes it. */
const forms: Record<string, (email: string) => boolean> = {
  "send invitation (email)": (e) => !inviteSchema.shape.email.safeParse(e).error,
  "send invitation (cc)": (e) => !inviteSchema.shape.ccEmail.safeParse(e).error,
  "Invite User": (e) => inviteUserSchema.safeParse({ emailAddress: e }).success,
  "apply mode / paper form": (e) => !paperAppointmentSchema({ ownEmail: "me@example.com", types: ["IND"] }).shape.email.safeParse(e).error,
  "provider (sign-up, sign-in, forgot)": (e) => forgotSchema.safeParse({ email: e }).success,
  "agents import": (e) => importRowSchema.safeParse({ ...row, email: e }).success,
  "communication preferences": (e) => categoryPreferenceSchema.safeParse({ emailOn: "on", emails: e }).success,
};

describe("one email rule", () => {
  for (const [form, takes] of Object.entries(forms)) {
    it(`${form}: takes the standard pattern's addresses`, () => {
      expect(ACCEPTED.filter((e) => !takes(e))).toEqual([]);
    });
    it(`${form}: refuses what the pattern refuses, and addresses over ${EMAIL_MAX} characters`, () => {
      expect(REFUSED.filter((e) => takes(e))).toEqual([]);
    });
  }

  it("an address of exactly EMAIL_MAX characters is taken", () => {
    const longest = `${"a".repeat(EMAIL_MAX - 12)}@example.com`;
    expect(longest.length).toBe(EMAIL_MAX);
    for (const [form, takes] of Object.entries(forms)) expect([form, takes(longest)]).toEqual([form, true]);
  });

  it("forms that identify a person store the address trimmed and lower-cased", () => {
    expect(inviteUserSchema.parse({ emailAddress: " Jane.Doe@Example.COM " }).emailAddress).toBe("jane.doe@example.com");
    expect(forgotSchema.parse({ email: " Jane.Doe@Example.COM " }).email).toBe("jane.doe@example.com");
  });
});
