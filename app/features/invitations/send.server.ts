// Sending a Recruitment Invitation (spec part 1 §2, §5): stores the
// invitation and queues its email in one transaction; a double submit (same
// form token) is one invitation and one job. PREVIEW composes the same
// message and stores nothing. Decisions: docs/decisions/0021-invitations.md,
// 0046-merge-fields-preview-empty-text.md.
import { Prisma } from "~/generated/prisma/client";
import { audit } from "~/lib/audit.server";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { hasVisibleContent } from "~/lib/html-content";
import { inviteContext, type InviteContext, type InviteRoute, type TemplateOption } from "./invite-context.server";
import { ownInvitations, SEND_FAILED } from "./invitations.server";
import { jobOptions, queueJob } from "~/features/jobs/queue.server";
import { appointmentRefusal } from "~/features/appointment/can-be-appointed.server";
import { isOwnEmail, PAPER_MESSAGES } from "~/features/appointment/paper-schema";
import { LICENCE_MESSAGES } from "~/features/licences/messages";
import { inviteeNotInGoodOrder } from "~/features/licences/rules.server";
import { APPOINTMENT_LINK_NOT_FOUND, INVITE_MESSAGES, OOPS, OWN_EMAIL, SAME_SCHEDULE_TWICE, type DialogText } from "./messages";
import { withActionButton } from "./merge-html.server";
import { renderInvitation } from "./render.server";
import { env } from "~/lib/env.server";
import type { InviteForm } from "./schema";

type Db = Prisma.TransactionClient;

/** A refusal: a dialog, or (`fieldErrors`) a message next to the field and no dialog. */
export type SendFailure =
  | { ok: false; status: 400 | 404 | 503; dialog: DialogText; field?: "templateId" | "email"; fieldMessage?: string; fieldErrors?: undefined }
  | { ok: false; status: 400; dialog?: undefined; field?: undefined; fieldErrors: Record<string, string[]> };

export type SendResult = { ok: true; invitationId: number; duplicate: boolean } | SendFailure;

type Composed = {
  ok: true;
  ctx: InviteContext;
  template: TemplateOption;
  firstName: string;
  lastName: string;
  rendered: { html: string; subject: string };
};

/**
 * The message as it will be sent: the context (access checked again), the
 * template, the names (an existing invitation keeps its own) and the
 * rendered text. A text with nothing visible once merged and sanitized is
 * refused next to the body (the same rule as the form's, decision 0046).
 */
async function composeInvitation(db: Db, user: CurrentUser, route: InviteRoute, form: Omit<InviteForm, "confirm">): Promise<Composed | SendFailure> {
  const c = await inviteContext(db, user, route);
  if (!c.ok) return c;
  const ctx = c.context;
  if (ctx.warning) return { ok: false, status: 400, dialog: ctx.warning };
  // The one rule of who may be appointed (decision 0047): never the sender, never someone already in the schedule.
  if (isOwnEmail(user.userName, form.email)) return { ok: false, status: 400, dialog: OWN_EMAIL, field: "email", fieldMessage: PAPER_MESSAGES.ownEmail };
  const refusal = await appointmentRefusal(db, { email: form.email }, ctx.target.lines, {
    appointmentLinkId: ctx.target.appointmentLinkId,
    multiLinkId: ctx.target.multiLinkId,
  });
  if (refusal) return { ok: false, status: 400, dialog: SAME_SCHEDULE_TWICE, field: "email", fieldMessage: SAME_SCHEDULE_TWICE.title };
  // No new appointment link to an agent who is not in good order (issue 23 item 4, decision 0070).
  if (await inviteeNotInGoodOrder(db, form.email)) return { ok: false, status: 400, fieldErrors: { email: [LICENCE_MESSAGES.inviteeNotInGoodOrder] } };
  const templateId = ctx.existing?.corrTemplateId ?? form.templateId;
  const template = ctx.templates.find((tp) => tp.corrTemplateId === templateId)
    ?? (ctx.existing ? ctx.templates.find((tp) => tp.isDefault) : undefined);
  if (!template) return { ok: false, status: 400, dialog: OOPS, field: "templateId" };
  const firstName = ctx.existing?.firstName ?? form.firstName;
  const lastName = ctx.existing?.lastName ?? form.lastName;
  const rendered = await renderInvitation(db, ctx.target, { firstName, lastName, email: form.email, body: form.body, subject: template.subject });
  if (!hasVisibleContent(rendered.html)) return { ok: false, status: 400, fieldErrors: { body: [INVITE_MESSAGES.bodyRequired] } };
  return { ok: true, ctx, template, firstName, lastName, rendered };
}

