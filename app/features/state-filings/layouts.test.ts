// The filing files' layouts byte for byte (decision 0112) against tests/fixtures/state-filings/
// (CRLF line ends): the generic CSV and Florida's eAppoint appointments and terminations, the SSN
// opened only into Florida's, a comma in a value quoted, each state's filings in one file only.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encryptField } from "~/lib/crypto.server";
import { resetEnvCache } from "~/lib/env.server";
import {
  filingFiles,
  floridaAppointmentsCsv,
  floridaTerminationsCsv,
  floridaTycl,
  genericAppointmentsCsv,
  genericTerminationsCsv,
  type AppointmentFilingRow,
  type TerminationFilingRow,
} from "./layouts.server";

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../../../tests/fixtures/state-filings", name), "utf8");
const saved = process.env.ENCRYPTION_KEY;
beforeAll(() => {
  process.env.ENCRYPTION_KEY = randomBytes(32).toString("base64");
  resetEnvCache();
});
afterAll(() => {
  if (saved === undefined) delete process.env.ENCRYPTION_KEY;
  else process.env.ENCRYPTION_KEY = saved;
  resetEnvCache();
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const appointment = (over: Partial<AppointmentFilingRow>): AppointmentFilingRow => ({
  filingId: id(1),
  npn: "7001001",
  stateCode: "NY",
  licenceNumber: "NY-LH-1",
  naicCompanyCode: "99101",
  lineOfAuthority: "ACCIDENT_HEALTH",
  effectiveDate: "2026-12-01",
  feeAmount: "40.00",
  dueDate: "2026-12-11",
  ssnEncrypted: null,
  ...over,
});
const termination = (over: Partial<TerminationFilingRow>): TerminationFilingRow => ({
  filingId: id(11),
  npn: "7001001",
  stateCode: "NY",
  naicCompanyCode: "99101",
  lineOfAuthority: "ACCIDENT_HEALTH",
  LICENSE_NUM: "NY-LH-1",
  SSN: null,
  TYCL: "",
  TERMINATION_REASON_CD: "NLRC",
  TERMINATION_DT: "2026-11-30",
  STATE_OR_COUNTY_CD: "S",
  APPOINTMENT_COUNTY: null,
  ...over,
});

describe("the filing files' layouts", () => {
  it("the generic appointments CSV: every field, CRLF, a comma quoted, no SSN", () => {
    const rows = [
      appointment({ ssnEncrypted: encryptField("111-22-3333") }),
      appointment({ filingId: id(2), npn: "7001002", stateCode: "TX", licenceNumber: "TX,2", lineOfAuthority: "LIFE", effectiveDate: null, feeAmount: "15.00", dueDate: null }),
    ];
    const text = genericAppointmentsCsv(rows);
    expect(text).toBe(fixture("generic-appointments.csv"));
    expect(text).not.toContain("111223333");
  });

  it("Florida's eAppoint appointments: its header, the SSN opened as nine digits, TYCL per line, MM/DD/YYYY", () => {
    const ssn = encryptField("111-22-3333");
    const rows = [
      appointment({ stateCode: "FL", licenceNumber: "A123456", ssnEncrypted: ssn }),
      appointment({ filingId: id(3), stateCode: "FL", licenceNumber: "A123456", lineOfAuthority: "LIFE", ssnEncrypted: ssn }),
      appointment({ filingId: id(4), stateCode: "FL", licenceNumber: "W765432", lineOfAuthority: "VARIABLE", effectiveDate: "2026-12-02" }),
    ];
    expect(floridaAppointmentsCsv(rows)).toBe(fixture("fl-appointments.csv"));
  });

  it("the terminations: generic and Florida's (a county appointment names its county, a state one leaves it blank)", () => {
    expect(genericTerminationsCsv([termination({})])).toBe(fixture("generic-terminations.csv"));
    const fl = [
      termination({ stateCode: "FL", LICENSE_NUM: "A123456", SSN: encryptField("111223333"), TYCL: floridaTycl("ACCIDENT_HEALTH"), TERMINATION_REASON_CD: "MOFL", APPOINTMENT_COUNTY: "ALL" }),
      termination({ filingId: id(12), stateCode: "FL", LICENSE_NUM: "W765432", SSN: encryptField("222-33-4444"), lineOfAuthority: "LIFE", TYCL: floridaTycl("LIFE"), TERMINATION_DT: "2026-12-01", STATE_OR_COUNTY_CD: "C", APPOINTMENT_COUNTY: "ALL" }),
    ];
    expect(floridaTerminationsCsv(fl)).toBe(fixture("fl-terminations.csv"));
  });

  it("a period's files: Florida's filings in its eAppoint files only, the others in the generic ones, empty layouts left out", () => {
    const files = filingFiles([appointment({}), appointment({ filingId: id(5), stateCode: "FL", licenceNumber: "A1" })], [termination({ stateCode: "FL", TYCL: "0240" })]);
    expect(files.map((f) => [f.layout, f.rows])).toEqual([
      ["GENERIC_APPOINTMENTS", 1],
      ["FL_APPOINTMENTS", 1],
      ["FL_TERMINATIONS", 1],
    ]);
    expect(files[0]!.text).not.toContain(id(5));
    expect(filingFiles([], [])).toEqual([]);
  });
});
