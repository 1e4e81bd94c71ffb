// Commissions: remittance type, direct-deposit bank details, the remit
// assignment and the commission-schedule signatures (spec part 2 §3–§5).
// Bank details are kept only for direct deposit and the assignment only when
// chosen (data minimisation): choosing another type is the explicit action
// that clears them.
import { BANK_COLUMNS, REMIT_COLUMNS, upsertApplicationRow } from "./columns.server";
import { isoDate, parseIsoDate } from "./derive";
import { hasRemitAssignment, showsCommissionSchedule } from "./model";
import { type SignatureType } from "./codes";
import { type CommissionsForm } from "./form-data";
import { derivedAgentName, formAgentName, orNull, signatureReader, str } from "./record.server";
import { checkKnownStates, checkSignatureConsent, writeSectionSignatures, type SectionModule, type SectionWork } from "./section.server";
import { resolveSensitive, sealed, storedMasks } from "./sensitive.server";

const isDirect = (c: CommissionsForm) => c.commissionRemitTypeCode === "COMRMT_TYP_DIRECT";

function isAssigned(c: CommissionsForm, w: SectionWork): boolean {
  const r = c.commissionRemitAssign ?? {};
  return c.commissionRemitTypeCode === "COMRMT_TYP_ASGN" || (hasRemitAssignment(w.ctx.appointmentTypeCode) && Object.values(r).some((v) => v != null && v !== ""));
}

function signatures(c: CommissionsForm, w: SectionWork): Partial<Record<SignatureType, string | undefined>> {
  if (!showsCommissionSchedule(w.ctx)) return {};
  const s = c.signatures ?? {};
  const date = s.SIGTYP_COMSCHED_DT ? parseIsoDate(s.SIGTYP_COMSCHED_DT) : null;
  return {
    SIGTYP_COMSCHED_DT: date ? isoDate(date) : s.SIGTYP_COMSCHED_DT,
    SIGTYP_COMSCHED_AGT: s.SIGTYP_COMSCHED_AGT || derivedAgentName(w.a) || undefined,
    SIGTYP_COMSCHED: s.SIGTYP_COMSCHED,
  };
}

export const commissionsSection: SectionModule<"commissions"> = {
  read(a, _questions, profile) {
    const bank = a.bankInfo;
    const remit = a.commissionRemitAssign;
    const masks = storedMasks(a);
    const signature = signatureReader(a, formAgentName(a, profile));
    return {
      commissionRemitTypeCode: str(a.commissionRemitTypeCode),
      bankInfo: {
        bankName: str(bank?.bankName),
        accountNumber: masks["bankInfo.accountNumber"],
        routingNumber: masks["bankInfo.routingNumber"],
        accountName: str(bank?.accountName),
        accountTypeCode: str(bank?.accountTypeCode),
      },
      commissionRemitAssign: {
        agentAgencyName: str(remit?.agentAgencyName),
        ssnTaxID: masks["commissionRemitAssign.ssnTaxID"],
        address1: str(remit?.address1),
        address2: str(remit?.address2),
        city: str(remit?.city),
        stateCode: str(remit?.stateCode),
        zip: str(remit?.zip),
      },
      signatures: {
        SIGTYP_COMSCHED_DT: signature("SIGTYP_COMSCHED_DT"),
        SIGTYP_COMSCHED_AGT: signature("SIGTYP_COMSCHED_AGT"),
        SIGTYP_COMSCHED: signature("SIGTYP_COMSCHED"),
      },
    };
  },

  async check(c, w, add) {
    if (isAssigned(c, w)) checkKnownStates(w, [["commissionRemitAssign.stateCode", c.commissionRemitAssign?.stateCode]], add);
    await checkSignatureConsent(signatures(c, w), w, add);
  },

  signatures,

  async write(c, w) {
    const { tx } = w;
    const id = w.a.appointmentId;
    await tx.appointment.update({ where: { appointmentId: id }, data: { commissionRemitTypeCode: orNull(c.commissionRemitTypeCode) } });
    if (isDirect(c)) {
      const b = c.bankInfo ?? {};
      const an = sealed(resolveSensitive(b.accountNumber));
      const rn = sealed(resolveSensitive(b.routingNumber));
      const data = {
        bankName: orNull(b.bankName),
        ...(an ? { accountNumberEncrypted: an.encrypted, accountNumberLast4: an.last4 } : {}),
        ...(rn ? { routingNumberEncrypted: rn.encrypted, routingNumberLast4: rn.last4 } : {}),
        accountName: orNull(b.accountName),
        accountTypeCode: orNull(b.accountTypeCode),
      };
      await upsertApplicationRow(tx, "appointment_bank_info", BANK_COLUMNS, id, data);
    } else {
      // Bank details are kept only for direct deposit (data minimisation).
      await tx.appointmentBankInfo.deleteMany({ where: { appointmentId: id } });
    }
    if (isAssigned(c, w)) {
      const r = c.commissionRemitAssign ?? {};
      const t = sealed(resolveSensitive(r.ssnTaxID));
      const data = {
        agentAgencyName: orNull(r.agentAgencyName),
        ...(t ? { ssnTaxIdEncrypted: t.encrypted, ssnTaxIdLast4: t.last4 } : {}),
        address1: orNull(r.address1),
        address2: orNull(r.address2),
        city: orNull(r.city),
        stateCode: orNull(r.stateCode),
        zip: orNull(r.zip),
      };
      await upsertApplicationRow(tx, "commission_remit_assign", REMIT_COLUMNS, id, data);
    } else {
      await tx.commissionRemitAssign.deleteMany({ where: { appointmentId: id } });
    }
    await writeSectionSignatures(signatures(c, w), w);
  },
};