export type PreviewResult = { ok: true; preview: { to: string; subject: string; html: string } } | SendFailure;

/** PREVIEW: the merged, sanitized message for the prospect (the first recipient). Nothing is stored or queued. */
export async function previewInvitation(user: CurrentUser, route: InviteRoute, form: Omit<InviteForm, "confirm">): Promise<PreviewResult> {
  try {
    const c = await composeInvitation(prisma, user, route, form);
    if (!c.ok) return c;
    // The preview shows the action button the email will have (the job makes it the same way).
    return { ok: true, preview: { to: form.email.toLowerCase(), subject: c.rendered.subject, html: withActionButton(c.rendered.html, env().appUrl) } };
  } catch (error) {
    console.error("previewInvitation failed:", (error as Error).message);
    return { ok: false, status: 503, dialog: OOPS };
  }
}


/**
 * Sends (or re-sends, with `existing`) an invitation: stores it (INVITED,
 * the HTML as sent) and queues the send-invitation job in the same
 * transaction. The form token makes a second POST of the same form a no-op.
 */
export async function sendInvitation(
  user: CurrentUser,
  route: InviteRoute,
  form: InviteForm,
  request?: Request,
): Promise<SendResult> {
  try {
    const result = await prisma.$transaction(async (tx): Promise<SendResult> => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`invitation:send:${form.formToken}`}))`;
      const done = await tx.invitation.findUnique({ where: { submissionToken: form.formToken }, select: { invitationId: true } });
      if (done) {
        const own = await tx.invitation.count({ where: { AND: [{ invitationId: done.invitationId }, ownInvitations(user)] } });
        if (own === 0) return { ok: false, status: 404, dialog: APPOINTMENT_LINK_NOT_FOUND };
        return { ok: true, invitationId: done.invitationId, duplicate: true };
      }
      const composed = await composeInvitation(tx, user, route, form);
      if (!composed.ok) return composed;
      const { ctx, template, firstName, lastName, rendered } = composed;
      const recruiter = ctx.target.lines[0]!.recruiterAgent;
      const data = {
        prospectEmailAddress: form.email.toLowerCase(),
        ccEmailAddress: form.ccEmail ? form.ccEmail.toLowerCase() : null,
        inviteText: rendered.html,
        subject: rendered.subject,
        submissionToken: form.formToken,
        status: "INVITED",
        inviteDate: new Date(),
        mailMessageId: null,
      };
      let invitationId: number;
      if (ctx.existing) {
        invitationId = ctx.existing.invitationId;
        // An existing invitation keeps its names and template; once accepted its status stays.
        const cur = await tx.invitation.findUniqueOrThrow({ where: { invitationId }, select: { status: true, inviterUserId: true } });
        await tx.invitation.update({
          where: { invitationId },
          // An invitation of one of the user's positions without a sender (imported) becomes theirs: the copy goes to them.
          data: { ...data, status: cur.status === SEND_FAILED ? "INVITED" : cur.status, isExternal: false, inviterUserId: cur.inviterUserId ?? user.id },
        });
      } else {
        const row = await tx.invitation.create({
          data: {
            ...data,
            inviteTypeCode: ctx.target.multiLinkId != null ? "INVTYP_MULTI" : "INVTYP_SINGLE",
            appointmentLinkId: ctx.target.appointmentLinkId,
            multiLinkId: ctx.target.multiLinkId,
            inviterUserId: user.id,
            inviterAgentId: recruiter.id,
            inviterAgentNumber: recruiter.agentNumber,
            inviterCompanyNumber: recruiter.companyNumber,
            inviterBlockNumber: recruiter.blockNumber,
            prospectFirstName: firstName,
            prospectLastName: lastName,
            corrTemplateId: template.corrTemplateId,
          },
          select: { invitationId: true },
        });
        invitationId = row.invitationId;
      }
      await queueJob(tx, "send-invitation", { invitationId }, jobOptions.invitationMail(invitationId, form.formToken));
      return { ok: true, invitationId, duplicate: false };
    });
    if (result.ok && !result.duplicate) {
      await audit("INVITATION_SENT", {
        request,
        actorUserId: user.id,
        impersonatorUserId: user.impersonator?.id ?? null,
        targetType: "Invitation",
        targetId: String(result.invitationId),
      });
    }
    return result;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const done = await prisma.invitation.findUnique({ where: { submissionToken: form.formToken }, select: { invitationId: true } });
      if (done) return { ok: true, invitationId: done.invitationId, duplicate: true };
    }
    console.error("sendInvitation failed:", (error as Error).message);
    return { ok: false, status: 503, dialog: OOPS };
  }
}
