// Saving the application section by section against a real database:
// round trips, encryption, masks, one transaction per save, derived data,
// signature evidence and the ESIGN consent, read-only and other people's
// applications.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server";
import { decryptField } from "~/lib/crypto.server";
import { requireAppointmentAccess } from "~/features/appointment/access.server";
import { loadApplication, saveSection } from "~/features/appointment/appointment.server";
import { createFromWizard } from "~/features/appointment/create.server";
import { createPaperAppointment } from "~/features/appointment/paper-create.server";
import { ESIGN_CONSENT_REQUIRED_MESSAGE, SIGNATURE_STATEMENTS } from "~/features/appointment/evidence.server";
import { validApplication } from "~/features/appointment/fixtures";
import type { AppointmentTypeCode } from "~/features/appointment/model";
import { MESSAGES } from "~/features/appointment/messages";
import { useTestDatabase } from "../support/db";
import { createUser } from "../support/factories";
import { IP, UA, asUser, consent, formDataOf, makeWorld, newProspect, req, withQuestions, type World } from "./appointment-fixtures";

useTestDatabase();

let world: World;
beforeAll(async () => {
  world = await makeWorld();
});

async function started(type: AppointmentTypeCode = "APPTTYP_IND", withConsent = true) {
  const prospect = await newProspect();
  const user = asUser(prospect);
  const created = await createFromWizard(user, { link: world.linkText, appointmentTypeCode: type });
  if (!created.ok) throw new Error(created.message);
  if (type !== "APPTTYP_IND") await prisma.appointment.update({ where: { appointmentId: created.appointmentId }, data: { appointmentTypeCode: type } });
  if (withConsent) await consent(user, created.appointmentId);
  return { prospect, user, id: created.appointmentId, data: withQuestions(validApplication(type), world) };
}

/** Every column of the appointment's sensitive tables as text. */
async function allStoredText(id: number): Promise<string> {
  const tables = ["appointment_personal", "appointment_irs_info", "appointment_bank_info", "appointment_card_info", "commission_remit_assign", "appointments", "appointment_signatures"];
  let out = "";
  for (const t of tables) {
    const rows = await prisma.$queryRawUnsafe<Array<{ j: string }>>(`SELECT row_to_json(x)::text AS j FROM ${t} x WHERE appointment_id = $1`, id);
    out += rows.map((r) => r.j).join("\n");
  }
  return out;
}

