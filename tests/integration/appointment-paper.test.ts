// A recruiter fills out an application on a prospect's behalf (a paper
// appointment, spec part 2 §2 parameters email / multiPaper, §3, §8;
// part 1 §5 'Apply mode'): the confirmation posted to /appoint/paper
// (startPaperAppointment), the email rules, 'Cannot Create Appointment',
// the recruiter saving with their signature evidence, and the evidence
// shown only to internal administrators.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server";
import { loadApplication, saveSection } from "~/features/appointment/appointment.server";
import { SECRET_GIVEN } from "~/features/appointment/codes";
import { signatureEvidence } from "~/features/appointment/evidence.server";
import { validApplication } from "~/features/appointment/fixtures";
import { paperParams, startPaperAppointment } from "~/features/appointment/paper.server";
import { useTestDatabase } from "../support/db";
import { createAgent, createAppointmentLink, createUser, randomCode } from "../support/factories";
import { IP, UA, asUser, consent, formDataOf, makeWorld, newProspect, req, withQuestions, type World } from "./appointment-fixtures";

useTestDatabase();

let world: World;
beforeAll(async () => {
  world = await makeWorld();
});

let n = 0;
const uniqueEmail = (prefix = "paper") => `${prefix}-${Date.now()}-${++n}@Example.com`;

function single(email: string, link = world.linkText) {
  return paperParams(new URLSearchParams({ email, link, apptTypeCode: "APPTTYP_IND" }));
}

function confirm(email: string, apptTypeCode = "APPTTYP_IND") {
  const fd = new FormData();
  fd.set("email", email);
  fd.set("apptTypeCode", apptTypeCode);
  return fd;
}

async function paperCount() {
  return prisma.appointment.count({ where: { isPaperAppointment: true } });
}

describe("creating a paper appointment", () => {
  it("creates the application with the recruiter as submitter and the prospect email lowercased", async () => {
    const email = uniqueEmail();
    const r = await startPaperAppointment(asUser(world.mdUser), single(email), confirm(email), req("/appoint/paper"));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const a = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: r.appointmentId }, include: { carrierBlocks: true, personal: true } });
    expect(a).toMatchObject({
      isPaperAppointment: true,
      submitterId: world.mdUser.id,
      userId: null,
      prospectEmailAddress: email.toLowerCase(),
      appointmentStatusCode: "APWF_STATUS_INCOMPLETE",
      appointmentTypeCode: "APPTTYP_IND",
      appointmentLinkId: world.link.appointmentLinkId,
    });
    expect(a.personal?.emailAddress).toBe(email.toLowerCase());
    expect(a.carrierBlocks.map((b) => b.scheduleLevelId)).toEqual([world.level5.scheduleLevelId]);
    expect((await loadApplication(asUser(world.mdUser), r.appointmentId)).role).toBe("SUBMITTER");
  });

  it("creates one for a multi-link (multiPaper) with a line per link", async () => {
    const level7 = world.schedule.levels.find((l) => l.levelNo === 7)!;
    const link7 = await createAppointmentLink(prisma, { recruiterAgentId: world.md.id, scheduleLevelId: level7.scheduleLevelId });
    const multi = await prisma.multiLink.create({
      data: {
        code: randomCode(),
        items: { create: [{ appointmentLinkId: world.link.appointmentLinkId, sortOrder: 1 }, { appointmentLinkId: link7.appointmentLinkId, sortOrder: 2 }] },
      },
    });
    const email = uniqueEmail("multi");
    const p = paperParams(new URLSearchParams({ multiPaper: "1", multiLinkId: String(multi.multiLinkId), email, apptTypeCode: "APPTTYP_CORP" }));
    const r = await startPaperAppointment(asUser(world.mdUser), p, confirm(email, "APPTTYP_CORP"), req());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const a = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: r.appointmentId }, include: { carrierBlocks: { orderBy: { levelNo: "asc" } } } });
    expect(a).toMatchObject({ multiLinkId: multi.multiLinkId, appointmentTypeCode: "APPTTYP_CORP", isPaperAppointment: true });
    expect(a.carrierBlocks.map((b) => b.levelNo)).toEqual([5, 7]);
  });

  it("refuses a malformed prospect email with 'Email Address Format Is Invalid' and creates nothing", async () => {
    const before = await paperCount();
    for (const email of ["not-an-email", "someone@", "two words@example.com"]) {
      const r = await startPaperAppointment(asUser(world.mdUser), single(email), confirm(email), req());
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.reply.error?.email).toEqual(["Email Address Format Is Invalid"]);
      expect(r.dialog).toBeNull();
    }
    expect(await paperCount()).toBe(before);
  });

  it("refuses the recruiter's own login email, whatever its case, with 'You Cannot Use Your Email'", async () => {
    const before = await paperCount();
    const own = world.mdUser.userName.toUpperCase();
    const r = await startPaperAppointment(asUser(world.mdUser), single(own), confirm(` ${own} `), req());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reply.error?.email).toEqual(["You Cannot Use Your Email"]);
    expect(await paperCount()).toBe(before);
  });

  it("answers 'Cannot Create Appointment' (AGENT_CANNOT_BE_IN_SAME_SCHEDULE_TWICE) to a second application for the same email and hierarchy", async () => {
    const email = uniqueEmail("twice");
    expect((await startPaperAppointment(asUser(world.mdUser), single(email), confirm(email), req())).ok).toBe(true);
    const before = await paperCount();
    const again = await startPaperAppointment(asUser(world.mdUser), single(email.toUpperCase()), confirm(email.toUpperCase()), req());
    expect(again).toMatchObject({
      ok: false,
      dialog: {
        code: "AGENT_CANNOT_BE_IN_SAME_SCHEDULE_TWICE",
        title: "Cannot Create Appointment",
        message: "An appointment app already exists for this email and hierarchy. A different prospect email address is required.",
      },
    });
    expect(await paperCount()).toBe(before);
  });

  it("answers 'Bad appointment link' for an unknown link or someone else's link", async () => {
    const stranger = await createUser(prisma, {});
    await createAgent(prisma, { userId: stranger.id });
    const email = uniqueEmail("bad");
    for (const [user, link] of [
      [asUser(world.mdUser), "APLDOESNOTEXIST"],
      [asUser(stranger), world.linkText],
    ] as const) {
      const r = await startPaperAppointment(user, single(email, link), confirm(email), req());
      expect(r).toMatchObject({ ok: false, dialog: { code: "BAD_APPT_LINK", title: "Cannot Create Appointment", message: "Bad appointment link" } });
    }
  });
});

