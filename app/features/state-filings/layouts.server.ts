// The filing files' layouts (issue 37 item 4, decision 0112): what the file adapter writes for a
// period, from rows the adapter read (appointments) or was given (terminations, item 3).
//  - the generic CSV: every field of the filing, for any state's upload or the carrier's records;
//  - Florida's eAppoint upload (DFS eAppoint help, 'File Upload Format' and 'Appointment
//    Termination File Upload Format'): its headers as DFS gives them, dates MM/DD/YYYY, the SSN in
//    full; the only layout the SSN is decrypted into (decryptField, here only).
// Lines end CRLF, the last one too: RFC 4180's line break, and what a 'comma-delimited text file'
// saved for eAppoint on Windows has; tests/fixtures/state-filings/*.csv hold them byte for byte.
import type { Day, LineOfAuthority } from "~/features/licences/status";
import { openField } from "~/lib/crypto.server";

/** An appointment filing as the writers read it (from appointment_filings, its carrier and agent). */
export type AppointmentFilingRow = {
  filingId: string;
  npn: string;
  stateCode: string;
  licenceNumber: string | null;
  naicCompanyCode: string;
  lineOfAuthority: LineOfAuthority;
  effectiveDate: Day | null;
  feeAmount: string;
  dueDate: Day | null;
  /** The agent's SSN as stored (encryptField's value), opened only into Florida's file. */
  ssnEncrypted: string | null;
};

/**
 * A termination to file (item 3 builds them; the writers take them as given). Florida's fields
 * keep eAppoint's names; SSN is the stored (encrypted) value, opened only into Florida's file.
 */
export type TerminationFilingRow = {
  filingId: string;
  npn: string;
  stateCode: string;
  naicCompanyCode: string;
  lineOfAuthority: LineOfAuthority;
  LICENSE_NUM: string | null;
  SSN: string | null;
  /** floridaTycl(lineOfAuthority) for Florida. */
  TYCL: string;
  /** The state's reason code (state_termination_reasons: Florida's AVFS, D, MOFL, NLRC). */
  TERMINATION_REASON_CD: string;
  TERMINATION_DT: Day;
  /** S: a state appointment, C: a county one. */
  STATE_OR_COUNTY_CD: "S" | "C";
  /** A county appointment's county code (ALL: every county); blank for a state appointment. */
  APPOINTMENT_COUNTY: string | null;
};

export const FILING_LAYOUTS = ["GENERIC_APPOINTMENTS", "FL_APPOINTMENTS", "GENERIC_TERMINATIONS", "FL_TERMINATIONS"] as const;
export type FilingLayout = (typeof FILING_LAYOUTS)[number];

/** The state whose own layout is written; every other state's filings go in the generic file. */
export const EAPPOINT_STATE = "FL";

/**
 * Florida's appointment type class (TYCL) per line of authority: the DFS licence types 2-16 Life,
 * 2-40 Health and 2-14 Life including variable annuity (s. 626.015 and Rule 69B-211 F.A.C.), in
 * eAppoint's four digits (its help's example: 0220 for 2-20 General Lines). Confirm them against
 * the carrier's own eAppoint TYCL list before the first upload (decision 0112).
 */
export const FLORIDA_TYCL: Record<LineOfAuthority, string> = { LIFE: "0216", ACCIDENT_HEALTH: "0240", VARIABLE: "0214" };
export const floridaTycl = (line: LineOfAuthority): string => FLORIDA_TYCL[line];

const CRLF = "\r\n";

/** RFC 4180: quoted only when it holds a comma, a quote or a line break. */
function cell(v: string | null | undefined): string {
  const s = v ?? "";
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function csv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | null>>): string {
  return [header, ...rows].map((r) => r.map(cell).join(",") + CRLF).join("");
}

/** 'YYYY-MM-DD' as eAppoint's MM/DD/YYYY. */
export function floridaDate(day: Day | null): string {
  if (!day) return "";
  const [y, m, d] = day.split("-");
  return `${m}/${d}/${y}`;
}

/** Nine digits, as eAppoint takes an SSN or FEIN (the stored value may hold dashes). */
const ssnDigits = (sealed: string | null): string => (openField(sealed) ?? "").replace(/\D/g, "");