describe("saving a section", () => {
  it("writes the personal questions' answers, and a later save changes them", async () => {
    const { user, id, data } = await started();
    expect((await saveSection(user, id, "PERSONAL", formDataOf({ ...data.personal, ssn: "900-78-1234" }), req())).saved).toBe(true);
    const answers = data.personal.answers!;
    const changed = answers.map((a, i) => ({ ...a, answer: i === 0 ? "Y" : i === 1 ? "" : a.answer }));
    expect((await saveSection(user, id, "PERSONAL", formDataOf({ ...data.personal, ssn: "*****1234", answers: changed }), req())).saved).toBe(true);
    const rows = await prisma.appointmentAnswer.findMany({ where: { appointmentId: id, questionType: "QUES_TYP_PERSONAL" } });
    expect(rows).toHaveLength(answers.length);
    const byQuestion = new Map(rows.map((r) => [String(r.questionId), r.answerBoolean]));
    expect(byQuestion.get(String(answers[0]!.questionId))).toBe(true);
    expect(byQuestion.get(String(answers[1]!.questionId))).toBeNull();
    expect(answers.slice(2).every((a) => byQuestion.get(String(a.questionId)) === false)).toBe(true);
  });

  it("round-trips the personal section, encrypts the SSN and shows it only masked", async () => {
    const { user, id, data } = await started();
    const r = await saveSection(user, id, "PERSONAL", formDataOf({ ...data.personal, ssn: "900-78-1234" }), req());
    expect(r.saved).toBe(true);
    expect(r.dialog.message).toBe("Your application changes have been saved but NOT submitted for approval.");
    expect(r.nextSection).toBe("COMMS");
    const view = await loadApplication(user, id);
    expect(view.data.personal.ssn).toBe("*****1234");
    expect(view.data.personal.firstName).toBe("Jordan");
    expect(view.data.personal.home).toMatchObject({ address1: "100 Congress Ave", city: "Austin", stateCode: "TX", zipCode: "78701" });
    expect(view.data.personal.answers?.every((a) => a.answer === "N")).toBe(true);
    expect(view.statusCode).toBe("APWF_STATUS_INCOMPLETE");
    expect(JSON.stringify(view)).not.toContain("900781234");
    expect(await allStoredText(id)).not.toContain("900781234");
    const p = await prisma.appointmentPersonal.findUniqueOrThrow({ where: { appointmentId: id } });
    expect(decryptField(p.ssnEncrypted!)).toBe("900781234");
    expect(p.ssnLast4).toBe("1234");
    // The reply never echoes a sensitive value back.
    expect(JSON.stringify(r.reply)).not.toContain("900-78-1234");
  });

  it("encrypts bank numbers and keeps the stored value when the mask is posted back", async () => {
    const { user, id, data } = await started();
    expect((await saveSection(user, id, "COMMS", formDataOf(data.commissions), req())).saved).toBe(true);
    const before = await prisma.appointmentBankInfo.findUniqueOrThrow({ where: { appointmentId: id } });
    expect(await allStoredText(id)).not.toContain("12345678");
    const view = await loadApplication(user, id);
    expect(view.data.commissions.bankInfo?.accountNumber).toBe("*****5678");
    expect(view.data.commissions.bankInfo?.routingNumber).toBe("*****0015");
    const again = await saveSection(user, id, "COMMS", formDataOf({ ...view.data.commissions, bankInfo: { ...view.data.commissions.bankInfo, bankName: "Second Bank" } }), req());
    expect(again.saved).toBe(true);
    const after = await prisma.appointmentBankInfo.findUniqueOrThrow({ where: { appointmentId: id } });
    expect(after.bankName).toBe("Second Bank");
    expect(after.accountNumberEncrypted).toBe(before.accountNumberEncrypted);
    expect(decryptField(after.routingNumberEncrypted!)).toBe("011000015");
  });

  it("refuses a mask when nothing is stored, and changes nothing", async () => {
    const { user, id, data } = await started();
    const r = await saveSection(user, id, "PERSONAL", formDataOf({ ...data.personal, firstName: "Changed", ssn: "*****1234" }), req());
    expect(r.saved).toBe(false);
    expect(r.reply.error?.ssn?.[0]).toMatch(/SSN must be 9 digits|Please enter the full number/);
    const p = await prisma.appointmentPersonal.findUniqueOrThrow({ where: { appointmentId: id } });
    expect(p.firstName).toBe("Jordan");
    expect(p.ssnEncrypted).toBeNull();
  });

  it("refuses an SSN equal to the business tax id against the stored values, writing nothing", async () => {
    const { user, id, data } = await started("APPTTYP_CORP");
    expect((await saveSection(user, id, "PERSONAL", formDataOf({ ...data.personal, ssn: "900781234", businessTaxID: "123456789" }), req())).saved).toBe(true);
    // Both masked in the form; the tax id typed anew equals the stored SSN.
    const r = await saveSection(user, id, "PERSONAL", formDataOf({ ...data.personal, lastName: "Other", ssn: "*****1234", businessTaxID: "900781234" }), req());
    expect(r.saved).toBe(false);
    expect(r.reply.error?.businessTaxID).toContain(MESSAGES.ssnEqualsTaxId);
    const p = await prisma.appointmentPersonal.findUniqueOrThrow({ where: { appointmentId: id } });
    expect(p.lastName).toBe("Lee");
    expect(decryptField(p.businessTaxIdEncrypted!)).toBe("123456789");
  });

  it("saves an incomplete section (save at any time) and lists what is missing as deficiencies", async () => {
    const { user, id } = await started();
    const r = await saveSection(user, id, "PERSONAL", formDataOf({ firstName: "Jordan", lastName: "Lee" }), req());
    expect(r.saved).toBe(true);
    expect(r.reply.error?.ssn).toBeUndefined();
    const view = await loadApplication(user, id);
    expect(view.completion.percent).toBeLessThan(100);
    expect(view.completion.complete.PERSONAL).toBe(false);
    expect(view.completion.deficiencies).toContainEqual({ section: "PERSONAL", field: "ssn", message: "SSN is required" });
  });

  it("refuses a save with a wrong value, writing nothing of the section", async () => {
    const { user, id, data } = await started();
    const r = await saveSection(user, id, "PERSONAL", formDataOf({ ...data.personal, lastName: "Other", phoneNumber: "555-0100" }), req());
    expect(r.saved).toBe(false);
    expect(r.reply.error?.phoneNumber?.[0]).toMatch(/Phone Number/);
    const p = await prisma.appointmentPersonal.findUniqueOrThrow({ where: { appointmentId: id } });
    expect(p.lastName).toBe("Lee");
  });
});

