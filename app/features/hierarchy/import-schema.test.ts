// One CSV row on its own (decision 0032): required fields, formats, the
// status/terminatedDate rules, and what a good row becomes.
import { describe, expect, it } from "vitest";
import { TERMINATION_MESSAGES } from "~/features/state-filings/terminations";
import { IMPORT_MESSAGES as M } from "./import-messages";
import { IMPORT_COLUMNS, importRowSchema, parseImportDate } from "./import-schema";

const blank = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, ""])) as Record<(typeof IMPORT_COLUMNS)[number], string>;
const row = (over: Partial<typeof blank>) => ({
  ...blank,
  agentNumber: "100",
  blockNumber: "72",
  carrierCode: "miac",
  mgaCode: "hm1850",
  level: "2",
  firstName: " Jane ",
  lastName: "Doe",
  uplineAgentNumber: "0000",
  ...over,
});
const messages = (over: Partial<typeof blank>) => {
  const r = importRowSchema.safeParse(row(over));
  return r.success ? [] : r.error.issues.map((i) => `${String(i.path[0] ?? "")}: ${i.message}`);
};

describe("importRowSchema", () => {
  it("turns a good row into the agent's values", () => {
    expect(importRowSchema.parse(row({ email: "Jane@Example.COM", phone: "(303) 555-0101", terminatedDate: "3/5/2026" }))).toEqual({
      agentNumber: "100",
      companyNumber: null,
      blockNumber: 72,
      carrierCode: "MIAC",
      mgaCode: "HM1850",
      level: 2,
      firstName: "Jane",
      middleName: null,
      lastName: "Doe",
      companyName: null,
      upline: null,
      email: "jane@example.com",
      phone: "3035550101",
      isActive: false,
      activeDate: null,
      terminatedDate: "2026-03-05",
      terminationReason: null,
      agentType: "I",
    });
    // The deactivation's reason (decision 0111): one code or one per state; its states are checked against the database.
    expect(importRowSchema.parse(row({ terminatedDate: "3/5/2026", terminationReason: "fl:avfs;TX:VOL" })).terminationReason).toEqual({ kind: "byState", codes: { FL: "AVFS", TX: "VOL" } });
    expect(messages({ terminationReason: "FL AVFS" })).toEqual([`terminationReason: ${TERMINATION_MESSAGES.reasonFormat}`]);
    expect(importRowSchema.parse(row({ firstName: "", lastName: "", companyName: "Acme LLC", uplineAgentNumber: "77" }))).toMatchObject({ agentType: "C", upline: "77", isActive: true });
  });

  it("names each bad field", () => {
    expect(messages({ agentNumber: "" })).toEqual([`agentNumber: ${M.required}`]);
    expect(messages({ agentNumber: "0000" })).toEqual([`agentNumber: ${M.agentNumber}`]);
    expect(messages({ blockNumber: "7x" })).toEqual([`blockNumber: ${M.blockNumber}`]);
    expect(messages({ level: "18" })).toEqual([`level: ${M.level}`]);
    expect(messages({ email: "nope" })).toEqual([`email: ${M.email}`]);
    expect(messages({ phone: "555-0101" })).toEqual([`phone: ${M.phone}`]);
    expect(messages({ status: "gone" })).toEqual([`status: ${M.status}`]);
    expect(messages({ firstName: "", companyName: "" })).toEqual([`lastName: ${M.nameOrCompany}`]);
    expect(messages({ status: "TERMINATED" })).toEqual([`terminatedDate: ${M.terminatedNeedsDate}`]);
    expect(messages({ status: "ACTIVE", terminatedDate: "2026-01-01" })).toEqual([`terminatedDate: ${M.activeWithDate}`]);
    expect(messages({ activeDate: "2026-02-01", terminatedDate: "2026-01-01" })).toEqual([`activeDate: ${M.activeAfterTerminated}`]);
    expect(messages({ uplineAgentNumber: "100" })).toEqual([`uplineAgentNumber: ${M.selfUpline}`]);
    expect(messages({ lastName: "x".repeat(51) })).toEqual([`lastName: ${M.tooLong(50)}`]);
  });

  it("reads YYYY-MM-DD and MM/DD/YYYY calendar dates only", () => {
    expect(parseImportDate("2026-02-28")).toBe("2026-02-28");
    expect(parseImportDate("12/31/2025")).toBe("2025-12-31");
    expect(parseImportDate("")).toBeNull();
    expect(parseImportDate("2026-02-30")).toBeUndefined();
    expect(parseImportDate("31/12/2025")).toBeUndefined();
    expect(parseImportDate("yesterday")).toBeUndefined();
  });
});
