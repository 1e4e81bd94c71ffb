// States & Fees: the chosen states with their fee from the catalogue, the
// state fee question (PA / MT), the card for representative types and the
// fees signature (spec part 2 §3–§5). No card is kept for types that pay
// fees from commissions, and no CVC at all (decision 0087): the rules check
// one typed here, the write leaves it out, the form shows the input empty.
import { CARD_COLUMNS, upsertApplicationRow } from "./columns.server";
import { stateFeeAmount } from "./derive";
import { NOT_APPLICABLE, UNKNOWN_STATE } from "./messages";
import { feesApply, showsCreditCard } from "./model";
import { type SignatureType } from "./codes";
import { type FeesForm } from "./form-data";
import { formAgentName, orNull, signatureReader, str } from "./record.server";
import { checkKnownStates, checkSignatureConsent, writeSectionSignatures, type SectionModule, type SectionWork } from "./section.server";
import { resolveSensitive, sealed, storedMasks } from "./sensitive.server";

const signatures = (f: FeesForm): Partial<Record<SignatureType, string | undefined>> => ({ SIGTYP_ST_FEES: f.signatures?.SIGTYP_ST_FEES });

async function catalogue(w: SectionWork, codes: readonly string[]) {
  return codes.length ? w.tx.stateFee.findMany({ where: { stateCode: { in: [...codes] } } }) : [];
}

export const feesSection: SectionModule<"fees"> = {
  read(a, _questions, profile) {
    const card = a.cardInfo;
    const masks = storedMasks(a);
    const signature = signatureReader(a, formAgentName(a, profile));
    return {
      states: a.states.map((s) => s.stateCode),
      stateFeeAnswer: a.stateFeeAnswer == null ? undefined : a.stateFeeAnswer ? "Y" : "N",
      isPA: a.isPA,
      isMT: a.isMT,
      ccInfo: {
        creditCardTypeCode: str(card?.creditCardTypeCode),
        cardNumber: masks["ccInfo.cardNumber"],
        expirationMonth: card?.expirationMonth != null ? String(card.expirationMonth) : undefined,
        expirationYear: card?.expirationYear != null ? String(card.expirationYear) : undefined,
        cvcNumber: undefined,
        nameonCard: str(card?.nameOnCard),
        billingAddress: str(card?.billingAddress),
        city: str(card?.city),
        stateCode: str(card?.stateCode),
        zip: str(card?.zip),
      },
      signatures: { SIGTYP_ST_FEES: signature("SIGTYP_ST_FEES") },
    };
  },

  async check(f, w, add) {
    if (!feesApply(w.ctx)) {
      add("", NOT_APPLICABLE);
      return;
    }
    const codes = [...new Set(f.states ?? [])];
    const known = new Set((await catalogue(w, codes)).map((s) => s.stateCode));
    if (codes.some((c) => !known.has(c))) add("states", UNKNOWN_STATE);
    if (showsCreditCard(w.ctx)) checkKnownStates(w, [["ccInfo.stateCode", f.ccInfo?.stateCode]], add);
    await checkSignatureConsent(signatures(f), w, add);
  },

  signatures,

  async write(f, w) {
    const { tx, ctx } = w;
    const id = w.a.appointmentId;
    const codes = [...new Set(f.states ?? [])];
    const byCode = new Map((await catalogue(w, codes)).map((s) => [s.stateCode, s]));
    // The chosen states, with the fee from the catalogue: resident or non-resident amount.
    const resident = ctx.residentStateCode ?? null;
    await tx.appointmentState.deleteMany({ where: { appointmentId: id, stateCode: { notIn: codes } } });
    for (const code of codes) {
      const fee = byCode.get(code)!;
      const data = { stateFeeId: fee.stateFeeId, stateName: fee.stateName, feeAmount: stateFeeAmount(fee, resident).toFixed(2), isResident: !!resident && fee.stateCode === resident };
      await tx.appointmentState.upsert({
        where: { appointmentId_stateCode: { appointmentId: id, stateCode: code } },
        create: { appointmentId: id, stateCode: code, ...data },
        update: data,
      });
    }
    const answer = f.stateFeeAnswer === "Y" ? true : f.stateFeeAnswer === "N" ? false : null;
    // Answering No clears PA and MT (spec §4).
    await tx.appointment.update({ where: { appointmentId: id }, data: { stateFeeAnswer: answer, isPA: answer === true && !!f.isPA, isMT: answer === true && !!f.isMT } });
    if (showsCreditCard(ctx)) {
      const card = f.ccInfo ?? {};
      const n = sealed(resolveSensitive(card.cardNumber));
      const data = {
        creditCardTypeCode: orNull(card.creditCardTypeCode),
        ...(n ? { cardNumberEncrypted: n.encrypted, cardLast4: n.last4 } : {}),
        expirationMonth: card.expirationMonth ? Number(card.expirationMonth) : null,
        expirationYear: card.expirationYear ? Number(card.expirationYear) : null,
        nameOnCard: orNull(card.nameonCard),
        billingAddress: orNull(card.billingAddress),
        city: orNull(card.city),
        stateCode: orNull(card.stateCode),
        zip: orNull(card.zip),
      };
      await upsertApplicationRow(tx, "appointment_card_info", CARD_COLUMNS, id, data);
    } else {
      // No card is kept for types that pay fees from commissions.
      await tx.appointmentCardInfo.deleteMany({ where: { appointmentId: id } });
    }
    await writeSectionSignatures(signatures(f), w);
  },
};