describe("the audit row and the access check of a save", () => {
  it("audits a save with its section, address and browser; a refused save not at all; another application's access answer is not taken", async () => {
    const { user, id, data } = await started();
    const mine = await requireAppointmentAccess(user, id, { write: true, request: req() });
    expect((await saveSection(user, id, "PERSONAL", formDataOf(data.personal), req(), { access: mine })).saved).toBe(true);
    const saved = await prisma.auditLog.findMany({ where: { action: "APPOINTMENT_SAVED", targetId: String(id) } });
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ actorUserId: user.id, impersonatorUserId: null, targetType: "Appointment", ipAddress: IP, userAgent: UA, details: { section: "PERSONAL" } });
    expect((await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id } })).updatedById).toBe(user.id);

    const refused = await saveSection(user, id, "PERSONAL", formDataOf({ ...data.personal, phoneNumber: "555-0100" }), req(), { access: mine });
    expect(refused.saved).toBe(false);
    expect(await prisma.auditLog.count({ where: { action: "APPOINTMENT_SAVED", targetId: String(id) } })).toBe(1);

    // The access answer of one application does not open another one.
    const other = await started();
    const err = await saveSection(user, other.id, "PERSONAL", formDataOf(other.data.personal), req(), { access: mine }).catch((e: unknown) => e);
    expect((err as Response).status).toBe(404);
    expect(await prisma.auditLog.count({ where: { action: "APPOINTMENT_SAVED", targetId: String(other.id) } })).toBe(0);
  });
});

describe("derived data", () => {
  it("stores the agent name for the commission and agreement signatures, the W-9 name, lowercased email and stripped formatting", async () => {
    const { user, id, data } = await started();
    const personal = {
      ...data.personal,
      firstName: "jordan",
      middleName: "quinn",
      lastName: "lee",
      emailAddress: "Jordan.Lee@Example.COM",
      phoneNumber: "(512) 555-0100",
      apptIRSInfo: { ...data.personal.apptIRSInfo, name: "" },
    };
    expect((await saveSection(user, id, "PERSONAL", formDataOf(personal), req())).saved).toBe(true);
    const sigs = await prisma.appointmentSignature.findMany({ where: { appointmentId: id } });
    const value = (code: string) => sigs.find((s) => s.signatureTypeCode === code)?.signatureValue;
    expect(value("SIGTYP_COMSCHED_AGT")).toBe("Jordan Q Lee");
    expect(value("SIGTYP_AGREENAME")).toBe("Jordan Q Lee");
    const irs = await prisma.appointmentIrsInfo.findUniqueOrThrow({ where: { appointmentId: id } });
    expect(irs.name).toBe("Jordan Quinn Lee");
    const p = await prisma.appointmentPersonal.findUniqueOrThrow({ where: { appointmentId: id } });
    expect(p.emailAddress).toBe("jordan.lee@example.com");
    expect(p.phoneNumber).toBe("5125550100");
  });

  it("mirrors the business tax id into the employer id and the business name into the W-9 for corporations", async () => {
    const { user, id, data } = await started("APPTTYP_CORP");
    const personal = { ...data.personal, businessTaxID: "12-3456789", businessName: "Lee Insurance LLC", apptIRSInfo: { ...data.personal.apptIRSInfo, employerIdNumber: "", businessName: "" } };
    expect((await saveSection(user, id, "PERSONAL", formDataOf(personal), req())).saved).toBe(true);
    const irs = await prisma.appointmentIrsInfo.findUniqueOrThrow({ where: { appointmentId: id } });
    expect(decryptField(irs.employerIdNumberEncrypted!)).toBe("123456789");
    expect(irs.businessName).toBe("Lee Insurance LLC");
  });

  it("charges the resident fee in the resident state and the non-resident fee elsewhere; No clears PA and MT", async () => {
    const { user, id, data } = await started();
    await saveSection(user, id, "PERSONAL", formDataOf(data.personal), req()); // resident state TX
    const fees = { ...data.fees, states: ["TX", "GA"], stateFeeAnswer: "N", isPA: true, isMT: true };
    const r = await saveSection(user, id, "FEES", formDataOf(fees), req());
    expect(r.saved).toBe(true);
    const [tx, ga] = await Promise.all(["TX", "GA"].map((c) => prisma.stateFee.findUniqueOrThrow({ where: { stateCode: c } })));
    const states = await prisma.appointmentState.findMany({ where: { appointmentId: id }, orderBy: { stateCode: "asc" } });
    expect(states.map((s) => [s.stateCode, Number(s.feeAmount), s.isResident])).toEqual([
      ["GA", Number(ga.nonResidentFeeAmount), false],
      ["TX", Number(tx.residentFeeAmount), true],
    ]);
    expect(Number(ga.nonResidentFeeAmount)).not.toBe(Number(ga.residentFeeAmount));
    const a = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id } });
    expect([a.stateFeeAnswer, a.isPA, a.isMT]).toEqual([false, false, false]);
    const view = await loadApplication(user, id);
    expect(view.totalFees).toBe(Number(tx.residentFeeAmount) + Number(ga.nonResidentFeeAmount));

    // Moving to Georgia makes Georgia the resident state.
    await saveSection(user, id, "PERSONAL", formDataOf({ ...data.personal, residentStateCode: "GA" }), req());
    const gaRow = await prisma.appointmentState.findFirstOrThrow({ where: { appointmentId: id, stateCode: "GA" } });
    expect([Number(gaRow.feeAmount), gaRow.isResident]).toEqual([Number(ga.residentFeeAmount), true]);
  });

  it("refuses a duplicate state ('Already Configured') and an unknown one", async () => {
    const { user, id, data } = await started();
    const dup = await saveSection(user, id, "FEES", formDataOf({ ...data.fees, states: ["TX", "TX"] }), req());
    expect(dup.saved).toBe(false);
    expect(dup.reply.error?.states).toContain("Your selected state has already been added to the list.");
    const unknown = await saveSection(user, id, "FEES", formDataOf({ ...data.fees, states: ["ZZ"] }), req());
    expect(unknown.saved).toBe(false);
    expect(await prisma.appointmentState.count({ where: { appointmentId: id } })).toBe(0);
  });
});

