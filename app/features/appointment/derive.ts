// Derived data of the application (spec part 2 §4 "Derived data"), pure and
// shared by the browser and the server.
import { normalizeEmail } from "~/lib/email-address";
import { isCorporateType, type AppointmentTypeCode } from "./model";
import { isMasked } from "./codes";
import { type AddressForm, type PersonalForm } from "./form-data";

/** Strips formatting: keeps the digits only ('(555) 123-4567' → '5551234567'). */
export function digitsOnly(value: string | null | undefined): string {
  return (value ?? "").replace(/\D/g, "");
}

/**
 * Strips formatting characters (spaces, '-', '(', ')', '.', '/', '+') and keeps
 * anything else, so a letter typed into a numeric field is still caught.
 */
export function stripFormatting(value: string | null | undefined): string {
  return (value ?? "").replace(/[\s\-().\/+]/g, "");
}

/**
 * Strips formatting (see stripFormatting) from a sensitive numeric value unless it is a mask
 * ('*****6789' is kept as it is: it means "keep the stored value").
 */
export function digitsOrMask(value: string | null | undefined): string {
  const v = (value ?? "").trim();
  return isMasked(v) ? v : stripFormatting(v);
}

/** Upper-cases the first letter of each word and keeps the rest ('mary ann' → 'Mary Ann', 'mcDonald' → 'McDonald'). */
export function capitalise(value: string | null | undefined): string {
  return (value ?? "")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

/**
 * The agent name stored for the commission and agreement signatures: first
 * name, middle initial and last name, capitalised ('john', 'quincy', 'public'
 * → 'John Q Public'; no middle name → 'John Public').
 */
export function agentName(first: string | null | undefined, middle: string | null | undefined, last: string | null | undefined): string {
  const initial = (middle ?? "").trim().charAt(0).toUpperCase();
  return [capitalise(first), initial, capitalise(last)].filter(Boolean).join(" ");
}

/** The W-9 name: first, middle and last name combined, capitalised like the agent name ('jay quincy tester-smith' → 'Jay Quincy Tester-smith'). */
export function w9Name(first: string | null | undefined, middle: string | null | undefined, last: string | null | undefined): string {
  return [first, middle, last].map(capitalise).filter(Boolean).join(" ");
}

/** Email is lowercased (and trimmed) on change: the portal's one normalisation (~/lib/email). */
export { normalizeEmail };

/** Same-as-mailing: the business address becomes a copy of the home address. */
export function copyHomeToBusiness(home: AddressForm | undefined): AddressForm {
  const h = home ?? {};
  return { address1: h.address1, address2: h.address2, city: h.city, stateCode: h.stateCode, zipCode: h.zipCode };
}

/**
 * Applies the derived rules to a posted personal section: lowercased email;
 * with sameAsMailing the business address copies the home address; for
 * corporate types (CORP, VB_CORP, BOTH) the employer id mirrors the business
 * tax id and the W-9 business name mirrors the business name. The business
 * block is the source; when it is empty the W-9 value is copied back.
 */
export function applyPersonalDerivations(p: PersonalForm, appointmentTypeCode: AppointmentTypeCode): PersonalForm {
  const out: PersonalForm = { ...p, apptIRSInfo: { ...(p.apptIRSInfo ?? {}) } };
  if (out.emailAddress !== undefined) out.emailAddress = normalizeEmail(out.emailAddress);
  if (out.sameAsMailing) out.business = copyHomeToBusiness(out.home);
  if (isCorporateType(appointmentTypeCode)) {
    const irs = out.apptIRSInfo!;
    if (out.businessTaxID) irs.employerIdNumber = out.businessTaxID;
    else if (irs.employerIdNumber) out.businessTaxID = irs.employerIdNumber;
    if (out.businessName) irs.businessName = out.businessName;
    else if (irs.businessName) out.businessName = irs.businessName;
  }
  return out;
}

type Amount = number | string | { toString(): string };
const toNumber = (a: Amount | null | undefined) => (a == null ? 0 : Number(typeof a === "number" ? a : a.toString()));

/**
 * The fee for a chosen state: the resident amount when the state is the
 * applicant's resident state, otherwise the non-resident amount.
 */
export function stateFeeAmount(
  stateFee: { stateCode: string; residentFeeAmount: Amount; nonResidentFeeAmount: Amount },
  residentStateCode: string | null | undefined,
): number {
  const resident = !!residentStateCode && stateFee.stateCode.toUpperCase() === residentStateCode.trim().toUpperCase();
  return toNumber(resident ? stateFee.residentFeeAmount : stateFee.nonResidentFeeAmount);
}

/** The total of the chosen states' feeAmount, rounded to cents. */
export function totalFees(states: ReadonlyArray<{ feeAmount: Amount }>): number {
  const cents = states.reduce((sum, s) => sum + Math.round(toNumber(s.feeAmount) * 100), 0);
  return cents / 100;
}

/** '$15.00' */
export function formatMoney(amount: Amount): string {
  return `$${toNumber(amount).toFixed(2)}`;
}

/**
 * A routing number is valid when it has exactly 9 digits, does not start with
 * 5, and the sum of its digits weighted 7, 3, 9 (repeating) is divisible by 10.
 */
export function routingNumberValid(value: string | null | undefined): boolean {
  const n = value ?? "";
  if (!/^\d{9}$/.test(n) || n[0] === "5") return false;
  const weights = [7, 3, 9];
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(n[i]) * weights[i % 3];
  return sum % 10 === 0;
}

/** Parses a strict calendar date 'YYYY-MM-DD' (UTC midnight); null when not a real date. */
export function parseIsoDate(value: string | null | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec((value ?? "").trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date;
}

/** A date value as the form shows it (YYYY-MM-DD, UTC). */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** True when the date 'YYYY-MM-DD' is a real date earlier than now. */
export function isBeforeNow(value: string | null | undefined, now: Date): boolean {
  const d = parseIsoDate(value);
  return d !== null && d.getTime() < now.getTime();
}
