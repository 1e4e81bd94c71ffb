// The FCRA 615 adverse-action steps (decision 0122): a CONSIDER result mails the pre-adverse action
// notice with a copy of the report and the summary of rights (step PRE_ADVERSE, its due day 5
// business days later, app/lib/business-days.ts); from that day the administrator confirms the
// decision and the adverse action notice goes (ADVERSE_FINAL). A dispute holds the wait. Each
// step is recorded, mailed (send-email, queued in the step's transaction) and audited.
import type { Prisma } from "~/generated/prisma/client";
import { jobKeys, jobOptions, queueJob } from "~/features/jobs/queue.server";
import { auditScreening as audit, lockScreeningRow } from "./audit.server";
import { addBusinessDays, businessDaysBetween } from "~/lib/business-days";
import { prisma } from "~/lib/db.server";
import { dateOf, dayOf, type Day } from "~/lib/days";
import { env } from "~/lib/env.server";
import { finalAdverseEmail, preAdverseEmail } from "./notice-email.server";
import { ADVERSE_WAIT_BUSINESS_DAYS, SCREENING_MESSAGES as M } from "./statuses";

type Tx = Prisma.TransactionClient;
type Screening = Prisma.ScreeningGetPayload<object>;
type Outcome = { ok: true; screeningId: string } | { ok: false; message: string };

async function applicant(tx: Tx, appointmentId: number) {
  const a = await tx.appointment.findUniqueOrThrow({ where: { appointmentId }, select: { prospectEmailAddress: true, personal: { select: { firstName: true, lastName: true, emailAddress: true } } } });
  // The application always has one (the prospect's invitation address at least).
  const email = a.personal?.emailAddress || a.prospectEmailAddress || "";
  return { email, name: [a.personal?.firstName, a.personal?.lastName].filter(Boolean).join(" ") || email };
}

async function mailStep(tx: Tx, s: Screening, stepId: string, mail: { subject: string; html: string; text: string }, attach: string[]): Promise<string> {
  const to = await applicant(tx, s.appointmentId);
  const key = jobKeys.screeningNoticeMail(stepId);
  await queueJob(tx, "send-email", { to: to.email, subject: mail.subject, html: mail.html, text: mail.text, relatedType: "AdverseActionStep", relatedId: stepId, ...(attach.length ? { sealedAttachmentFileIds: attach } : {}) }, jobOptions.screeningNoticeMail(stepId));
  return key;
}

/** Starts the steps in the result's transaction: the pre-adverse action notice and its wait. */
export async function startAdverseAction(tx: Tx, s: Screening, ctx: { actorId: string | null; now: Date }): Promise<void> {
  const due = addBusinessDays(dayOf(ctx.now), ADVERSE_WAIT_BUSINESS_DAYS);
  const step = await tx.adverseActionStep.create({ data: { screeningId: s.id, kind: "PRE_ADVERSE", dueDay: dateOf(due), sentAt: ctx.now, createdById: ctx.actorId } });
  const { name } = await applicant(tx, s.appointmentId);
  const mailId = await mailStep(tx, s, step.id, preAdverseEmail({ name, vendor: env().SCREENING_VENDOR_NAME, dueDay: due }), s.reportFileId ? [s.reportFileId] : []);
  await tx.adverseActionStep.update({ where: { id: step.id }, data: { mailId } });
  await tx.screening.update({ where: { id: s.id }, data: { status: "ADVERSE_PENDING" } });
  await audit(tx, "SCREENING_PRE_ADVERSE_SENT", s.id, ctx.actorId, { dueDay: due, report: Boolean(s.reportFileId) });
}

/** The wait's state on `today`: business days passed, the due day, whether it is over. */
export function waitState(sentAt: Date, dueDay: Date, today: Day) {
  const due = dayOf(dueDay);
  const passed = Math.min(ADVERSE_WAIT_BUSINESS_DAYS, businessDaysBetween(dayOf(sentAt), today));
  const over = today >= due;
  return { passed, due, over, text: over ? M.waitOver(due) : M.waitDay(passed, due) };
}

async function locked(tx: Tx, screeningId: string) {
  await lockScreeningRow(tx, screeningId);
  return tx.screening.findUnique({ where: { id: screeningId }, include: { steps: true } });
}

/** The administrator confirms the decision: the adverse action notice, never before the due day nor during a dispute. */
export function sendAdverseNotice(screeningId: string, ctx: { actorId: string; now?: Date; request?: Request }): Promise<Outcome> {
  const now = ctx.now ?? new Date();
  return prisma.$transaction(async (tx): Promise<Outcome> => {
    const s = await locked(tx, screeningId);
    const pre = s?.steps.find((x) => x.kind === "PRE_ADVERSE");
    if (!s || !pre?.dueDay || !pre.sentAt) return { ok: false, message: M.notPending };
    if (s.status === "DISPUTED") return { ok: false, message: M.finalDisputed };
    if (s.status !== "ADVERSE_PENDING") return { ok: false, message: M.notPending };
    const w = waitState(pre.sentAt, pre.dueDay, dayOf(now));
    if (!w.over) {
      await audit(tx, "SCREENING_ADVERSE_REFUSED", s.id, ctx.actorId, { dueDay: w.due, passed: w.passed }, ctx.request);
      return { ok: false, message: M.finalTooEarly(w.due) };
    }
    const step = await tx.adverseActionStep.create({ data: { screeningId: s.id, kind: "ADVERSE_FINAL", dueDay: pre.dueDay, sentAt: now, createdById: ctx.actorId } });
    const { name } = await applicant(tx, s.appointmentId);
    const mailId = await mailStep(tx, s, step.id, finalAdverseEmail({ name, vendor: env().SCREENING_VENDOR_NAME }), []);
    await tx.adverseActionStep.update({ where: { id: step.id }, data: { mailId } });
    await tx.screening.update({ where: { id: s.id }, data: { status: "ADVERSE_FINAL" } });
    await audit(tx, "SCREENING_ADVERSE_SENT", s.id, ctx.actorId, { dueDay: w.due, passed: w.passed }, ctx.request);
    return { ok: true, screeningId };
  });
}

/** The applicant disputes (ADVERSE_PENDING -> DISPUTED), or the dispute is resolved by the vendor's new result. */
export function recordDispute(screeningId: string, resolution: "DISPUTED" | "CLEAR" | "CONSIDER", ctx: { actorId: string; now?: Date; request?: Request }): Promise<Outcome> {
  return prisma.$transaction(async (tx): Promise<Outcome> => {
    const s = await locked(tx, screeningId);
    if (!s) return { ok: false, message: M.noScreening };
    const from = resolution === "DISPUTED" ? "ADVERSE_PENDING" : "DISPUTED";
    if (s.status !== from) return { ok: false, message: M.notPending };
    // A reinvestigation's CONSIDER resumes the wait where it was; CLEAR lifts the hold.
    const status = resolution === "DISPUTED" ? "DISPUTED" : resolution === "CLEAR" ? "CLEAR" : "ADVERSE_PENDING";
    await tx.screening.update({ where: { id: s.id }, data: { status, ...(resolution === "DISPUTED" ? {} : { result: resolution, resultAt: ctx.now ?? new Date(), resultById: ctx.actorId }) } });
    await audit(tx, resolution === "DISPUTED" ? "SCREENING_DISPUTED" : "SCREENING_DISPUTE_RESOLVED", s.id, ctx.actorId, { status }, ctx.request);
    return { ok: true, screeningId };
  });
}