describe("signatures", () => {
  it("records the evidence: signer, time, address, browser and the statement; unchanged values keep it", async () => {
    const { prospect, user, id, data } = await started();
    await saveSection(user, id, "PERSONAL", formDataOf(data.personal), req());
    const qna = await prisma.appointmentSignature.findUniqueOrThrow({ where: { appointmentId_signatureTypeCode: { appointmentId: id, signatureTypeCode: "SIGTYP_QNA" } } });
    expect(qna).toMatchObject({
      signatureValue: "Smith",
      signedByUserId: prospect.id,
      actingUserId: null,
      ipAddress: IP,
      userAgent: UA,
      acknowledgedText: SIGNATURE_STATEMENTS.SIGTYP_QNA,
    });
    expect(qna.signedAt).toBeInstanceOf(Date);
    await saveSection(user, id, "PERSONAL", formDataOf({ ...data.personal, qnaComment: "A comment" }), req());
    const again = await prisma.appointmentSignature.findUniqueOrThrow({ where: { id: qna.id } });
    expect(again.signedAt).toEqual(qna.signedAt);

    await saveSection(user, id, "AGREEMENTS", formDataOf(data.agreements), req());
    const policy = await prisma.appointmentSignature.findUniqueOrThrow({
      where: { appointmentId_signatureTypeCode: { appointmentId: id, signatureTypeCode: "SIGTYP_POLICY_AGREE" } },
    });
    expect(policy.signatureValue).toBe("Y");
    expect(policy.acknowledgedText).toBe(SIGNATURE_STATEMENTS.SIGTYP_POLICY_AGREE);
    // The signatures of one save are written together, each with its own statement, at one time.
    // (The background check's acknowledgement, also 'Y', was saved with Personal Information.)
    const agreed = await prisma.appointmentSignature.findMany({ where: { appointmentId: id, signatureValue: "Y", signatureTypeCode: { not: "SIGTYP_FCRA_DISCLOSURE" } } });
    expect(agreed.length).toBeGreaterThan(1);
    for (const s of agreed) {
      expect(s).toMatchObject({ signedByUserId: prospect.id, ipAddress: IP, userAgent: UA, acknowledgedText: SIGNATURE_STATEMENTS[s.signatureTypeCode] ?? null });
      expect(s.signedAt).toEqual(policy.signedAt);
    }

    // A signature cleared keeps no evidence.
    const cleared = await saveSection(user, id, "PERSONAL", formDataOf({ ...data.personal, signatures: { ...data.personal.signatures, SIGTYP_QNA: "" } }), req());
    expect(cleared.saved).toBe(true);
    expect(await prisma.appointmentSignature.findUniqueOrThrow({ where: { id: qna.id } })).toMatchObject({
      signatureValue: "",
      signedByUserId: null,
      actingUserId: null,
      signedAt: null,
      ipAddress: null,
      userAgent: null,
      acknowledgedText: null,
      documentVersion: null,
    });
  });

  it("refuses a signature before the ESIGN consent, with the message next to the field, and saves nothing", async () => {
    const { user, id, data } = await started("APPTTYP_IND", false);
    const r = await saveSection(user, id, "PERSONAL", formDataOf({ ...data.personal, firstName: "Changed" }), req());
    expect(r.saved).toBe(false);
    expect(r.reply.error?.["signatures.SIGTYP_QNA"]).toContain(ESIGN_CONSENT_REQUIRED_MESSAGE);
    expect((await prisma.appointmentPersonal.findUniqueOrThrow({ where: { appointmentId: id } })).firstName).toBe("Jordan");
    expect(await prisma.appointmentSignature.count({ where: { appointmentId: id } })).toBe(0);
    await consent(user, id);
    expect((await saveSection(user, id, "PERSONAL", formDataOf(data.personal), req())).saved).toBe(true);
    const row = await prisma.esignConsent.findFirstOrThrow({ where: { appointmentId: id } });
    expect(row).toMatchObject({ userId: user.id, ipAddress: IP, userAgent: UA });
  });

  it("records the recruiter as the acting user on a paper appointment", async () => {
    const recruiter = asUser(world.mdUser);
    const created = await createPaperAppointment(recruiter, { link: world.linkText, emailAddress: `paper-sig-${Date.now()}@example.com`, apptTypeCode: "APPTTYP_IND" });
    if (!created.ok) throw new Error(created.message);
    await consent(recruiter, created.appointmentId);
    const data = withQuestions(validApplication(), world);
    expect((await saveSection(recruiter, created.appointmentId, "PERSONAL", formDataOf(data.personal), req())).saved).toBe(true);
    const qna = await prisma.appointmentSignature.findFirstOrThrow({ where: { appointmentId: created.appointmentId, signatureTypeCode: "SIGTYP_QNA" } });
    expect(qna.actingUserId).toBe(world.mdUser.id);
    expect(qna.signedByUserId).toBeNull();
  });
});

