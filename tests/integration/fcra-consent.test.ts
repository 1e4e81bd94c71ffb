// The background check's consent in Personal Information (issue 38 item 1, decision 0121): the
// FCRA disclosure acknowledged and the authorisation signed, each a signature row with the
// e-signature evidence (who, when, IP, browser, the text's version) that the screening reads;
// one without the other refused beside its field; refused while an administrator impersonates;
// submission blocked without them, the 'Still needed' list naming them.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server";
import { saveSection } from "~/features/appointment/appointment.server";
import { currentSubmitRefusal } from "~/features/appointment/submit-checks.server";
import { applicationScreen } from "~/features/appointment/screen.server";
import {
  CONSENT_1033_DOCUMENT_TYPE,
  FCRA_AUTH_SIG,
  FCRA_AUTH_VERSION,
  FCRA_DISCLOSURE_SIG,
  FCRA_DISCLOSURE_VERSION,
  FCRA_MESSAGES,
  is1033Question,
} from "~/features/appointment/fcra";
import { useTestDatabase } from "../support/db";
import { createUser } from "../support/factories";
import { IP, UA, asUser, consent, filledIn, formDataOf, makeWorld, newApplication, req, withQuestions, type World } from "./appointment-fixtures";
import { validApplication } from "~/features/appointment/fixtures";

useTestDatabase();

let world: World;
beforeAll(async () => {
  world = await makeWorld();
});

/** A new individual application with the consent to sign electronically, and its personal data. */
async function started() {
  const { user, id } = await newApplication(world);
  await consent(user, id);
  return { user, id, personal: withQuestions(validApplication("APPTTYP_IND"), world).personal };
}

const fcraRows = (id: number) =>
  prisma.appointmentSignature.findMany({ where: { appointmentId: id, signatureTypeCode: { in: [FCRA_DISCLOSURE_SIG, FCRA_AUTH_SIG] } }, orderBy: { signatureTypeCode: "asc" } });

