// The fee of an appointment filing (issue 37 item 7, decision 0117), pure and client-safe: how it
// is paid and when it is charged, decided once when the filing is made (filings.server.ts), and the
// day it is charged, which the fee report (fee-report.server.ts) and the filing's screen read.
import { showsCreditCard, type TypeAndFlavour } from "~/features/appointment/model";
import type { Day } from "~/features/licences/status";
import type { FilingStatus } from "./due";
import type { AppointmentTiming } from "./schema";

/** CARD: the application's 'Pay Fees By Credit Card' block; COMMISSIONS: deducted from commissions. */
export const FEE_PAYERS = ["CARD", "COMMISSIONS"] as const;
export type FeePayer = (typeof FEE_PAYERS)[number];

/** FILING: a pre-appointment state charges when the appointment is filed; FIRST_BUSINESS: every other state. */
export const FEE_CHARGES = ["FILING", "FIRST_BUSINESS"] as const;
export type FeeCharge = (typeof FEE_CHARGES)[number];

export const FEE_PAYER_LABEL: Record<FeePayer, string> = { CARD: "Paid by credit card", COMMISSIONS: "Deducted from commissions" };
export const FEE_CHARGE_LABEL: Record<FeeCharge, string> = { FILING: "When filed (pre-appointment state)", FIRST_BUSINESS: "At the first business" };

/**
 * Spec part 2 'States & Fees': a type that shows the 'Pay Fees By Credit Card' block pays by card
 * when the block holds a card; every other application's fees are deducted from commissions.
 */
export function feePaidBy(type: TypeAndFlavour, cardGiven: boolean): FeePayer {
  return showsCreditCard(type) && cardGiven ? "CARD" : "COMMISSIONS";
}

/** 'Fees are not charged until the first piece of business is submitted in that state, except Pre-Appointment states.' */
export function feeChargedWhen(timing: AppointmentTiming): FeeCharge {
  return timing === "PRE_APPOINTMENT" ? "FILING" : "FIRST_BUSINESS";
}

/** Statuses that never charge: the state refused the appointment, or it was withdrawn. */
const UNCHARGED: readonly FilingStatus[] = ["REJECTED", "WITHDRAWN"];
/** A pre-appointment fee is charged once the filing is with the state. */
const FILED: readonly FilingStatus[] = ["FILED", "ACCEPTED"];

export type FeeFacts = { feeChargedWhen: FeeCharge; status: FilingStatus; filedDate: Day | null; firstBusinessDate: Day | null };

/**
 * The day the fee is charged, null while it is not: FILING, the day it was filed (FILED or
 * ACCEPTED); FIRST_BUSINESS, the first business recorded in the state (whatever the filing's
 * progress). A REJECTED or WITHDRAWN filing is not charged. chargedOnSql is the same rule in SQL.
 */
export function feeChargedOn(f: FeeFacts): Day | null {
  if (UNCHARGED.includes(f.status)) return null;
  if (f.feeChargedWhen === "FILING") return FILED.includes(f.status) ? f.filedDate : null;
  return f.firstBusinessDate;
}

const list = (xs: readonly string[]) => xs.map((x) => `'${x}'`).join(", ");

/** feeChargedOn of the filing `f` (an appointment_filings alias) as a SQL expression (a DATE or NULL). */
export function chargedOnSql(f: string): string {
  return `CASE WHEN ${f}.status IN (${list(UNCHARGED)}) THEN NULL
    WHEN ${f}.fee_charged_when = 'FILING' THEN CASE WHEN ${f}.status IN (${list(FILED)}) THEN ${f}.filed_date END
    ELSE ${f}.first_business_date END`;
}

/**
 * 'Charged in the period': feeChargedOn between `from` and `to`, both days included (SQL parameters
 * of type date). Written as two ranges so each can use its index (filed_date, first_business_date).
 */
export function chargedInPeriodSql(f: string, from: string, to: string): string {
  return `((${f}.fee_charged_when = 'FILING' AND ${f}.status IN (${list(FILED)}) AND ${f}.filed_date BETWEEN ${from} AND ${to})
    OR (${f}.fee_charged_when = 'FIRST_BUSINESS' AND ${f}.status NOT IN (${list(UNCHARGED)}) AND ${f}.first_business_date BETWEEN ${from} AND ${to}))`;
}