describe("who may save", () => {
  it("rejects a forged save of a submitted (read-only) application", async () => {
    const { user, id, data } = await started();
    await prisma.appointment.update({ where: { appointmentId: id }, data: { appointmentStatusCode: "APWF_STATUS_NEWCONTRACT" } });
    const err = await saveSection(user, id, "PERSONAL", formDataOf({ ...data.personal, firstName: "Forged" }), req()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Response);
    expect((err as Response).status).toBe(403);
    expect((await prisma.appointmentPersonal.findUniqueOrThrow({ where: { appointmentId: id } })).firstName).toBe("Jordan");
    const view = await loadApplication(user, id);
    expect(view.readOnly).toBe(true);
    expect(view.statusText).toBe("Awaiting Approval");
  });

  it("answers 404 to another prospect changing the id, for reading and writing, and audits it", async () => {
    const { id, data } = await started();
    const other = asUser(await newProspect());
    for (const attempt of [() => loadApplication(other, id), () => saveSection(other, id, "PERSONAL", formDataOf(data.personal), req())]) {
      const err = await attempt().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Response);
      expect((err as Response).status).toBe(404);
    }
    expect(await prisma.auditLog.count({ where: { action: "ACCESS_DENIED", targetId: String(id), actorUserId: other.id } })).toBe(2);
  });

  it("lets an internal administrator read it; an administrator impersonating someone sees only what they see", async () => {
    const { id } = await started();
    const admin = await createUser(prisma, { isInternal: true });
    expect((await loadApplication(asUser(admin), id)).role).toBe("ADMIN");
    const someone = await newProspect();
    const err = await loadApplication(asUser(someone, admin), id).catch((e: unknown) => e);
    expect((err as Response).status).toBe(404);
  });
});
