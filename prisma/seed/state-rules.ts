// The state rules' defaults (decision 0108) and their seed: one rule per US state, DC and
// territory of the fee catalogue (the foreign jurisdictions have none: nothing is filed there).
// Idempotent; a rule an administrator edited (edited_at set) is left as they set it, with its
// fees (seedReferenceDataWith skips those states' state_fees rows).
import type { Db } from "./factories";
import { STATES, stateFees } from "./reference-data";

/** The fee catalogue's entries that are not US jurisdictions. */
export const FOREIGN_JURISDICTIONS = new Set(["AA", "BC", "CN", "LT", "NB", "OC"]);

type Reason = { code: string; label: string; forCause: boolean };
export type StateRuleDefault = {
  stateCode: string;
  appointmentTiming: "PRE_APPOINTMENT" | "WITHIN_DAYS" | "JUST_IN_TIME";
  appointmentDays: number | null;
  terminationDays: number;
  terminationForCauseDays: number;
  producerCopyDays: number;
  forCauseElectronic: boolean;
  backdateMaxDays: number | null;
  countyAppointments: boolean;
  renewalResidentFeeAmount: string;
  renewalNonResidentFeeAmount: string;
  reasons: Reason[];
};

/** The portal's own codes where a state publishes none; the filing adapters (issue 37 item 4) map them. */
export const GENERIC_REASONS: Reason[] = [
  { code: "VOL", label: "Voluntary: the producer ended the appointment", forCause: false },
  { code: "COMP", label: "The company ended the appointment, not for cause", forCause: false },
  { code: "DEATH", label: "Death of the producer", forCause: false },
  { code: "CAUSE", label: "For cause", forCause: true },
];

/** Florida's eAppoint codes (TERMINATION_REASON_CD); the labels are ours, to check against the Department's layout. */
export const FLORIDA_REASONS: Reason[] = [
  { code: "AVFS", label: "Voluntary: the agent or the company ended the appointment", forCause: false },
  { code: "D", label: "Deceased", forCause: false },
  { code: "MOFL", label: "Moved out of Florida", forCause: false },
  { code: "NLRC", label: "No longer represents the company", forCause: false },
  { code: "CAUSE", label: "For cause (the reasons go in the notice to the Department)", forCause: true },
];

/** Spec part 2 'States & Fees': the pre-appointment states, whose fee is charged in advance. */
const PRE_APPOINTMENT = new Set(["PA", "MT"]);

export function stateRuleDefaults(): StateRuleDefault[] {
  const fees = new Map(stateFees().map((f) => [f.stateCode, f]));
  return STATES.filter(([code]) => !FOREIGN_JURISDICTIONS.has(code)).map(([code]) => {
    const fee = fees.get(code)!;
    return {
      stateCode: code,
      // Everywhere else the fee waits for the first business (spec part 2): appointed just in time,
      // within 15 days of the first application (the 'most states: within 15 days').
      appointmentTiming: PRE_APPOINTMENT.has(code) ? "PRE_APPOINTMENT" : "JUST_IN_TIME",
      appointmentDays: PRE_APPOINTMENT.has(code) ? null : 15,
      // NAIC Producer Licensing Model Act §14: notify within 30 days of the termination; a copy
      // of a for-cause notice to the producer within 15 days of notifying the commissioner.
      terminationDays: 30,
      terminationForCauseDays: 30,
      producerCopyDays: 15,
      // The safe side until the carrier knows better: for cause by letter, no backdating.
      forCauseElectronic: false,
      backdateMaxDays: null,
      countyAppointments: code === "FL",
      renewalResidentFeeAmount: fee.resident.toFixed(2),
      renewalNonResidentFeeAmount: fee.nonResident.toFixed(2),
      reasons: code === "FL" ? FLORIDA_REASONS : GENERIC_REASONS,
    };
  });
}

/** The states an administrator has edited: the seed leaves their rules and fees alone. */
export async function editedStateCodes(db: Db): Promise<Set<string>> {
  const rows = await db.stateRule.findMany({ where: { editedAt: { not: null } }, select: { stateCode: true } });
  return new Set(rows.map((r) => r.stateCode));
}

/** Writes the defaults of every state no administrator has edited (after the state fees exist). */
export async function seedStateRules(db: Db, edited: Set<string>): Promise<void> {
  const existing = new Map((await db.stateRule.findMany({ include: { terminationReasons: { orderBy: { sortOrder: "asc" } } } })).map((r) => [r.stateCode, r]));
  for (const d of stateRuleDefaults()) {
    if (edited.has(d.stateCode)) continue;
    const { reasons, ...rule } = d;
    const cur = existing.get(d.stateCode);
    const same =
      cur &&
      cur.appointmentTiming === rule.appointmentTiming &&
      cur.appointmentDays === rule.appointmentDays &&
      cur.terminationDays === rule.terminationDays &&
      cur.terminationForCauseDays === rule.terminationForCauseDays &&
      cur.producerCopyDays === rule.producerCopyDays &&
      cur.forCauseElectronic === rule.forCauseElectronic &&
      cur.backdateMaxDays === rule.backdateMaxDays &&
      cur.countyAppointments === rule.countyAppointments &&
      cur.renewalResidentFeeAmount.toFixed(2) === rule.renewalResidentFeeAmount &&
      cur.renewalNonResidentFeeAmount.toFixed(2) === rule.renewalNonResidentFeeAmount &&
      JSON.stringify(cur.terminationReasons.map((r) => [r.code, r.label, r.forCause])) === JSON.stringify(reasons.map((r) => [r.code, r.label, r.forCause]));
    if (same) continue;
    const { stateCode, ...data } = rule;
    await db.stateRule.upsert({ where: { stateCode }, create: rule, update: data });
    await db.stateTerminationReason.deleteMany({ where: { stateCode } });
    await db.stateTerminationReason.createMany({ data: reasons.map((r, i) => ({ stateCode, ...r, sortOrder: i + 1 })) });
  }
}
