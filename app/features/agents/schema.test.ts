// Spec part 3 §5 rules and messages of the agents screens, through their zod schemas.
import { describe, expect, it } from "vitest";
import { INVITE_USER_MESSAGES, SEARCH_MESSAGES } from "./messages";
import { inviteErrorTitle, inviteUserSchema, searchSchema } from "./schema";

describe("downline search (Search for What?)", () => {
  it.each([
    [{}],
    [{ lastName: "", firstName: "", agentNumber: "", companyName: "" }],
    [{ lastName: "   ", firstName: "\t", agentNumber: " ", companyName: "  " }],
  ])("refuses %j with 'Please enter some search criteria before searching.'", (input) => {
    const r = searchSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([SEARCH_MESSAGES.empty]);
    expect(SEARCH_MESSAGES.emptyTitle).toBe("Search for What?");
  });
  it.each(["lastName", "firstName", "agentNumber", "companyName"])("accepts %s alone, trimmed", (field) => {
    const r = searchSchema.parse({ [field]: "  smi  " });
    expect(r[field as keyof typeof r]).toBe("smi");
  });
  it("caps each field", () => {
    expect(searchSchema.parse({ lastName: "x".repeat(500) }).lastName).toHaveLength(60);
  });
});

describe("Invite User email", () => {
  const message = (v: unknown) => {
    const r = inviteUserSchema.safeParse({ emailAddress: v });
    return r.success ? null : r.error.issues[0]?.message;
  };
  it("is required: 'Email Address Is Required' / 'Please provide an Email Address'", () => {
    expect(message(undefined)).toBe(INVITE_USER_MESSAGES.required);
    expect(message("")).toBe(INVITE_USER_MESSAGES.required);
    expect(message("   ")).toBe(INVITE_USER_MESSAGES.required);
    expect(inviteErrorTitle(INVITE_USER_MESSAGES.required)).toBe("Email Address Is Required");
    expect(INVITE_USER_MESSAGES.required).toBe("Please provide an Email Address");
  });
  it.each(["agent", "agent@", "@example.com", "agent@localhost", "a b@example.com", "agent@example..com", `${"a".repeat(250)}@example.com`])(
    "refuses %s: 'Email Address Format Is Invalid' / 'Please provide a valid Email Address'",
    (v) => {
      expect(message(v)).toBe(INVITE_USER_MESSAGES.format);
      expect(inviteErrorTitle(INVITE_USER_MESSAGES.format)).toBe("Email Address Format Is Invalid");
    },
  );
  it("accepts a standard address, trimmed and lowercased", () => {
    expect(inviteUserSchema.parse({ emailAddress: "  New.Agent+1@Example.COM " }).emailAddress).toBe("new.agent+1@example.com");
  });
  it("keeps the spec's other texts", () => {
    expect(INVITE_USER_MESSAGES.fillOut).toBe("Please fill out this field.");
    expect(INVITE_USER_MESSAGES.success).toBe("Successfully Sent Out An Agent Invitation!");
    expect(INVITE_USER_MESSAGES.failure).toBe("Cannot send an Agent Invitation at this time...");
  });
});
