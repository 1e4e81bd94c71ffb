// Starting an application: the wizard (an invited or linked prospect applies
// for themselves) and paper appointments (a recruiter applies on a
// prospect's behalf). Spec part 2 §2 'Wizard', §3 'Paper-appointment
// creation request', §8 'Cannot Create Appointment'; part 1 §4 (links,
// multi-links, web-based invitation templates 2070/2071).
import type { Prisma } from "~/generated/prisma/client";
import { audit } from "~/lib/audit.server";
import { auditAppointment } from "./access.server";
import { byVerifiedEmail, type CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { parseLink } from "~/features/links/schema";
import {
  ENROLL_REP_TYPE,
  WIZARD_APPOINTMENT_TYPES,
  isAppointmentTypeCode,
  isEmailAddress,
  type AppointmentTypeCode,
  type InvitationFlavour,
} from "./model";

type Db = Prisma.TransactionClient;

export const REP_TYPE: AppointmentTypeCode = ENROLL_REP_TYPE;

/** Statuses of an application that no longer counts (a new one may be started). */
const CLOSED_STATUSES = ["APWF_STATUS_ABANDONED", "APWF_STATUS_REJECTED"];

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
export const CREATE_SYSTEM_ERROR: ErrorDialog = {
  title: "System Error",
  message: "Oops! Some unforeseen system error occurred while trying to create the application...",
};

// ───────────────────────────── links ─────────────────────────────

const lineSelect = {
  appointmentLinkId: true,
  linkPrefix: true,
  code: true,
  isEnabled: true,
  isDeleted: true,
  recruiterAgentId: true,
  scheduleLevelId: true,
  recruiterAgent: true,
  scheduleLevel: {
    select: {
      scheduleLevelId: true,
      levelNo: true,
      levelName: true,
      enrollRep: true,
      isActive: true,
      documentId: true,
      schedule: {
        select: {
          scheduleId: true,
          scheduleName: true,
          mgaCode: true,
          isActive: true,
          carrierId: true,
          carrier: { select: { carrierCode: true, name: true } },
          productType: { select: { productTypeCode: true, name: true } },
        },
      },
    },
  },
} as const satisfies Prisma.AppointmentLinkSelect;

type LinkRow = Prisma.AppointmentLinkGetPayload<{ select: typeof lineSelect }>;

export type ResolvedLink = {
  /** The link as given, upper-case prefix. */
  link: string;
  appointmentLinkId: number | null;
  multiLinkId: number | null;
  /** One line per carrier/level (one for a single link). */
  lines: LinkRow[];
};

function usable(l: LinkRow): boolean {
  return (
    l.isEnabled &&
    !l.isDeleted &&
    l.scheduleLevel.isActive &&
    l.scheduleLevel.schedule.isActive &&
    l.recruiterAgent.isActive
  );
}

/**
 * The appointment link (APL/USR + code) or multi-link (MLT + code) with its
 * carrier/level lines, or null when it does not exist or cannot be used.
 */
export async function resolveLink(
  db: Db,
  input: { link?: string | null; multiLinkId?: number | string | null },
): Promise<ResolvedLink | null> {
  const raw = (input.link ?? "").trim();
  const parsed = parseLink(raw);
  const m = parsed && (["MLT", "APL", "USR"] as const).some((p) => p === parsed.prefix) ? parsed : null;
  const multiId = input.multiLinkId == null || input.multiLinkId === "" ? null : Number(input.multiLinkId);
  if (!m) {
    if (multiId != null && Number.isSafeInteger(multiId)) {
      const ml = await db.multiLink.findUnique({ where: { multiLinkId: multiId }, select: { code: true } });
      return ml ? resolveLink(db, { link: `MLT${ml.code}`, multiLinkId: multiId }) : null;
    }
    return null;
  }
  const { prefix, code } = m;
  if (prefix === "MLT") {
    const ml = await db.multiLink.findFirst({
      where: { code: { equals: code, mode: "insensitive" } },
      select: { multiLinkId: true, code: true, items: { orderBy: { sortOrder: "asc" }, select: { appointmentLink: { select: lineSelect } } } },
    });
    if (!ml || (multiId != null && multiId !== ml.multiLinkId)) return null;
    const lines = ml.items.map((i) => i.appointmentLink);
    if (lines.length === 0 || !lines.every(usable)) return null;
    return { link: `MLT${ml.code}`, appointmentLinkId: null, multiLinkId: ml.multiLinkId, lines };
  }
  const row = await db.appointmentLink.findFirst({
    where: { linkPrefix: prefix, code: { equals: code, mode: "insensitive" } },
    select: lineSelect,
  });
  if (!row || !usable(row)) return null;
  return { link: `${row.linkPrefix}${row.code}`, appointmentLinkId: row.appointmentLinkId, multiLinkId: null, lines: [row] };
}

const enrollRepOf = (r: ResolvedLink) => r.lines.some((l) => l.scheduleLevel.enrollRep);

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
        phoneNumber: recruiterAgent.businessPhone ?? recruiterAgent.phoneNumber,
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

function carrierBlockRows(r: ResolvedLink) {
  return r.lines.map((l) => ({
    appointmentLinkId: l.appointmentLinkId,
    scheduleLevelId: l.scheduleLevelId,
    carrierId: l.scheduleLevel.schedule.carrierId,
    levelNo: l.scheduleLevel.levelNo,
  }));
}

/** Serialises two creations of the same thing (double click, two tabs). */
async function lock(db: Db, key: string) {
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

// ───────────────────────────── paper appointments ─────────────────────────────

export const CANNOT_CREATE_TITLE = "Cannot Create Appointment";

export const PAPER_FAILURES = {
  BAD_APPT_LINK: "Bad appointment link",
  AGENT_CANNOT_BE_IN_SAME_SCHEDULE_TWICE:
    "An appointment app already exists for this email and hierarchy. A different prospect email address is required.",
  INVALID_EMAIL: "A valid prospect email address is required.",
  INVALID_APPT_TYPE: "Please choose one of the appointment types.",
  UNFORESEEN: "Oops! Some unforeseen system error occurred while trying to create the application...",
} as const;
export type PaperFailureCode = keyof typeof PAPER_FAILURES;

export type PaperResult =
  | { ok: true; appointmentId: number }
  | { ok: false; code: PaperFailureCode; title: string; message: string };

const failure = (code: PaperFailureCode): PaperResult => ({ ok: false, code, title: CANNOT_CREATE_TITLE, message: PAPER_FAILURES[code] });

/** True when every line's recruiter position is one of the user's own positions or in their downline. */
export async function linkIsTheirs(db: Db, user: CurrentUser, r: ResolvedLink): Promise<boolean> {
  if (user.isInternal) return true;
  const ids = [...new Set(r.lines.map((l) => l.recruiterAgentId))];
  const rows = await db.agentClosure.findMany({
    where: { descendantId: { in: ids }, ancestor: { userId: user.id, isActive: true } },
    select: { descendantId: true },
  });
  const covered = new Set(rows.map((x) => x.descendantId));
  return ids.every((id) => covered.has(id));
}

/**
 * A recruiter (or upline) creates an application on a prospect's behalf
 * through one of their own links (or a link of their downline): status
 * INCOMPLETE, isPaperAppointment, submitterId = the recruiter, the
 * prospect's email lowercased. Refused with AGENT_CANNOT_BE_IN_SAME_SCHEDULE_TWICE
 * when an open application for that email already exists in the same
 * commission schedule (hierarchy).
 */
export async function createPaperAppointment(
  recruiter: CurrentUser,
  input: { link?: string | null; multiLinkId?: number | string | null; emailAddress?: string | null; apptTypeCode?: string | null },
  request?: Request,
): Promise<PaperResult> {
  const email = (input.emailAddress ?? "").trim().toLowerCase();
  try {
    const result = await prisma.$transaction(async (tx): Promise<PaperResult> => {
      const r = await resolveLink(tx, input);
      if (!r || !(await linkIsTheirs(tx, recruiter, r))) return failure("BAD_APPT_LINK");
      if (!isEmailAddress(email)) return failure("INVALID_EMAIL");
      const typeCode = enrollRepOf(r) ? REP_TYPE : input.apptTypeCode;
      if (!isAppointmentTypeCode(typeCode)) return failure("INVALID_APPT_TYPE");
      await lock(tx, `appointment:paper:${email}`);
      const scheduleIds = [...new Set(r.lines.map((l) => l.scheduleLevel.schedule.scheduleId))];
      const clash = await tx.appointment.findFirst({
        where: {
          isDeleted: false,
          appointmentStatusCode: { notIn: CLOSED_STATUSES },
          OR: [
            { prospectEmailAddress: email },
            { personal: { emailAddress: email } },
            { user: { userName: email } },
          ],
          carrierBlocks: { some: { scheduleLevel: { scheduleId: { in: scheduleIds } } } },
        },
        select: { appointmentId: true },
      });
      if (clash) return failure("AGENT_CANNOT_BE_IN_SAME_SCHEDULE_TWICE");
      const first = r.lines[0];
      const actor = recruiter.impersonator?.id ?? recruiter.id;
      // Claiming (decision 0022): a prospect already signed up with this email, verified, gets it at once;
      // otherwise it is claimed at their first sign-in with the verified email (upsertUserFromClaims).
      const prospect = await tx.user.findFirst({ where: { userName: email, emailVerified: true, isActive: true }, select: { id: true } });
      const row = await tx.appointment.create({
        data: {
          appointmentTypeCode: typeCode,
          appointmentStatusCode: "APWF_STATUS_INCOMPLETE",
          isPaperAppointment: true,
          submitterId: recruiter.id,
          userId: prospect?.id ?? null,
          prospectEmailAddress: email,
          recruiterAgentId: first.recruiterAgentId,
          appointmentLinkId: r.appointmentLinkId,
          multiLinkId: r.multiLinkId,
          mgaCode: first.scheduleLevel.schedule.mgaCode,
          createdById: actor,
          updatedById: actor,
          personal: { create: { emailAddress: email } },
          carrierBlocks: { create: carrierBlockRows(r) },
        },
        select: { appointmentId: true },
      });
      return { ok: true, appointmentId: row.appointmentId };
    });
    if (result.ok) {
      await auditAppointment("APPOINTMENT_CREATED", recruiter, result.appointmentId, request, { via: "paper" });
    }
    return result;
  } catch (error) {
    console.error("createPaperAppointment failed:", (error as Error).message);
    return failure("UNFORESEEN");
  }
}
