// Sensitive values of the application (SSN, tax ids, EIN, bank numbers, card
// number): encrypted at rest with sealField, shown only as masks
// ('*****6789'). The card's CVC is not one of them: it is never stored nor
// given back (NEVER_ECHOED; decision 0087). What a posted value means
// (docs/decisions/0015-application-save-path.md):
//   absent or blank  → keep the stored value (nothing is cleared by omission);
//   the mask         → keep the stored value;
//   a new full value → replace it (after the section's rules accepted it).
// A stored value is cleared only by an explicit action: another remittance
// type drops the bank details, a type without a card drops the card.
// Every answer that stays on the page (a refused save, 'I agree', a state
// added) gives back a number typed in that very post as it was typed, so
// that nothing typed is dropped silently (decision 0051: in that answer only,
// never stored, logged or put in a URL); every other sensitive input shows the
// stored mask, never a blank where a value is stored.
import { parse } from "@conform-to/dom";
import type { SubmissionResult } from "@conform-to/react";
import { decryptField, maskLast4, sealField } from "~/lib/crypto.server";
import { prisma } from "~/lib/db.server";
import { isMasked } from "./codes";
import { type StoredSensitive } from "./form-data";

/** Input names that carry sensitive values. */
export const SENSITIVE_FIELDS = [
  "ssn",
  "businessTaxID",
  "apptIRSInfo.employerIdNumber",
  "bankInfo.accountNumber",
  "bankInfo.routingNumber",
  "commissionRemitAssign.ssnTaxID",
  "ccInfo.cardNumber",
] as const;
export type SensitiveField = (typeof SENSITIVE_FIELDS)[number];

/**
 * Inputs whose value no answer ever carries, not even one typed in that very post: the card's CVC
 * (PCI DSS 4.0 req. 3.3.1, decision 0087). The input always comes back empty.
 */
export const NEVER_ECHOED = ["ccInfo.cvcNumber"] as const;

/** What conform's reply must leave out of its initial value (hideFields). */
export const HIDDEN_FIELDS: readonly string[] = [...SENSITIVE_FIELDS, ...NEVER_ECHOED];

type Encrypted = string | null | undefined;

/** The sensitive columns of an application (a subset of the full record). */
export type SensitiveColumns = {
  personal?: { ssnEncrypted: Encrypted; ssnLast4: Encrypted; businessTaxIdEncrypted: Encrypted; businessTaxIdLast4: Encrypted } | null;
  bankInfo?: { accountNumberEncrypted: Encrypted; accountNumberLast4: Encrypted; routingNumberEncrypted: Encrypted; routingNumberLast4: Encrypted } | null;
  cardInfo?: { cardNumberEncrypted: Encrypted; cardLast4: Encrypted } | null;
  commissionRemitAssign?: { ssnTaxIdEncrypted: Encrypted; ssnTaxIdLast4: Encrypted } | null;
  irsInfo?: { employerIdNumberEncrypted: Encrypted; employerIdNumberLast4: Encrypted } | null;
};

const maskOf = (last4: Encrypted, encrypted: Encrypted) => (encrypted ? maskLast4(last4) || undefined : undefined);

/** The masks the forms show for the stored values (undefined where nothing is stored). */
export function storedMasks(a: SensitiveColumns): Record<SensitiveField, string | undefined> {
  return {
    ssn: maskOf(a.personal?.ssnLast4, a.personal?.ssnEncrypted),
    businessTaxID: maskOf(a.personal?.businessTaxIdLast4, a.personal?.businessTaxIdEncrypted),
    "apptIRSInfo.employerIdNumber": maskOf(a.irsInfo?.employerIdNumberLast4, a.irsInfo?.employerIdNumberEncrypted),
    "bankInfo.accountNumber": maskOf(a.bankInfo?.accountNumberLast4, a.bankInfo?.accountNumberEncrypted),
    "bankInfo.routingNumber": maskOf(a.bankInfo?.routingNumberLast4, a.bankInfo?.routingNumberEncrypted),
    "commissionRemitAssign.ssnTaxID": maskOf(a.commissionRemitAssign?.ssnTaxIdLast4, a.commissionRemitAssign?.ssnTaxIdEncrypted),
    "ccInfo.cardNumber": maskOf(a.cardInfo?.cardLast4, a.cardInfo?.cardNumberEncrypted),
  };
}

