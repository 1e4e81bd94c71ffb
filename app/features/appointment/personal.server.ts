// Personal Information: read for the form, database checks, write (spec part
// 2 §3–§5). Derived data (§4) is applied on save: the W-9 name and the agent
// name follow the names (capitalised) unless typed otherwise, corporate types
// mirror the business tax id and name into the W-9, same-as-mailing copies
// the home address.
import { applicationRow, IRS_COLUMNS, PERSONAL_COLUMNS, upsertApplicationRows, type ApplicationRow } from "./columns.server";
import { decryptField } from "~/lib/crypto.server";
import { agentName, applyPersonalDerivations, isoDate, parseIsoDate, stateFeeAmount, w9Name } from "./derive";
import { UNKNOWN_QUESTION } from "./messages";
import { isCorporateType, isRepresentativeType, showsBusinessBlock, showsW9 } from "./model";
import { AGENT_NAME_SIGNATURES, type SignatureType } from "./codes";
import { type PersonalForm } from "./form-data";
import { MESSAGES } from "./messages";
import { derivedAgentName, formAgentName, orNull, signatureReader, str, type Db, type StoredRecord } from "./record.server";
import { checkKnownStates, checkSignatureConsent, writeSectionSignatures, type AddIssue, type SectionModule, type SectionWork } from "./section.server";
import { isSigned, signatureChanges } from "./evidence.server";
import { FCRA_AUTH_SIG, FCRA_DISCLOSURE_SIG, FCRA_MESSAGES } from "./fcra";
import { plainOf, resolveSensitive, sealed, storedMasks, type Resolved } from "./sensitive.server";

function address(a: StoredRecord, code: string) {
  const r = a.addresses.find((x) => x.addressTypeCode === code);
  if (!r) return undefined;
  return { address1: str(r.address1), address2: str(r.address2), city: str(r.city), stateCode: str(r.stateCode), zipCode: str(r.zipCode) };
}

/** The posted section with the derived data of §4 applied. */
function derived(p: PersonalForm, w: SectionWork): PersonalForm {
  const out = applyPersonalDerivations(p, w.ctx.appointmentTypeCode);
  // The W-9 name follows the names while it is blank or still the one derived from the stored names.
  const stored = w.a.personal;
  const oldW9 = w9Name(stored?.firstName, stored?.middleName, stored?.lastName);
  const typed = out.apptIRSInfo?.name;
  if (!typed || typed.toLowerCase() === oldW9.toLowerCase()) {
    out.apptIRSInfo = { ...out.apptIRSInfo, name: w9Name(out.firstName, out.middleName, out.lastName) || undefined };
  }
  return out;
}

/** SSN, tax id and EIN as resolved against the stored values; corporate types mirror tax id and EIN. */
function sensitiveOf(p: PersonalForm, w: SectionWork) {
  const stored = w.a.personal;
  const business = showsBusinessBlock(w.ctx);
  const ssn = resolveSensitive(p.ssn);
  let taxId: Resolved = business ? resolveSensitive(p.businessTaxID) : { kind: "keep" };
  let ein: Resolved = showsW9(w.ctx) ? resolveSensitive(p.apptIRSInfo?.employerIdNumber) : { kind: "keep" };
  if (business && isCorporateType(w.ctx.appointmentTypeCode)) {
    const plainTax = plainOf(taxId, stored?.businessTaxIdEncrypted);
    const plainEin = plainOf(ein, w.a.irsInfo?.employerIdNumberEncrypted);
    if (taxId.kind === "set" && plainTax) ein = { kind: "set", plain: plainTax };
    else if (ein.kind === "set" && plainEin) taxId = { kind: "set", plain: plainEin };
    else if (plainTax && plainTax !== plainEin) ein = { kind: "set", plain: plainTax };
  }
  return { ssn, taxId, ein };
}

function signatures(p: PersonalForm, w: SectionWork): Partial<Record<SignatureType, string | undefined>> {
  // The derived agent name is stored for the commission and agreement signatures while they follow it.
  const oldName = derivedAgentName(w.a);
  const newName = agentName(p.firstName, p.middleName, p.lastName);
  const out: Partial<Record<SignatureType, string | undefined>> = {};
  for (const code of AGENT_NAME_SIGNATURES) {
    const cur = w.a.signatures.find((x) => x.signatureTypeCode === code)?.signatureValue ?? "";
    if (newName && (cur === "" || cur === oldName) && cur !== newName) out[code] = newName;
  }
  out.SIGTYP_QNA = p.signatures?.SIGTYP_QNA;
  out.SIGTYP_FCRA_DISCLOSURE = p.signatures?.SIGTYP_FCRA_DISCLOSURE;
  out.SIGTYP_FCRA_AUTH = p.signatures?.SIGTYP_FCRA_AUTH;
  if (showsW9(w.ctx)) out.SIGTYP_W9_CERT = p.signatures?.SIGTYP_W9_CERT;
  return out;
}

