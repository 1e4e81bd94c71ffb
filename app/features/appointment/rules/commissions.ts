// Commissions: the shape, the normalising and the rules of spec part 2 §5
// (composed into the section schema by schema.ts).
import { z } from "zod";
import { parseIsoDate, routingNumberValid } from "../derive";
import { hasRemitAssignment, isRepresentativeType, showsCommissionSchedule } from "../model";
import { ACCOUNT_TYPES, REMIT_TYPES, isMasked } from "../codes";
import { type CommissionsForm, type ValidationContext } from "../form-data";
import { MESSAGES, required } from "../messages";
import { type Add, T, capped, digits, num, oneOf, present, signature, signed, str, text, trimOrUndef } from "./kit";

export const commissionsShape = z.object({
  commissionRemitTypeCode: str(),
  bankInfo: z.object({ bankName: capped(T.bankName), accountNumber: str(), routingNumber: str(), accountName: capped(T.accountName), accountTypeCode: str() }).optional(),
  commissionRemitAssign: z
    .object({
      agentAgencyName: capped(T.agentAgencyName),
      ssnTaxID: str(),
      address1: capped(T.assignAddress1),
      address2: capped(T.assignAddress2),
      city: capped(T.assignCity),
      stateCode: str(),
      zip: capped(T.assignZip),
    })
    .optional(),
  signatures: z.object({ SIGTYP_COMSCHED_DT: signed(), SIGTYP_COMSCHED_AGT: signed(), SIGTYP_COMSCHED: signed() }).optional(),
});

export function normalizeCommissions(c: CommissionsForm): CommissionsForm {
  const b = c.bankInfo;
  const r = c.commissionRemitAssign;
  const s = c.signatures;
  return {
    commissionRemitTypeCode: trimOrUndef(c.commissionRemitTypeCode),
    bankInfo: b && {
      bankName: trimOrUndef(b.bankName),
      accountNumber: num(b.accountNumber),
      routingNumber: num(b.routingNumber),
      accountName: trimOrUndef(b.accountName),
      accountTypeCode: trimOrUndef(b.accountTypeCode),
    },
    commissionRemitAssign: r && {
      agentAgencyName: trimOrUndef(r.agentAgencyName),
      ssnTaxID: num(r.ssnTaxID),
      address1: trimOrUndef(r.address1),
      address2: trimOrUndef(r.address2),
      city: trimOrUndef(r.city),
      stateCode: trimOrUndef(r.stateCode)?.toUpperCase(),
      zip: trimOrUndef(r.zip),
    },
    signatures: s && {
      SIGTYP_COMSCHED_DT: trimOrUndef(s.SIGTYP_COMSCHED_DT),
      SIGTYP_COMSCHED_AGT: trimOrUndef(s.SIGTYP_COMSCHED_AGT),
      SIGTYP_COMSCHED: trimOrUndef(s.SIGTYP_COMSCHED),
    },
  };
}

/** "Commission sign date must parse as a date": YYYY-MM-DD, or another form Date understands. */
export function parsesAsDate(v: string): boolean {
  return parseIsoDate(v) !== null || (!/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)));
}

export function commissionsRules(c: CommissionsForm, ctx: ValidationContext, add: Add): void {
  const type = ctx.appointmentTypeCode;
  if (showsCommissionSchedule(ctx)) {
    const s = c.signatures ?? {};
    if (!present(s.SIGTYP_COMSCHED_DT)) add(["signatures", "SIGTYP_COMSCHED_DT"], MESSAGES.comSchedDate);
    else if (!parsesAsDate(s.SIGTYP_COMSCHED_DT)) add(["signatures", "SIGTYP_COMSCHED_DT"], MESSAGES.comSchedDateInvalid);
    signature(add, ["signatures", "SIGTYP_COMSCHED_AGT"], s.SIGTYP_COMSCHED_AGT, MESSAGES.comSchedAgent);
    signature(add, ["signatures", "SIGTYP_COMSCHED"], s.SIGTYP_COMSCHED, MESSAGES.comSchedSignature);
  }
  const remit = c.commissionRemitTypeCode;
  if (present(remit) ? !(REMIT_TYPES as readonly string[]).includes(remit) : !isRepresentativeType(type)) {
    add(["commissionRemitTypeCode"], MESSAGES.remitTypeRequired);
  }
  if (remit === "COMRMT_TYP_DIRECT") {
    const b = c.bankInfo ?? {};
    text(add, ["bankInfo", "bankName"], b.bankName, T.bankName, { required: true });
    const acct = b.accountNumber;
    if (!present(acct)) add(["bankInfo", "accountNumber"], required("Account Number"));
    else if (isMasked(acct)) {
      if (!ctx.stored.accountNumber) add(["bankInfo", "accountNumber"], MESSAGES.accountNumberInvalid);
    } else if (!/^\d+$/.test(acct)) add(["bankInfo", "accountNumber"], MESSAGES.accountNumberInvalid);
    else if (acct.length < 6) add(["bankInfo", "accountNumber"], MESSAGES.accountNumberMin);
    else if (acct.length > 17) add(["bankInfo", "accountNumber"], MESSAGES.accountNumberMax);
    const rt = b.routingNumber;
    if (!present(rt)) add(["bankInfo", "routingNumber"], required("Routing Number"));
    else if (isMasked(rt)) {
      if (!ctx.stored.routingNumber) add(["bankInfo", "routingNumber"], MESSAGES.routingNumberDigits);
    } else if (!/^\d{9}$/.test(rt)) add(["bankInfo", "routingNumber"], MESSAGES.routingNumberDigits);
    else if (!routingNumberValid(rt)) add(["bankInfo", "routingNumber"], MESSAGES.routingNumberInvalid);
    text(add, ["bankInfo", "accountName"], b.accountName, T.accountName, { required: true });
    oneOf(add, ["bankInfo", "accountTypeCode"], b.accountTypeCode, ACCOUNT_TYPES, MESSAGES.accountTypeRequired);
  }
  const r = c.commissionRemitAssign ?? {};
  const anyAssign = [r.agentAgencyName, r.ssnTaxID, r.address1, r.address2, r.city, r.stateCode, r.zip].some(present);
  if (remit === "COMRMT_TYP_ASGN" || (hasRemitAssignment(type) && anyAssign)) {
    text(add, ["commissionRemitAssign", "agentAgencyName"], r.agentAgencyName, T.agentAgencyName, { required: true });
    digits(add, ["commissionRemitAssign", "ssnTaxID"], r.ssnTaxID, "SSN or Tax ID", 9, {
      required: true,
      stored: ctx.stored.ssnTaxID,
      message: MESSAGES.remitSsnTaxId,
    });
    text(add, ["commissionRemitAssign", "address1"], r.address1, T.assignAddress1, { required: true });
    text(add, ["commissionRemitAssign", "address2"], r.address2, T.assignAddress2);
    text(add, ["commissionRemitAssign", "city"], r.city, T.assignCity, { required: true });
    if (!present(r.stateCode)) add(["commissionRemitAssign", "stateCode"], required("Assignee State"));
    else if (r.stateCode.length !== 2) add(["commissionRemitAssign", "stateCode"], "Assignee State must be 2 letters");
    text(add, ["commissionRemitAssign", "zip"], r.zip, T.assignZip, { required: true });
  }
}
