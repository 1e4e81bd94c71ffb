// States & Fees: the shape, the normalising and the rules of spec part 2 §5
// (composed into the section schema by schema.ts).
import { z } from "zod";
import { feesApply, requiresStates, showsCreditCard, showsStateFeeQuestion } from "../model";
import { CARD_TYPES, cardYears, isMasked } from "../codes";
import { type CardInfoForm, type FeesForm, type ValidationContext } from "../form-data";
import { MESSAGES, required } from "../messages";
import { type Add, type Path, T, asList, bool, capped, num, oneOf, present, signature, signed, str, text, trimOrUndef } from "./kit";

export const feesShape = z.object({
  states: z.array(z.string()).optional(),
  stateFeeAnswer: str(),
  isPA: bool(),
  isMT: bool(),
  ccInfo: z
    .object({
      creditCardTypeCode: str(),
      cardNumber: str(),
      expirationMonth: str(),
      expirationYear: str(),
      cvcNumber: str(),
      nameonCard: capped(T.nameonCard),
      billingAddress: capped(T.billingAddress),
      city: capped(T.billingCity),
      stateCode: capped(T.billingState),
      zip: capped(T.billingZip),
    })
    .optional(),
  signatures: z.object({ SIGTYP_ST_FEES: signed() }).optional(),
});

export function normalizeFees(f: FeesForm): FeesForm {
  const c: CardInfoForm | undefined = f.ccInfo;
  const answer = trimOrUndef(f.stateFeeAnswer);
  return {
    states: asList(f.states)?.map((s) => s.trim().toUpperCase()).filter(Boolean),
    stateFeeAnswer: answer,
    // Answering No clears the PA and MT selections (spec §4).
    isPA: answer === "N" ? false : f.isPA,
    isMT: answer === "N" ? false : f.isMT,
    ccInfo: c && {
      creditCardTypeCode: trimOrUndef(c.creditCardTypeCode),
      cardNumber: num(c.cardNumber),
      expirationMonth: trimOrUndef(c.expirationMonth),
      expirationYear: trimOrUndef(c.expirationYear),
      cvcNumber: num(c.cvcNumber),
      nameonCard: trimOrUndef(c.nameonCard),
      billingAddress: trimOrUndef(c.billingAddress),
      city: trimOrUndef(c.city),
      stateCode: trimOrUndef(c.stateCode),
      zip: trimOrUndef(c.zip),
    },
    signatures: f.signatures && { SIGTYP_ST_FEES: trimOrUndef(f.signatures.SIGTYP_ST_FEES) },
  };
}

export function feesRules(f: FeesForm, ctx: ValidationContext, add: Add): void {
  if (!feesApply(ctx)) return;
  const states = f.states ?? [];
  if (requiresStates(ctx) && states.length === 0) add(["states"], MESSAGES.statesRequired);
  if (new Set(states).size !== states.length) add(["states"], MESSAGES.stateDuplicate);
  if (showsStateFeeQuestion(ctx)) {
    if (f.stateFeeAnswer !== "Y" && f.stateFeeAnswer !== "N") add(["stateFeeAnswer"], MESSAGES.stateFeeQuestion);
    else if (f.stateFeeAnswer === "Y" && !f.isPA && !f.isMT) add(["isPA"], MESSAGES.stateFeeChoice);
  }
  if (showsCreditCard(ctx)) cardRules(f.ccInfo ?? {}, ctx, add);
  signature(add, ["signatures", "SIGTYP_ST_FEES"], f.signatures?.SIGTYP_ST_FEES, MESSAGES.feesSignature);
}

export function cardRules(c: CardInfoForm, ctx: ValidationContext, add: Add) {
  const p = (k: keyof CardInfoForm): Path => ["ccInfo", k];
  oneOf(add, p("creditCardTypeCode"), c.creditCardTypeCode, CARD_TYPES, required("Card Type"));
  const n = c.cardNumber;
  if (!present(n)) add(p("cardNumber"), required("Card Number"));
  else if (isMasked(n) ? !ctx.stored.cardNumber : !/^\d{13,19}$/.test(n)) add(p("cardNumber"), "Card Number must be 13 to 19 digits");
  const month = present(c.expirationMonth) && /^\d{1,2}$/.test(c.expirationMonth) ? Number(c.expirationMonth) : NaN;
  const years = cardYears(ctx.now);
  const year = present(c.expirationYear) && /^\d{4}$/.test(c.expirationYear) ? Number(c.expirationYear) : NaN;
  if (!present(c.expirationMonth)) add(p("expirationMonth"), required("Expiration Month"));
  else if (!(month >= 1 && month <= 12)) add(p("expirationMonth"), "Expiration Month must be 1 to 12");
  if (!present(c.expirationYear)) add(p("expirationYear"), required("Expiration Year"));
  else if (!years.includes(year)) add(p("expirationYear"), `Expiration Year must be ${years[0]} to ${years[years.length - 1]}`);
  else if (month >= 1 && month <= 12 && year === ctx.now.getFullYear() && month < ctx.now.getMonth() + 1) add(p("expirationMonth"), MESSAGES.cardExpired);
  // Never stored, so never missing here: a CVC typed in the section is checked, then dropped; SUBMIT asks for it (cvcAtSubmit).
  const cvc = present(c.cvcNumber) ? cvcProblem(c.cvcNumber) : undefined;
  if (cvc) add(p("cvcNumber"), cvc);
  text(add, p("nameonCard"), c.nameonCard, T.nameonCard, { required: true });
  text(add, p("billingAddress"), c.billingAddress, T.billingAddress, { required: true });
  text(add, p("city"), c.city, T.billingCity, { required: true });
  text(add, p("stateCode"), c.stateCode, T.billingState, { required: true });
  text(add, p("zip"), c.zip, T.billingZip, { required: true });
}

/** The CVC's rule (spec §5 'CVC 3-4'): its message, or undefined when it passes. A blank one is missing. */
export function cvcProblem(cvc: string | undefined): string | undefined {
  if (!present(cvc)) return required("CVC");
  return /^\d{3,4}$/.test(cvc) ? undefined : "CVC must be 3 or 4 digits";
}

/**
 * The CVC posted with SUBMIT (the card section's field, or the side panel's input of the same name),
 * for an application that pays its fees by card: the only place it is required. It is checked in
 * that request and dropped (decision 0087); undefined when it passes or no card applies.
 */
export function cvcAtSubmit(posted: string | undefined, ctx: ValidationContext): string | undefined {
  if (!showsCreditCard(ctx)) return undefined;
  return cvcProblem(num(posted));
}