export const GENERIC_APPOINTMENT_HEADER = ["NPN", "STATE", "LICENSE_NUMBER", "NAIC_COMPANY_CODE", "LINE_OF_AUTHORITY", "EFFECTIVE_DATE", "FEE", "DUE_DATE", "FILING_ID"] as const;
export const FL_APPOINTMENT_HEADER = ["LICENSE_NUM", "SSN_FEIN", "TYCL", "SUPERVISOR_LICENSE_NUM", "APPOINTMENT_DT", "BUSINESS_LOCATION_COUNTY", "APPOINTMENT_COUNTY"] as const;
export const GENERIC_TERMINATION_HEADER = ["NPN", "STATE", "LICENSE_NUMBER", "NAIC_COMPANY_CODE", "LINE_OF_AUTHORITY", "TERMINATION_REASON", "TERMINATION_DATE", "FILING_ID"] as const;
export const FL_TERMINATION_HEADER = ["LICENSE_NUM", "SSN_FEIN", "TYCL", "TERMINATION_REASON_CD", "TERMINATION_DT", "STATE_OR_COUNTY_CD", "APPOINTMENT_COUNTY"] as const;

export function genericAppointmentsCsv(rows: readonly AppointmentFilingRow[]): string {
  return csv(
    GENERIC_APPOINTMENT_HEADER,
    rows.map((r) => [r.npn, r.stateCode, r.licenceNumber, r.naicCompanyCode, r.lineOfAuthority, r.effectiveDate, r.feeAmount, r.dueDate, r.filingId]),
  );
}

/**
 * State appointments only: the portal keeps no supervising licensee and no counties yet, so
 * SUPERVISOR_LICENSE_NUM, BUSINESS_LOCATION_COUNTY and APPOINTMENT_COUNTY stay empty (eAppoint
 * asks them only of the TYCLs and county appointments that need them).
 */
export function floridaAppointmentsCsv(rows: readonly AppointmentFilingRow[]): string {
  return csv(
    FL_APPOINTMENT_HEADER,
    rows.map((r) => [r.licenceNumber, ssnDigits(r.ssnEncrypted), floridaTycl(r.lineOfAuthority), null, floridaDate(r.effectiveDate), null, null]),
  );
}

export function genericTerminationsCsv(rows: readonly TerminationFilingRow[]): string {
  return csv(
    GENERIC_TERMINATION_HEADER,
    rows.map((r) => [r.npn, r.stateCode, r.LICENSE_NUM, r.naicCompanyCode, r.lineOfAuthority, r.TERMINATION_REASON_CD, r.TERMINATION_DT, r.filingId]),
  );
}

export function floridaTerminationsCsv(rows: readonly TerminationFilingRow[]): string {
  return csv(
    FL_TERMINATION_HEADER,
    rows.map((r) => [r.LICENSE_NUM, ssnDigits(r.SSN), r.TYCL, r.TERMINATION_REASON_CD, floridaDate(r.TERMINATION_DT), r.STATE_OR_COUNTY_CD, r.STATE_OR_COUNTY_CD === "S" ? null : r.APPOINTMENT_COUNTY]),
  );
}

/** The files of a period: Florida's filings in its eAppoint files, every other state's in the generic ones; empty layouts left out. */
export function filingFiles(appointments: readonly AppointmentFilingRow[], terminations: readonly TerminationFilingRow[]): Array<{ layout: FilingLayout; rows: number; text: string }> {
  const fl = appointments.filter((r) => r.stateCode === EAPPOINT_STATE);
  const other = appointments.filter((r) => r.stateCode !== EAPPOINT_STATE);
  const flT = terminations.filter((r) => r.stateCode === EAPPOINT_STATE);
  const otherT = terminations.filter((r) => r.stateCode !== EAPPOINT_STATE);
  const out: Array<{ layout: FilingLayout; rows: number; text: string }> = [];
  if (other.length) out.push({ layout: "GENERIC_APPOINTMENTS", rows: other.length, text: genericAppointmentsCsv(other) });
  if (fl.length) out.push({ layout: "FL_APPOINTMENTS", rows: fl.length, text: floridaAppointmentsCsv(fl) });
  if (otherT.length) out.push({ layout: "GENERIC_TERMINATIONS", rows: otherT.length, text: genericTerminationsCsv(otherT) });
  if (flT.length) out.push({ layout: "FL_TERMINATIONS", rows: flT.length, text: floridaTerminationsCsv(flT) });
  return out;
}
