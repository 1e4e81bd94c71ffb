// The appointment filing's own rules (issue 37 item 2, decision 0109), pure and client-safe: its
// statuses, its due date from the state's rule, and the lines of authority a position is appointed
// for. The licence rules stay in licences/status.ts (licenceProblem decides a hold).
import { hasLine, LINES_OF_AUTHORITY, type Day, type LicenceFacts, type LineOfAuthority } from "~/features/licences/status";
import { addDays } from "~/lib/days";
import type { AppointmentTiming } from "./schema";

export const FILING_STATUSES = ["TO_FILE", "FILED", "ACCEPTED", "REJECTED", "WITHDRAWN", "HELD"] as const;
export type FilingStatus = (typeof FILING_STATUSES)[number];

/** Not yet with the state: a licence that lapses holds these, and a good one releases them. */
export const OPEN_FILING_STATUSES = ["TO_FILE", "HELD"] as const satisfies readonly FilingStatus[];

export { addDays };

/**
 * How far ahead of its due date the filing job files an appointment (decision 0115): the daily
 * notices' first stage (NOTICE_DAYS_BEFORE, filing-notices.server.ts), so what an administrator is
 * told is due within 5 days is filed that morning.
 */
export const FILING_LEAD_DAYS = 5;

/**
 * When the appointment is due with the state: PRE_APPOINTMENT on the contract day (before any
 * business), WITHIN_DAYS N days after it, JUST_IN_TIME N days after the first business (null
 * until it is recorded). The contract day is the approval's, or the day a state was added.
 */
export function appointmentDueDate(
  rule: { appointmentTiming: AppointmentTiming; appointmentDays: number | null },
  contractDay: Day,
  firstBusinessDay: Day | null,
): Day | null {
  switch (rule.appointmentTiming) {
    case "PRE_APPOINTMENT":
      return contractDay;
    case "WITHIN_DAYS":
      return addDays(contractDay, rule.appointmentDays ?? 0);
    case "JUST_IN_TIME":
      return firstBusinessDay ? addDays(firstBusinessDay, rule.appointmentDays ?? 0) : null;
  }
}

/**
 * The lines of authority a position is appointed for in a state: its product's line when the
 * product names one (a Life position is not appointed for Accident & Health); else every line the
 * state's licence carries (none without a licence: nothing tells which line to hold).
 */
export function filingLines(productLine: LineOfAuthority | null, licence: Pick<LicenceFacts, "loaLife" | "loaAccidentHealth" | "loaVariable"> | undefined): LineOfAuthority[] {
  if (productLine) return [productLine];
  return licence ? LINES_OF_AUTHORITY.filter((l) => hasLine(licence, l)) : [];
}