/**
 * The background check pair (decision 0121): given by the applicant in person (never while an
 * administrator acts as them, like the e-sign consent), and the authorisation only with the
 * disclosure acknowledged. A draft may leave both blank; submitting needs both (rules/personal.ts).
 */
function checkFcra(p: PersonalForm, w: SectionWork, add: AddIssue): void {
  const s = p.signatures ?? {};
  const stored = new Map(w.a.signatures.map((x) => [x.signatureTypeCode, x.signatureValue]));
  const changed = signatureChanges(stored, { [FCRA_DISCLOSURE_SIG]: s.SIGTYP_FCRA_DISCLOSURE, [FCRA_AUTH_SIG]: s.SIGTYP_FCRA_AUTH });
  if (w.user.impersonator) {
    for (const [code, value] of Object.entries(changed)) if (isSigned(value)) add(`signatures.${code}`, FCRA_MESSAGES.impersonation);
    return;
  }
  const acknowledged = s.SIGTYP_FCRA_DISCLOSURE === "Y";
  const named = (s.SIGTYP_FCRA_AUTH ?? "").trim() !== "";
  if (named && !acknowledged) add(`signatures.${FCRA_DISCLOSURE_SIG}`, FCRA_MESSAGES.ackBeforeAuth);
  if (acknowledged && !named) add(`signatures.${FCRA_AUTH_SIG}`, FCRA_MESSAGES.authRequired);
}

/**
 * True when every column of `data` already holds that value in `stored` (a row read in this
 * transaction, under the row lock): the write would change nothing and is left out.
 */
function unchanged(stored: object | null | undefined, data: Record<string, unknown>): boolean {
  if (!stored) return false;
  const row = stored as Record<string, unknown>;
  return Object.entries(data).every(([k, v]) => {
    const cur = row[k];
    if (v instanceof Date || cur instanceof Date) return v instanceof Date && cur instanceof Date && v.getTime() === cur.getTime();
    return (cur ?? null) === (v ?? null);
  });
}

async function writeAddress(tx: Db, a: StoredRecord, code: string, v: PersonalForm["home"]) {
  const appointmentId = a.appointmentId;
  const data = {
    address1: orNull(v?.address1),
    address2: orNull(v?.address2),
    city: orNull(v?.city),
    stateCode: orNull(v?.stateCode),
    zipCode: orNull(v?.zipCode),
  };
  const stored = a.addresses.find((x) => x.addressTypeCode === code);
  // Unchanged, or blank with no row: nothing to write (read back, both are the blank address).
  if (stored ? unchanged(stored, data) : Object.values(data).every((x) => x === null)) return;
  await tx.appointmentAddress.upsert({
    where: { appointmentId_addressTypeCode: { appointmentId, addressTypeCode: code } },
    create: { appointmentId, addressTypeCode: code, ...data },
    update: data,
  });
}

/** Recomputes the chosen states' fees and resident flag after the resident state changed. */
async function refreshStateFees(tx: Db, appointmentId: number, resident: string | null) {
  const states = await tx.appointmentState.findMany({ where: { appointmentId }, include: { stateFee: true } });
  for (const s of states) {
    const fee = s.stateFee ?? (await tx.stateFee.findUnique({ where: { stateCode: s.stateCode } }));
    if (!fee) continue;
    await tx.appointmentState.update({
      where: { id: s.id },
      data: { feeAmount: stateFeeAmount(fee, resident).toFixed(2), isResident: !!resident && fee.stateCode === resident },
    });
  }
}