describe("the recruiter fills it out; administrators see the evidence", () => {
  it("lets the recruiter save with their consent; the signatures record them as acting user; only an internal administrator sees the evidence", async () => {
    const recruiter = asUser(world.mdUser);
    const email = uniqueEmail("fill");
    const created = await startPaperAppointment(recruiter, single(email), confirm(email), req());
    if (!created.ok) throw new Error(JSON.stringify(created));
    const id = created.appointmentId;
    await consent(recruiter, id);
    const data = withQuestions(validApplication(), world);
    const saved = await saveSection(recruiter, id, "PERSONAL", formDataOf(data.personal), req());
    expect(saved.saved).toBe(true);
    expect((await prisma.appointmentPersonal.findUniqueOrThrow({ where: { appointmentId: id } })).firstName).toBe(data.personal.firstName);
    const qna = await prisma.appointmentSignature.findFirstOrThrow({ where: { appointmentId: id, signatureTypeCode: "SIGTYP_QNA" } });
    expect(qna).toMatchObject({ actingUserId: world.mdUser.id, signedByUserId: null, ipAddress: IP, userAgent: UA });

    const admin = await createUser(prisma, { isInternal: true });
    const evidence = await signatureEvidence(asUser(admin), id, req());
    expect(evidence.consents).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ id: world.mdUser.id, email: world.mdUser.userName }), ipAddress: IP, userAgent: UA, consentTextVersion: expect.any(String) }),
    ]);
    const sig = evidence.signatures.find((s) => s.signatureTypeCode === "SIGTYP_QNA");
    expect(sig).toMatchObject({
      // Who, when, from where: never the typed mother's maiden name (decision 0104).
      value: SECRET_GIVEN,
      checkbox: false,
      signedBy: null,
      actingUser: { id: world.mdUser.id, email: world.mdUser.userName },
      ipAddress: IP,
      userAgent: UA,
    });
    expect(sig?.acknowledgedText).toMatch(/mother's maiden name/);
    expect(sig?.signedAt).toEqual(qna.signedAt?.toISOString());
  });

  it("refuses the evidence (404) to the prospect, the recruiter and an administrator impersonating someone", async () => {
    const prospect = await newProspect();
    const r = await startPaperAppointment(asUser(world.mdUser), single(prospect.userName), confirm(prospect.userName), req());
    if (!r.ok) throw new Error(JSON.stringify(r));
    // The prospect's account is linked to the application: they may open it, not the evidence.
    await prisma.appointment.update({ where: { appointmentId: r.appointmentId }, data: { userId: prospect.id } });
    expect((await loadApplication(asUser(prospect), r.appointmentId)).role).toBe("PROSPECT");
    const admin = await createUser(prisma, { isInternal: true });
    for (const user of [asUser(prospect), asUser(world.mdUser), asUser(prospect, admin)]) {
      const err = await signatureEvidence(user, r.appointmentId, req()).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Response);
      expect((err as Response).status).toBe(404);
    }
    expect(
      await prisma.auditLog.count({ where: { action: "ACCESS_DENIED", targetId: String(r.appointmentId), actorUserId: prospect.id } }),
    ).toBeGreaterThanOrEqual(1);
    expect((await signatureEvidence(asUser(admin), r.appointmentId, req())).signatures).toEqual([]);
  });
});
