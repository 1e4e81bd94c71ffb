// The building blocks of the section rules (rules/*.ts): how an issue is
// added (draft saves report only what is wrong with values that are there),
// the text, digit, choice, signature, checkbox and address checks, the shapes
// that cap every text field (maxLength reaches the inputs), and the
// normalising helpers.
import { z } from "zod";
import { stripFormatting, digitsOrMask } from "../derive";
import { isMasked } from "../codes";
import { type AddressForm, type ValidationContext } from "../form-data";
import { LIMITS, MESSAGES, digitsExactly, lengthBetween, numeric, required } from "../messages";

export type Path = Array<string | number>;

/**
 * Extra data on an issue, read by completion.ts: `summary` replaces the
 * message in the deficiency list; `listed: false` keeps an issue out of the
 * list (it still counts); `checks` is how many failed checks it stands for
 * (default 1); `missing` marks a "something is not there yet" issue on a
 * path that holds a value (a draft does not report it).
 */
export type IssueParams = { summary?: string; listed?: boolean; checks?: number; missing?: boolean };

export type Add = (path: Path, message: string, params?: IssueParams) => void;

export function adder(zctx: z.RefinementCtx, draftOf?: unknown): Add {
  return (path, message, params) => {
    // A draft (save) reports only what is wrong with values that are there.
    if (draftOf !== undefined && (params?.missing || isEmptyAt(draftOf, path))) return;
    zctx.addIssue({ code: "custom", path, message, ...(params ? { params } : {}) });
  };
}

/** Nothing at the path: absent, blank, false, or an empty list. */
export function isEmptyAt(root: unknown, path: Path): boolean {
  let v: unknown = root;
  for (const key of path) {
    if (v === null || typeof v !== "object") return true;
    v = (v as Record<string | number, unknown>)[key];
  }
  return v === undefined || v === null || v === false || (typeof v === "string" && v.trim() === "") || (Array.isArray(v) && v.length === 0);
}

export const draft = (ctx: ValidationContext, v: unknown) => (ctx.mode === "draft" ? v : undefined);

export const str = () => z.string().optional();
export const bool = () => z.boolean().optional();

export const present = (v: string | undefined): v is string => v !== undefined && v.trim() !== "";
export const trimOrUndef = (v: string | undefined) => (v === undefined ? undefined : v.trim() === "" ? undefined : v.trim());

/** A text field's label and length limits: the shape caps it (maxLength reaches the input), the rule checks the rest. */
export type TextSpec = { label: string; min: number; max: number };
export const spec = (label: string, min: number, max: number): TextSpec => ({ label, min, max });
/**
 * A string of at most `max` characters with the rule's own message. zod 4.6 no longer records the
 * maximum where conform's getZodConstraint reads it (`_zod.bag.maximum`), so it is set here: the
 * limit then reaches the input as maxLength.
 */
export function maxString(max: number, message: string) {
  const s = z.string().max(max, message);
  s._zod.bag.maximum = max;
  return s.optional();
}
/** The shape of a text field: at most `max` characters, with the rule's own message. */
export const capped = (t: TextSpec) => maxString(t.max, lengthBetween(t.label, t.min, t.max));
/** The shape of a typed signature: at most 200 characters. */
export const signed = () => maxString(LIMITS.signature.max, MESSAGES.signatureLength);

/** The text fields of the sections (spec §5 limits). */
export const T = {
  firstName: spec("First Name", 2, 50),
  middleName: spec("Middle Name", 1, 50),
  lastName: spec("Last Name", 2, 50),
  driverLicenseNumber: spec("Driver License Number", 1, 25),
  nationalProducerNumber: spec("NPN", 1, 25),
  residentStateInsuranceLicenseNumber: spec("License Number", 1, 25),
  businessName: spec("Business Name", 1, 40),
  qnaComment: spec("Comment", 1, LIMITS.qnaComment.max),
  w9Name: spec("Name (on W-9)", 2, 100),
  w9BusinessName: spec("Business Name (on W-9)", 2, 100),
  w9Other: spec("Other Type Of Business", 2, 100),
  bankName: spec("Bank Name", 2, 100),
  accountName: spec("Account Name", 2, 100),
  agentAgencyName: spec("Agent/Agency Name", 2, 100),
  assignAddress1: spec("Assignee Address", 2, 100),
  assignAddress2: spec("Assignee Address Line 2", 1, 100),
  assignCity: spec("Assignee City", 2, 100),
  assignZip: spec("Assignee Zip", 5, 15),
  nameonCard: spec("Name on Card", 2, 150),
  billingAddress: spec("Billing Address", 2, 150),
  billingCity: spec("Billing City", 2, 150),
  billingState: spec("Billing State", 2, 150),
  billingZip: spec("Billing Zip", 2, 150),
} as const;
export const addressSpecs = (labelPrefix: string) => ({
  address1: spec(`${labelPrefix} Address`, 2, 100),
  address2: spec(`${labelPrefix} Address Line 2`, 1, 100),
  city: spec(`${labelPrefix} City`, 2, 100),
});