/** Which sensitive values are stored (a posted mask then means "keep"). */
export function storedOf(a: SensitiveColumns): StoredSensitive {
  return {
    ssn: !!a.personal?.ssnEncrypted,
    businessTaxID: !!a.personal?.businessTaxIdEncrypted,
    accountNumber: !!a.bankInfo?.accountNumberEncrypted,
    routingNumber: !!a.bankInfo?.routingNumberEncrypted,
    cardNumber: !!a.cardInfo?.cardNumberEncrypted,
    ssnTaxID: !!a.commissionRemitAssign?.ssnTaxIdEncrypted,
    employerIdNumber: !!a.irsInfo?.employerIdNumberEncrypted,
  };
}

/** A posted sensitive value against the stored one: keep it, or set a new plain value. */
export type Resolved = { kind: "keep" } | { kind: "set"; plain: string };

export function resolveSensitive(posted: string | undefined): Resolved {
  if (posted == null || posted.trim() === "" || isMasked(posted)) return { kind: "keep" };
  return { kind: "set", plain: posted };
}

/** The plain value behind a resolution (decrypting the stored one when kept). */
export function plainOf(r: Resolved, storedEncrypted: Encrypted): string | null {
  if (r.kind === "set") return r.plain;
  return storedEncrypted ? decryptField(storedEncrypted) : null;
}

/** Columns for a resolved sensitive value (undefined: leave as stored). */
export function sealed(r: Resolved): { encrypted: string | null; last4: string | null } | undefined {
  return r.kind === "set" ? sealField(r.plain) : undefined;
}

function setPath(root: Record<string, unknown>, name: string, value: string | undefined) {
  const keys = name.split(".");
  let node = root;
  for (const k of keys.slice(0, -1)) {
    const next = node[k];
    if (next === undefined || next === null || typeof next !== "object") {
      if (value === undefined) return;
      node[k] = {};
    }
    node = node[k] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]] = value;
}

/** A new number typed in the post (not blank, not a mask), as typed; undefined otherwise. */
function typedIn(posted: FormData | undefined, name: SensitiveField): string | undefined {
  const value = posted?.get(name);
  return typeof value === "string" && resolveSensitive(value).kind === "set" ? value : undefined;
}

/**
 * A reply whose sensitive inputs show what this post typed in them (`posted`,
 * the form as the browser sent it) or else the stored masks: a stored value is
 * never shown blank (a blank posted back would otherwise look like an erase),
 * and a number typed but not saved is not replaced by the old mask (the next
 * SAVE would silently keep the old number; decision 0051). Without `posted`,
 * the masks only. A NEVER_ECHOED input (the CVC) always comes back empty.
 */
export function maskedReply<T extends SubmissionResult<string[]>>(reply: T, masks: Record<SensitiveField, string | undefined>, posted?: FormData): T {
  if (!reply.initialValue) return reply;
  const initialValue = structuredClone(reply.initialValue) as Record<string, unknown>;
  for (const name of SENSITIVE_FIELDS) setPath(initialValue, name, typedIn(posted, name) ?? masks[name]);
  for (const name of NEVER_ECHOED) setPath(initialValue, name, undefined);
  return { ...reply, initialValue };
}

const sensitiveSelect = {
  personal: { select: { ssnEncrypted: true, ssnLast4: true, businessTaxIdEncrypted: true, businessTaxIdLast4: true } },
  bankInfo: { select: { accountNumberEncrypted: true, accountNumberLast4: true, routingNumberEncrypted: true, routingNumberLast4: true } },
  cardInfo: { select: { cardNumberEncrypted: true, cardLast4: true } },
  commissionRemitAssign: { select: { ssnTaxIdEncrypted: true, ssnTaxIdLast4: true } },
  irsInfo: { select: { employerIdNumberEncrypted: true, employerIdNumberLast4: true } },
} as const;

/**
 * An answer that gives back everything typed, without validation (the add-a-state
 * row, the consent to sign electronically, a save that could not run): a
 * sensitive input as typed, or its stored mask; never the CVC. The caller has checked access.
 */
export async function echoReply(appointmentId: number, formData: FormData): Promise<SubmissionResult<string[]>> {
  const row = await prisma.appointment.findUnique({ where: { appointmentId }, select: sensitiveSelect });
  const submission = parse(formData, { resolve: (value) => ({ value }) });
  const reply = submission.reply({ hideFields: [...HIDDEN_FIELDS] }) as SubmissionResult<string[]>;
  return maskedReply(reply, storedMasks(row ?? {}), formData);
}