export const personalSection: SectionModule<"personal"> = {
  read(a, questions, profile) {
    const p = a.personal;
    const masks = storedMasks(a);
    const irs = a.irsInfo;
    const answers = new Map(a.answers.map((x) => [x.questionId, x]));
    const signature = signatureReader(a, formAgentName(a, profile));
    return {
      firstName: str(p?.firstName) ?? str(profile?.firstName),
      middleName: str(p?.middleName) ?? (p ? undefined : str(profile?.middleName)),
      lastName: str(p?.lastName) ?? str(profile?.lastName),
      ssn: masks.ssn,
      birthDate: p?.birthDate ? isoDate(p.birthDate) : undefined,
      emailAddress: str(p?.emailAddress) ?? str(a.prospectEmailAddress) ?? str(profile?.userName),
      driverLicenseNumber: str(p?.driverLicenseNumber),
      nationalProducerNumber: str(p?.nationalProducerNumber),
      residentStateInsuranceLicenseNumber: str(p?.residentStateInsuranceLicenseNumber),
      residentStateCode: str(p?.residentStateCode),
      cellNumber: str(p?.cellNumber),
      phoneNumber: str(p?.phoneNumber) ?? (profile?.phoneNumber ? str(profile.phoneNumber.replace(/\D/g, "")) : undefined),
      faxNumber: str(p?.faxNumber),
      businessName: str(p?.businessName),
      businessPhone: str(p?.businessPhone),
      businessCellNumber: str(p?.businessCellNumber),
      businessFaxNumber: str(p?.businessFaxNumber),
      businessTaxID: masks.businessTaxID,
      home: address(a, "ADRTYP_HOME"),
      business: address(a, "ADRTYP_BUSINESS"),
      sameAsMailing: false,
      sendCorrespondenceToCode: str(p?.sendCorrespondenceToCode),
      answers: questions.map((q) => {
        const ans = answers.get(q.questionId);
        return { questionId: String(q.questionId), answer: ans?.answerBoolean == null ? undefined : ans.answerBoolean ? "Y" : "N" };
      }),
      qnaComment: str(a.qnaComment),
      apptIRSInfo: {
        name: str(irs?.name),
        businessName: str(irs?.businessName),
        businessTypeCode: str(irs?.businessTypeCode),
        businessTypeOther: str(irs?.businessTypeOther),
        employerIdNumber: masks["apptIRSInfo.employerIdNumber"],
      },
      signatures: {
        SIGTYP_QNA: signature("SIGTYP_QNA"),
        SIGTYP_W9_CERT: signature("SIGTYP_W9_CERT"),
        SIGTYP_FCRA_DISCLOSURE: signature("SIGTYP_FCRA_DISCLOSURE"),
        SIGTYP_FCRA_AUTH: signature("SIGTYP_FCRA_AUTH"),
      },
    };
  },

  async check(posted, w, add) {
    const p = derived(posted, w);
    const business = showsBusinessBlock(w.ctx);
    const { ssn, taxId } = sensitiveOf(p, w);
    if (business && (ssn.kind === "set" || taxId.kind === "set")) {
      const plainSsn = plainOf(ssn, w.a.personal?.ssnEncrypted);
      const plainTax = plainOf(taxId, w.a.personal?.businessTaxIdEncrypted);
      if (plainSsn && plainTax && plainSsn === plainTax) add("businessTaxID", MESSAGES.ssnEqualsTaxId);
    }
    checkKnownStates(
      w,
      [
        ["residentStateCode", p.residentStateCode],
        ["home.stateCode", p.home?.stateCode],
        ["business.stateCode", business ? p.business?.stateCode : undefined],
      ],
      add,
    );
    const questionIds = new Set(w.questions.map((q) => String(q.questionId)));
    (p.answers ?? []).forEach((ans, i) => {
      if (ans?.questionId && !questionIds.has(ans.questionId)) add(`answers[${i}].questionId`, UNKNOWN_QUESTION);
    });
    checkFcra(p, w, add);
    await checkSignatureConsent(signatures(p, w), w, add);
  },

  signatures: (p, w) => signatures(derived(p, w), w),

  async write(posted, w) {
    const { tx, ctx } = w;
    const id = w.a.appointmentId;
    const type = ctx.appointmentTypeCode;
    const p = derived(posted, w);
    const business = showsBusinessBlock(ctx);
    const { ssn, taxId, ein } = sensitiveOf(p, w);
    const s = sealed(ssn);
    const tax = sealed(taxId);
    const personalData = {
      firstName: orNull(p.firstName),
      middleName: orNull(p.middleName),
      lastName: orNull(p.lastName),
      ...(s ? { ssnEncrypted: s.encrypted, ssnLast4: s.last4 } : {}),
      birthDate: p.birthDate ? parseIsoDate(p.birthDate) : null,
      emailAddress: orNull(p.emailAddress),
      driverLicenseNumber: orNull(p.driverLicenseNumber),
      nationalProducerNumber: orNull(p.nationalProducerNumber),
      residentStateInsuranceLicenseNumber: orNull(p.residentStateInsuranceLicenseNumber),
      residentStateCode: orNull(p.residentStateCode),
      cellNumber: orNull(p.cellNumber),
      phoneNumber: orNull(p.phoneNumber),
      faxNumber: orNull(p.faxNumber),
      businessTypeCode: business ? "C" : null,
      businessName: business ? orNull(p.businessName) : null,
      businessCellNumber: business ? orNull(p.businessCellNumber) : null,
      businessPhone: business || isRepresentativeType(type) ? orNull(p.businessPhone) : null,
      businessFaxNumber: business ? orNull(p.businessFaxNumber) : null,
      ...(business ? (tax ? { businessTaxIdEncrypted: tax.encrypted, businessTaxIdLast4: tax.last4 } : {}) : { businessTaxIdEncrypted: null, businessTaxIdLast4: null }),
      sendCorrespondenceToCode: orNull(p.sendCorrespondenceToCode),
    };
    // Rows whose columns already hold the posted values are not written again (the record was read
    // in this transaction, under the row lock). The personal row and the W-9 row in one statement.
    const rows: ApplicationRow[] = [];
    if (!unchanged(w.a.personal, personalData)) rows.push(applicationRow("appointment_personal", PERSONAL_COLUMNS, personalData));
    if (showsW9(ctx)) {
      const irsPosted = p.apptIRSInfo ?? {};
      const e = sealed(ein);
      const irs = {
        name: orNull(irsPosted.name),
        businessName: orNull(irsPosted.businessName),
        businessTypeCode: orNull(irsPosted.businessTypeCode),
        businessTypeOther: irsPosted.businessTypeCode === "W9BIZ_TYP_OTHER" ? orNull(irsPosted.businessTypeOther) : null,
        ...(e ? { employerIdNumberEncrypted: e.encrypted, employerIdNumberLast4: e.last4 } : {}),
      };
      if (!unchanged(w.a.irsInfo, irs)) rows.push(applicationRow("appointment_irs_info", IRS_COLUMNS, irs));
    }
    await upsertApplicationRows(tx, id, rows);
    await writeAddress(tx, w.a, "ADRTYP_HOME", p.home);
    if (business) await writeAddress(tx, w.a, "ADRTYP_BUSINESS", p.business);
    else if (w.a.addresses.some((x) => x.addressTypeCode === "ADRTYP_BUSINESS")) {
      await tx.appointmentAddress.deleteMany({ where: { appointmentId: id, addressTypeCode: "ADRTYP_BUSINESS" } });
    }

    // Every answer in one statement (one upsert per question made a save of
    // the personal section 15 statements longer; docs/performance.md).
    const answers = new Map<number, boolean | null>();
    const storedAnswers = new Map(w.a.answers.map((x) => [x.questionId, x.answerBoolean]));
    for (const ans of p.answers ?? []) {
      if (!ans?.questionId) continue;
      const value = ans.answer === "Y" ? true : ans.answer === "N" ? false : null;
      const q = Number(ans.questionId);
      // An answer whose row already holds it is left alone.
      if (storedAnswers.has(q) && storedAnswers.get(q) === value) continue;
      answers.set(q, value);
    }
    if (answers.size > 0) {
      await tx.$executeRaw`/* prepared */
        INSERT INTO appointment_answers (id, appointment_id, question_id, question_type, answer_boolean, updated_at)
        SELECT gen_random_uuid(), ${id}::int, q, 'QUES_TYP_PERSONAL', a, now()
          FROM unnest(${[...answers.keys()]}::int[], ${[...answers.values()]}::boolean[]) AS t(q, a)
        ON CONFLICT (appointment_id, question_id)
        DO UPDATE SET answer_boolean = EXCLUDED.answer_boolean, updated_at = EXCLUDED.updated_at`;
    }
    if ((w.a.qnaComment ?? null) !== orNull(p.qnaComment)) {
      await tx.appointment.update({ where: { appointmentId: id }, data: { qnaComment: orNull(p.qnaComment) } });
    }

    // Fees follow the resident state (resident vs non-resident amount).
    const resident = orNull(p.residentStateCode) ?? orNull(p.home?.stateCode);
    if ((resident ?? undefined) !== ctx.residentStateCode) await refreshStateFees(tx, id, resident);
    await writeSectionSignatures(signatures(p, w), w);
  },
};

/** The stored SSN equals the stored business tax id (submit's last check; needs the plain values). */
export function ssnEqualsTaxId(a: StoredRecord): boolean {
  const p = a.personal;
  return !!(p?.ssnEncrypted && p.businessTaxIdEncrypted && decryptField(p.ssnEncrypted) === decryptField(p.businessTaxIdEncrypted));
}