/** Text rule: required (when asked) and at least `min` characters (the shape caps the maximum). */
export function text(add: Add, path: Path, value: string | undefined, t: TextSpec, o: { required?: boolean; requiredMessage?: string } = {}) {
  if (!present(value)) {
    if (o.required) add(path, o.requiredMessage ?? required(t.label));
    return;
  }
  if (value.length < t.min) add(path, lengthBetween(t.label, t.min, t.max));
}

/** Exactly n digits (formatting already stripped); a mask passes when a value is stored. */
export function digits(add: Add, path: Path, value: string | undefined, label: string, n: number, o: { required?: boolean; stored?: boolean; message?: string } = {}) {
  if (!present(value)) {
    if (o.required) add(path, required(label));
    return;
  }
  if (isMasked(value)) {
    if (!o.stored) add(path, o.message ?? digitsExactly(label, n));
    return;
  }
  if (!/^\d+$/.test(value)) add(path, o.message ?? numeric(label));
  else if (value.length !== n) add(path, o.message ?? digitsExactly(label, n));
}

export function oneOf(add: Add, path: Path, value: string | undefined, allowed: readonly string[], message: string) {
  if (!present(value) || !allowed.includes(value)) add(path, message);
}

/** A typed signature is required (the shape caps its length). */
export function signature(add: Add, path: Path, value: string | undefined, missing: string, params?: IssueParams) {
  if (!present(value)) add(path, missing, params);
}

/**
 * An acknowledgement box must be ticked. Unticked is 'not there yet' (the
 * normalised 'N' is not a wrong value): a draft save does not report it, so
 * a section saves with some boxes still unticked (the page prefills the
 * signer's name, so an untouched SAVE posts a name and no box); the complete
 * rules (submit, the deficiency list) still want every box.
 */
export function checkbox(add: Add, path: Path, value: string | undefined, missing: string) {
  if (value !== "Y") add(path, missing, { missing: true });
}

export function address(add: Add, prefix: string, a: AddressForm | undefined, labelPrefix: string) {
  const v = a ?? {};
  const t = addressSpecs(labelPrefix);
  text(add, [prefix, "address1"], v.address1, t.address1, { required: true });
  text(add, [prefix, "address2"], v.address2, t.address2);
  text(add, [prefix, "city"], v.city, t.city, { required: true });
  if (!present(v.stateCode)) add([prefix, "stateCode"], required(`${labelPrefix} State`));
  else if (v.stateCode.length !== 2) add([prefix, "stateCode"], `${labelPrefix} State must be 2 letters`);
  if (!present(v.zipCode)) add([prefix, "zipCode"], required(`${labelPrefix} Zip Code`));
  else if (!/^\d{5,10}$/.test(v.zipCode)) add([prefix, "zipCode"], `${labelPrefix} Zip Code must be 5 to 10 digits`);
}

// ---------------------------------------------------------------- normalising

export const addressShape = (labelPrefix: string) => {
  const t = addressSpecs(labelPrefix);
  return z.object({ address1: capped(t.address1), address2: capped(t.address2), city: capped(t.city), stateCode: str(), zipCode: str() });
};

export function normAddress(a: AddressForm | undefined): AddressForm | undefined {
  if (!a) return a;
  return {
    address1: trimOrUndef(a.address1),
    address2: trimOrUndef(a.address2),
    city: trimOrUndef(a.city),
    stateCode: trimOrUndef(a.stateCode)?.toUpperCase(),
    zipCode: trimOrUndef(a.zipCode)?.replace(/[\s-]/g, ""),
  };
}

/** Raw input as an object (conform posts nothing for an empty form). */
export const asObject = <T>(v: unknown): T => (typeof v === "object" && v !== null ? (v as T) : ({} as T));
/** A value conform may post as one string or as a list. */
export const asList = (v: unknown): string[] | undefined =>
  v === undefined || v === null ? undefined : (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === "string");

export const num = (v: string | undefined) => trimOrUndef(v === undefined ? undefined : digitsOrMask(v));
export const phone = (v: string | undefined) => trimOrUndef(v === undefined ? undefined : stripFormatting(v));