describe("the background check in Personal Information", () => {
  it("saves the disclosure and the authorisation with the e-signature evidence and the text versions", async () => {
    const { user, id, personal } = await started();
    const before = new Date();
    const r = await saveSection(user, id, "PERSONAL", formDataOf({ ...personal, signatures: { ...personal.signatures, [FCRA_DISCLOSURE_SIG]: "Y", [FCRA_AUTH_SIG]: "Jordan A Lee" } }), req());
    expect(r.saved, JSON.stringify(r.reply.error)).toBe(true);
    const [auth, disclosure] = await fcraRows(id);
    expect(disclosure).toMatchObject({
      signatureTypeCode: "SIGTYP_FCRA_DISCLOSURE",
      signatureValue: "Y",
      signedByUserId: user.id,
      actingUserId: null,
      ipAddress: IP,
      userAgent: UA,
      acknowledgedText: FCRA_DISCLOSURE_VERSION,
      documentVersion: FCRA_DISCLOSURE_VERSION,
    });
    expect(auth).toMatchObject({
      signatureTypeCode: "SIGTYP_FCRA_AUTH",
      signatureValue: "Jordan A Lee",
      signedByUserId: user.id,
      ipAddress: IP,
      userAgent: UA,
      acknowledgedText: FCRA_AUTH_VERSION,
      documentVersion: FCRA_AUTH_VERSION,
    });
    for (const row of [auth!, disclosure!]) expect(row.signedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
  });

  it("refuses the authorisation without the acknowledgement, and the acknowledgement without the name, beside the field", async () => {
    const { user, id, personal } = await started();
    const noAck = await saveSection(user, id, "PERSONAL", formDataOf({ ...personal, signatures: { ...personal.signatures, [FCRA_DISCLOSURE_SIG]: "N", [FCRA_AUTH_SIG]: "Jordan A Lee" } }), req());
    expect(noAck.saved).toBe(false);
    expect(noAck.reply.error?.[`signatures.${FCRA_DISCLOSURE_SIG}`]).toEqual([FCRA_MESSAGES.ackBeforeAuth]);
    // What was typed comes back.
    expect(JSON.stringify(noAck.reply.initialValue)).toContain("Jordan A Lee");
    const noName = await saveSection(user, id, "PERSONAL", formDataOf({ ...personal, signatures: { ...personal.signatures, [FCRA_DISCLOSURE_SIG]: "Y", [FCRA_AUTH_SIG]: "" } }), req());
    expect(noName.saved).toBe(false);
    expect(noName.reply.error?.[`signatures.${FCRA_AUTH_SIG}`]).toEqual([FCRA_MESSAGES.authRequired]);
    expect(await fcraRows(id)).toEqual([]);
  });

  it("refuses both while an administrator impersonates the applicant", async () => {
    const { user, id, personal } = await started();
    const prospect = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    const admin = await createUser(prisma, { isInternal: true, firstName: "Ada", lastName: "Admin" });
    const acting = asUser(prospect, admin);
    const r = await saveSection(acting, id, "PERSONAL", formDataOf({ ...personal, signatures: { ...personal.signatures, [FCRA_DISCLOSURE_SIG]: "Y", [FCRA_AUTH_SIG]: "Jordan A Lee" } }), req());
    expect(r.saved).toBe(false);
    expect(r.reply.error?.[`signatures.${FCRA_DISCLOSURE_SIG}`]).toEqual([FCRA_MESSAGES.impersonation]);
    expect(r.reply.error?.[`signatures.${FCRA_AUTH_SIG}`]).toEqual([FCRA_MESSAGES.impersonation]);
    expect(await fcraRows(id)).toEqual([]);
  });

  it("blocks the submission without them: 'Still needed' names both", async () => {
    const { user, id } = await filledIn(world, "APPTTYP_IND");
    expect(await currentSubmitRefusal(user, id, req())).toBeNull();
    await prisma.appointmentSignature.deleteMany({ where: { appointmentId: id, signatureTypeCode: { in: [FCRA_DISCLOSURE_SIG, FCRA_AUTH_SIG] } } });
    const refusal = await currentSubmitRefusal(user, id, req());
    expect(refusal?.deficiencies.filter((d) => d.section === "PERSONAL")).toEqual([
      { section: "PERSONAL", field: `signatures.${FCRA_DISCLOSURE_SIG}`, message: FCRA_MESSAGES.disclosureRequired },
      { section: "PERSONAL", field: `signatures.${FCRA_AUTH_SIG}`, message: FCRA_MESSAGES.authRequired },
    ]);
  });

  it("18 U.S.C. 1033: a Yes to the breach-of-trust question asks for the 1033 consent document (without stopping the submission), a No does not", async () => {
    const { user, id, data } = await filledIn(world, "APPTTYP_IND");
    const questions = await prisma.question.findMany({ where: { questionType: "QUES_TYP_PERSONAL", isActive: true } });
    const q1033 = questions.find((q) => is1033Question(q.questionText));
    expect(q1033, "the breach-of-trust question").toBeDefined();
    // The requirement the upload offers (group UPLOADED).
    expect(await prisma.documentRequirement.count({ where: { documentTypeCode: CONSENT_1033_DOCUMENT_TYPE, groupCode: "UPLOADED" } })).toBeGreaterThan(0);
    const answer = (yes: boolean) => data.personal.answers!.map((a) => (a.questionId === String(q1033!.questionId) ? { ...a, answer: yes ? "Y" : "N" } : a));

    const no = await saveSection(user, id, "PERSONAL", formDataOf({ ...data.personal, ssn: undefined, answers: answer(false) }), req());
    expect(no.saved, JSON.stringify(no.reply.error)).toBe(true);
    expect(await currentSubmitRefusal(user, id, req())).toBeNull();
    expect((await applicationScreen(user, id, "DOCS", req())).view.asks1033Consent).toBe(false);

    const yes = await saveSection(user, id, "PERSONAL", formDataOf({ ...data.personal, ssn: undefined, answers: answer(true) }), req());
    expect(yes.saved, JSON.stringify(yes.reply.error)).toBe(true);
    // Asked on Supporting Documents; the question also covers a charge or a misdemeanour, which 1033
    // does not: the applicant may still submit, and the reviewer sees that it was asked.
    const docs = await applicationScreen(user, id, "DOCS", req());
    expect(docs.view.asks1033Consent).toBe(true);
    expect(await currentSubmitRefusal(user, id, req())).toBeNull();
  });
});
