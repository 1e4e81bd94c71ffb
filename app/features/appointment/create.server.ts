// Starting an application: the wizard (an invited or linked prospect applies
// for themselves), and what the wizard and paper appointments share (the
// enrollRep type, closed statuses, error dialogs, the creation lock).
// Spec part 2 §2 'Wizard'; part 1 §4 (links, multi-links, web-based
// invitation templates 2070/2071). Link resolution lives in
// resolve-link.server.ts, paper appointments in paper-create.server.ts.
import type { Prisma } from "~/generated/prisma/client";
import { audit } from "~/lib/audit.server";
import { auditAppointment } from "./access.server";
import { byVerifiedEmail, type CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import {
  ENROLL_REP_TYPE,
  WIZARD_APPOINTMENT_TYPES,
  isAppointmentTypeCode,
  type AppointmentTypeCode,
  type InvitationFlavour,
} from "./model";
import { carrierBlockRows, enrollRepOf, resolveLink, type ResolvedLink } from "./resolve-link.server";
import { appointmentRefusal, CLOSED_STATUSES } from "./can-be-appointed.server";
import { ALREADY_CONFIGURED_TITLE, SAME_SCHEDULE_TWICE_MESSAGE } from "~/features/links/messages";
import { contactPhone } from "~/features/agents/format";

type Db = Prisma.TransactionClient;

export const REP_TYPE: AppointmentTypeCode = ENROLL_REP_TYPE;

/** Statuses of an application that no longer counts (a new one may be started): can-be-appointed.server.ts. */
export { CLOSED_STATUSES };

/** Invitation flavour from the invitation email's template type (part 1 §4). */
export function flavourOfTemplateType(templateTypeId: number | null | undefined): InvitationFlavour {
  if (templateTypeId === 2070) return "VB";
  if (templateTypeId === 2071) return "VB_CUSTOM";
  return "STANDARD";
}

export type ErrorDialog = { title: string; message: string };

export const WIZARD_SYSTEM_ERROR: ErrorDialog = {
  title: "Wizard: System Error",
  message: "Oops. Pardon our mistakes. Please start over from the home page...",
};
export const WIZARD_AGENCY_FAILED: ErrorDialog = {
  title: "Wizard: Fetching Agency information failed",
  message: "Oops. We could not find the agency of this invitation. Please start over from the home page...",
};
/** AGENT_CANNOT_BE_IN_SAME_SCHEDULE_TWICE for the person themselves (can-be-appointed.server.ts). */
export const SAME_SCHEDULE_TWICE_DIALOG: ErrorDialog = { title: ALREADY_CONFIGURED_TITLE, message: SAME_SCHEDULE_TWICE_MESSAGE };
export const CREATE_SYSTEM_ERROR: ErrorDialog = {
  title: "System Error",
  message: "Oops! Some unforeseen system error occurred while trying to create the application...",
};

function recruiterName(a: { agentType: string; companyName: string | null; firstName: string | null; lastName: string | null }) {
  if (a.agentType === "C" && a.companyName) return a.companyName;
  return [a.firstName, a.lastName].filter(Boolean).join(" ") || a.companyName || "";
}

// ───────────────────────────── wizard ─────────────────────────────

export type WizardLine = {
  carrier: string;
  carrierName: string;
  productTypeCode: string;
  productType: string;
  levelNo: number;
  levelName: string;
  /** The commission schedule's name: tells two schedules of one carrier apart. */
  scheduleName: string;
  enrollRep: boolean;
  /** The commission schedule PDF (system Document id), if any. */
  documentId: string | null;
};

export type WizardRecruiter = {
  name: string;
  agencyName: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  stateCode: string | null;
  zipCode: string | null;
  phoneNumber: string | null;
  emailAddress: string | null;
  agentNumber: string;
  companyNumber: string;
  blockNumber: number;
};

export type WizardContext = {
  link: string;
  appointmentLinkId: number | null;
  multiLinkId: number | null;
  isMulti: boolean;
  recruiter: WizardRecruiter;
  /** Single link: its level; multi-link: the first line's level (see lines). */
  levelNo: number;
  levelName: string;
  lines: WizardLine[];
  /** The type is fixed to APPTTYP_REP: skip step 3. */
  enrollRep: boolean;
  /** The user was appointed before: shorter instructions on step 1. */
  appointedBefore: boolean;
  /** Web-based flavour of the invitation (STANDARD, VB, VB_CUSTOM). */
  flavour: InvitationFlavour;
  /** The types step 3 offers (for this flavour). */
  appointmentTypes: ReadonlyArray<{ code: AppointmentTypeCode; label: string }>;
  /** The user's application for this link, when one exists: go straight to it. */
  existingAppointmentId: number | null;
};

export type WizardResult<T> = ({ ok: true } & T) | ({ ok: false } & ErrorDialog);

function wizardLines(r: ResolvedLink): WizardLine[] {
  return r.lines.map((l) => ({
    carrier: l.scheduleLevel.schedule.carrier.carrierCode,
    carrierName: l.scheduleLevel.schedule.carrier.name,
    productTypeCode: l.scheduleLevel.schedule.productType.productTypeCode,
    productType: l.scheduleLevel.schedule.productType.name,
    levelNo: l.scheduleLevel.levelNo,
    levelName: l.scheduleLevel.levelName,
    scheduleName: l.scheduleLevel.schedule.scheduleName,
    enrollRep: l.scheduleLevel.enrollRep,
    documentId: l.scheduleLevel.documentId,
  }));
}

/** The user's pending or accepted invitation for this link (newest), if any. */
async function invitationFor(db: Db, user: CurrentUser, r: ResolvedLink) {
  return db.invitation.findFirst({
    where: {
      status: { in: ["INVITED", "ACCEPTED"] },
      ...(r.multiLinkId != null ? { multiLinkId: r.multiLinkId } : { appointmentLinkId: r.appointmentLinkId }),
      OR: [{ prospectUserId: user.id }, ...byVerifiedEmail(user)],
    },
    orderBy: { inviteDate: "desc" },
    include: { emailTemplate: { select: { templateTypeId: true } } },
  });
}

async function existingFor(db: Db, userId: string, r: ResolvedLink) {
  const row = await db.appointment.findFirst({
    where: {
      userId,
      isDeleted: false,
      appointmentStatusCode: { notIn: CLOSED_STATUSES },
      ...(r.multiLinkId != null ? { multiLinkId: r.multiLinkId } : { appointmentLinkId: r.appointmentLinkId }),
    },
    orderBy: { appointmentId: "asc" },
    select: { appointmentId: true },
  });
  return row?.appointmentId ?? null;
}

/** The one rule (can-be-appointed.server.ts) for the signed-in user and a link: their own application of this link aside. */
export async function refusedFor(db: Db, user: CurrentUser, r: ResolvedLink): Promise<boolean> {
  const refusal = await appointmentRefusal(db, { userId: user.id, email: user.userName }, r.lines, {
    appointmentLinkId: r.appointmentLinkId,
    multiLinkId: r.multiLinkId,
  });
  return refusal != null;
}

/** What the wizard shows for a link: recruiter, levels, enrollRep, instructions variant. */
export async function wizardContext(
  user: CurrentUser,
  input: { link?: string | null; multiLinkId?: number | string | null },
): Promise<WizardResult<{ context: WizardContext }>> {
  // The link's code is required: a multiLinkId alone would open another recruiter's multi-link.
  if (!input.link) return { ok: false, ...WIZARD_SYSTEM_ERROR };
  const r = await resolveLink(prisma, input);
  if (!r) return { ok: false, ...WIZARD_AGENCY_FAILED };
  const recruiterAgent = r.lines[0].recruiterAgent;
  const [invitation, existingAppointmentId, appointedBefore] = await Promise.all([
    invitationFor(prisma, user, r),
    existingFor(prisma, user.id, r),
    wasAppointedBefore(user.id),
  ]);
  // The person's own application for this link opens as it is; otherwise the one rule (decision 0047).
  if (existingAppointmentId == null && (await refusedFor(prisma, user, r))) return { ok: false, ...SAME_SCHEDULE_TWICE_DIALOG };
  const lines = wizardLines(r);
  const flavour = flavourOfTemplateType(invitation?.emailTemplate?.templateTypeId);
  return {
    ok: true,
    context: {
      link: r.link,
      appointmentLinkId: r.appointmentLinkId,
      multiLinkId: r.multiLinkId,
      isMulti: r.multiLinkId != null,
      recruiter: {
        name: recruiterName(recruiterAgent),
        agencyName: recruiterAgent.businessName || recruiterName(recruiterAgent),
        address1: recruiterAgent.businessAddress1 ?? recruiterAgent.address1,
        address2: recruiterAgent.businessAddress1 ? recruiterAgent.businessAddress2 : recruiterAgent.address2,
        city: recruiterAgent.businessAddress1 ? recruiterAgent.businessCity : recruiterAgent.city,
        stateCode: recruiterAgent.businessAddress1 ? recruiterAgent.businessStateCode : recruiterAgent.stateCode,
        zipCode: recruiterAgent.businessAddress1 ? recruiterAgent.businessZipCode : recruiterAgent.zipCode,
        phoneNumber: contactPhone(recruiterAgent),
        emailAddress: recruiterAgent.email,
        agentNumber: recruiterAgent.agentNumber,
        companyNumber: recruiterAgent.companyNumber,
        blockNumber: recruiterAgent.blockNumber,
      },
      levelNo: lines[0].levelNo,
      levelName: lines[0].levelName,
      lines,
      enrollRep: enrollRepOf(r),
      appointedBefore,
      flavour,
      appointmentTypes: WIZARD_APPOINTMENT_TYPES[flavour],
      existingAppointmentId,
    },
  };
}

async function wasAppointedBefore(userId: string): Promise<boolean> {
  const [agent, approved] = await Promise.all([
    prisma.agent.findFirst({ where: { userId }, select: { id: true } }),
    prisma.appointment.findFirst({ where: { userId, appointmentStatusCode: "APWF_STATUS_APPROVED" }, select: { appointmentId: true } }),
  ]);
  return agent != null || approved != null;
}

/**
 * Step 2 answered No and confirmed: the user's invitation(s) for this link
 * are marked DECLINED (kept for the recruiter's Past Invitations). The
 * caller signs the user out. Returns how many invitations were declined.
 */
export async function declineInvitation(
  user: CurrentUser,
  input: { link?: string | null; multiLinkId?: number | string | null },
  request?: Request,
): Promise<{ declined: number }> {
  if (!input.link) return { declined: 0 };
  const r = await resolveLink(prisma, input);
  if (!r) return { declined: 0 };
  const res = await prisma.invitation.updateMany({
    where: {
      status: { in: ["INVITED", "ACCEPTED"] },
      ...(r.multiLinkId != null ? { multiLinkId: r.multiLinkId } : { appointmentLinkId: r.appointmentLinkId }),
      OR: [{ prospectUserId: user.id }, ...byVerifiedEmail(user)],
    },
    data: { status: "DECLINED", declinedAt: new Date(), prospectUserId: user.id },
  });
  if (res.count > 0) {
    await audit("INVITATION_DECLINED", {
      request,
      actorUserId: user.id,
      impersonatorUserId: user.impersonator?.id ?? null,
      targetType: r.multiLinkId != null ? "MultiLink" : "AppointmentLink",
      targetId: String(r.multiLinkId ?? r.appointmentLinkId),
      details: { count: res.count },
    });
  }
  return { declined: res.count };
}

/** Serialises two creations of the same thing (double click, two tabs). */
export async function lock(db: Db, key: string) {
  await db.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${key}))`;
}

/**
 * Creates the user's application from the wizard (status INCOMPLETE), linked
 * to the link or multi-link, its invitation and recruiter, one carrier/level
 * line per link; enrollRep forces APPTTYP_REP. The personal section is
 * prefilled from the signed-in profile. Idempotent: the user's existing
 * application for the same link is returned instead.
 */
export async function createFromWizard(
  user: CurrentUser,
  input: { link?: string | null; multiLinkId?: number | string | null; appointmentTypeCode?: string | null },
  request?: Request,
): Promise<WizardResult<{ appointmentId: number; created: boolean }>> {
  if (!input.link) return { ok: false, ...WIZARD_SYSTEM_ERROR };
  try {
    const result = await prisma.$transaction(async (tx) => {
      const r = await resolveLink(tx, input);
      if (!r) return { ok: false as const, ...WIZARD_AGENCY_FAILED };
      const enrollRep = enrollRepOf(r);
      await lock(tx, `appointment:create:${user.id}:${r.multiLinkId ?? "L" + r.appointmentLinkId}`);
      const existing = await existingFor(tx, user.id, r);
      if (existing) return { ok: true as const, appointmentId: existing, created: false };
      if (await refusedFor(tx, user, r)) return { ok: false as const, ...SAME_SCHEDULE_TWICE_DIALOG };
      const invitation = await invitationFor(tx, user, r);
      const flavour = flavourOfTemplateType(invitation?.emailTemplate?.templateTypeId);
      const typeCode = enrollRep ? REP_TYPE : input.appointmentTypeCode;
      const offered = WIZARD_APPOINTMENT_TYPES[flavour].some((t) => t.code === typeCode);
      if (!isAppointmentTypeCode(typeCode) || (!enrollRep && !offered)) {
        return { ok: false as const, title: "Appointment Type?", message: "Please choose one of the appointment types before continuing." };
      }
      const first = r.lines[0];
      const email = user.userName.toLowerCase();
      const row = await tx.appointment.create({
        data: {
          appointmentTypeCode: typeCode,
          appointmentStatusCode: "APWF_STATUS_INCOMPLETE",
          userId: user.id,
          prospectEmailAddress: email,
          recruiterAgentId: first.recruiterAgentId,
          appointmentLinkId: r.appointmentLinkId,
          multiLinkId: r.multiLinkId,
          invitationId: invitation?.invitationId ?? null,
          invitationFlavour: flavour,
          mgaCode: first.scheduleLevel.schedule.mgaCode,
          createdById: user.impersonator?.id ?? user.id,
          updatedById: user.impersonator?.id ?? user.id,
          personal: {
            create: {
              firstName: user.firstName,
              middleName: user.middleName,
              lastName: user.lastName,
              emailAddress: email,
              phoneNumber: user.phoneNumber ? user.phoneNumber.replace(/\D/g, "") || null : null,
            },
          },
          carrierBlocks: { create: carrierBlockRows(r) },
        },
        select: { appointmentId: true },
      });
      if (invitation) {
        await tx.invitation.update({
          where: { invitationId: invitation.invitationId },
          data: {
            status: "ACCEPTED",
            acceptedAt: invitation.acceptedAt ?? new Date(),
            prospectUserId: invitation.prospectUserId ?? user.id,
          },
        });
      }
      return { ok: true as const, appointmentId: row.appointmentId, created: true };
    });
    if (result.ok && result.created) {
      await auditAppointment("APPOINTMENT_CREATED", user, result.appointmentId, request, { via: "wizard" });
    }
    return result;
  } catch (error) {
    console.error("createFromWizard failed:", (error as Error).message);
    return { ok: false, ...CREATE_SYSTEM_ERROR };
  }
}
