// What a link does for a signed-in user (spec part 1 §4 'Dashboard build',
// 'Sign-in flow'): MD links update the marketing director, USR/EXT links are
// left to their own flows, MLT links are looked up, any other link (APL) is
// validated; a usable one becomes a NEW dashboard entry.
// Decisions: docs/decisions/0018-link-sign-in.md, 0020-appointment-links-and-cart.md.
import type { CurrentUser } from "~/lib/current-user";
import { ROLE_MARKETING_DIRECTOR } from "~/lib/current-user";
import { audit } from "~/lib/audit.server";
import { prisma } from "~/lib/db.server";
import { forgetOwnAgentNumbers } from "~/lib/shell.server";
import { appointmentLineLabel } from "~/features/appointment/ui/lines";
import type { LinkFailureCode, MdUpdateStatus } from "./messages";
import { APPOINTMENT_LINK_PREFIX, linkPrefix, parseLink } from "./schema";

export type LinkCheck = { isValid: true } | { isValid: false; failureReasonCode: LinkFailureCode };

const linkCheckSelect = {
  appointmentLinkId: true,
  linkPrefix: true,
  code: true,
  isEnabled: true,
  isDeleted: true,
  recruiterAgent: { select: { isActive: true, userId: true } },
  scheduleLevel: { select: { isActive: true, schedule: { select: { isActive: true } } } },
} as const;

type LinkCheckRow = {
  isEnabled: boolean;
  isDeleted: boolean;
  linkPrefix: string;
  recruiterAgent: { isActive: boolean };
  scheduleLevel: { isActive: boolean; schedule: { isActive: boolean } };
};

/** Why one appointment link cannot be used, or null when it can (pure). */
export function failureOf(row: LinkCheckRow | null, prefix: string): LinkFailureCode | null {
  if (!row) return prefix === "MD" ? "MD_LINK_INVALID" : "APPT_LINK_INVALID";
  if (row.isDeleted) return "APPT_LINK_DELETED";
  if (!row.isEnabled) return prefix === "MD" ? "MD_LINK_INVALID" : "APPT_LINK_INVALID";
  if (!row.scheduleLevel.isActive || !row.scheduleLevel.schedule.isActive) return "SCHED_INACTIVE";
  if (!row.recruiterAgent.isActive) return "AGENT_LINK_INVALID";
  return null;
}

/** GET user/link/{link}: whether a link exists and can be used (no session needed). */
export async function validateLink(link: string): Promise<LinkCheck> {
  const parsed = parseLink(link);
  if (!parsed) return { isValid: false, failureReasonCode: "APPT_LINK_INVALID" };
  const { prefix, code } = parsed;
  if (prefix === "MLT") {
    const ml = await prisma.multiLink.findFirst({
      where: { code: { equals: code, mode: "insensitive" } },
      select: { items: { select: { appointmentLink: { select: linkCheckSelect } } } },
    });
    if (!ml || ml.items.length === 0) return { isValid: false, failureReasonCode: "APPT_LINK_INVALID" };
    for (const i of ml.items) {
      const f = failureOf(i.appointmentLink, i.appointmentLink.linkPrefix);
      if (f) return { isValid: false, failureReasonCode: f };
    }
    return { isValid: true };
  }
  const row = await prisma.appointmentLink.findFirst({
    where: { linkPrefix: prefix, code: { equals: code, mode: "insensitive" } },
    select: linkCheckSelect,
  });
  const f = failureOf(row, prefix);
  return f ? { isValid: false, failureReasonCode: f } : { isValid: true };
}

export type MdUpdateResult = { isUpdated: true } | { isUpdated: false; status: MdUpdateStatus };

/**
 * POST user/updateMD: an MD link names a marketing director's position that
 * has no user yet; the signed-in user takes it and becomes a marketing
 * director. Once only; never across organizations (companies).
 */
export async function updateMarketingDirector(user: CurrentUser, link: string, request?: Request): Promise<MdUpdateResult> {
  const parsed = parseLink(link);
  if (!parsed || parsed.prefix !== "MD") return { isUpdated: false, status: "WRONG_MD_UPDATE_LINK" };
  try {
    const result = await prisma.$transaction(async (tx): Promise<MdUpdateResult> => {
      const row = await tx.appointmentLink.findFirst({
        where: { linkPrefix: "MD", code: { equals: parsed.code, mode: "insensitive" } },
        select: { appointmentLinkId: true, isEnabled: true, isDeleted: true, recruiterAgent: { select: { id: true, userId: true, companyNumber: true, isActive: true } } },
      });
      if (!row || !row.isEnabled || row.isDeleted || !row.recruiterAgent.isActive) {
        return { isUpdated: false, status: "WRONG_MD_UPDATE_LINK" };
      }
      const position = row.recruiterAgent;
      if (position.userId) return { isUpdated: false, status: "CANNOT_ASSIGN_MD_TWICE" };
      const own = await tx.agent.findMany({ where: { userId: user.id }, select: { companyNumber: true } });
      if (own.some((a) => a.companyNumber !== position.companyNumber)) return { isUpdated: false, status: "NOT_IN_SAME_ORG" };
      // Claim the position only if still free (two tabs, two users).
      const claimed = await tx.agent.updateMany({ where: { id: position.id, userId: null }, data: { userId: user.id } });
      if (claimed.count !== 1) return { isUpdated: false, status: "CANNOT_ASSIGN_MD_TWICE" };
      await tx.user.update({ where: { id: user.id }, data: { userRoleCode: ROLE_MARKETING_DIRECTOR } });
      return { isUpdated: true };
    });
    if (result.isUpdated) forgetOwnAgentNumbers(user);
    await audit(result.isUpdated ? "MD_UPDATED" : "MD_UPDATE_REFUSED", {
      request,
      actorUserId: user.id,
      impersonatorUserId: user.impersonator?.id,
      details: result.isUpdated ? { link: link.toUpperCase().slice(0, 2) } : { status: result.status },
    });
    return result;
  } catch (error) {
    console.error("updateMarketingDirector failed", (error as Error).message);
    return { isUpdated: false, status: "UNKOWN_MD_UPDATE_ERROR" };
  }
}

/** An invitation a link leads to, as the dashboard lists it. */
export type PendingInvitation = {
  invitationId: number;
  link: string;
  appointmentLinkId: number | null;
  multiLinkId: number | null;
  lines: string[];
};

/** What the home page does with `?lnk=` (spec part 1 §4 'Dashboard build'). */
export type LinkOutcome =
  | { kind: "none" }
  | { kind: "md"; result: MdUpdateResult }
  | { kind: "entry"; entry: PendingInvitation }
  /** sameScheduleTwice: AGENT_CANNOT_BE_IN_SAME_SCHEDULE_TWICE for the user (decision 0047). */
  | { kind: "alreadyConfigured"; sameScheduleTwice?: true }
  | { kind: "invalid"; failureReasonCode: LinkFailureCode }
  | { kind: "error" };

/**
 * The link's effect for this user. `resolve` turns a usable link into its
 * ids and lines (the wizard's resolver), `lines` formats them.
 */
export async function applyLink(
  user: CurrentUser,
  link: string,
  deps: {
    resolve: (
      link: string,
    ) => Promise<{ link: string; appointmentLinkId: number | null; multiLinkId: number | null; lines: string[]; refused: boolean } | null>;
    request?: Request;
  },
): Promise<LinkOutcome> {
  const prefix = linkPrefix(link);
  // USR and EXT (the existing-agent invitation of part 3) are not dashboard links.
  if (!prefix || prefix === "USR" || prefix === "EXT") return { kind: "none" };
  if (prefix === "MD") return { kind: "md", result: await updateMarketingDirector(user, link, deps.request) };
  if (user.userRoleCode === ROLE_MARKETING_DIRECTOR) return { kind: "none" };
  try {
    const check = await validateLink(link);
    if (!check.isValid) return { kind: "invalid", failureReasonCode: check.failureReasonCode };
    const r = await deps.resolve(link);
    if (!r) return { kind: "invalid", failureReasonCode: "UNKNOWN_INVALID_LINK" };
    const present = await prisma.appointment.count({
      where: {
        userId: user.id,
        isDeleted: false,
        ...(r.multiLinkId != null ? { multiLinkId: r.multiLinkId } : { appointmentLinkId: r.appointmentLinkId }),
      },
    });
    if (present > 0) return { kind: "alreadyConfigured" };
    if (r.refused) return { kind: "alreadyConfigured", sameScheduleTwice: true };
    return {
      kind: "entry",
      entry: { invitationId: 0, link: r.link, appointmentLinkId: r.appointmentLinkId, multiLinkId: r.multiLinkId, lines: r.lines },
    };
  } catch (error) {
    console.error("applyLink failed", (error as Error).message);
    return { kind: "error" };
  }
}

/**
 * The link that replaced a re-issued one (migration 20261123130000): an
 * appointment link's code before re-issue is kept in `previous_code`;
 * `/EXT<old>` (the old prefix) or `/APL<old>` answers the new `APL<new>` (and
 * `/EXT<code>` of a code that was kept answers `APL<code>`), and
 * `/MD<old>` / `/USR<old>` the new link of the same prefix. Null when the
 * link is not an old one. Deleted links still answer (their new link then
 * says why it cannot be used).
 */
export async function currentLinkFor(link: string): Promise<string | null> {
  const parsed = parseLink(link);
  if (!parsed || parsed.prefix === "MLT") return null;
  const prefix = parsed.prefix === "EXT" ? APPOINTMENT_LINK_PREFIX : parsed.prefix;
  const row = await prisma.appointmentLink.findFirst({
    where: {
      linkPrefix: prefix,
      OR: [
        { previousCode: { equals: parsed.code, mode: "insensitive" } },
        // A code that was already a 100-bit code kept its code: only the prefix changed.
        ...(parsed.prefix === "EXT" ? [{ code: { equals: parsed.code, mode: "insensitive" as const } }] : []),
      ],
    },
    select: { linkPrefix: true, code: true },
  });
  return row ? `${row.linkPrefix}${row.code}` : null;
}

// ---------------------------------------------------------------- who invites

/** Who a usable link comes from, for the welcome page (issue 36 item 4): the recruiter, the agency, the lines. */
export type LinkInviter = { recruiter: string; agency: string | null; lines: string[] };

const inviterSelect = {
  recruiterAgent: { select: { firstName: true, lastName: true, companyName: true, businessName: true, company: { select: { name: true } } } },
  scheduleLevel: {
    select: {
      levelNo: true,
      levelName: true,
      schedule: { select: { scheduleName: true, carrier: { select: { name: true } }, productType: { select: { name: true } } } },
    },
  },
} as const;

type InviterRow = {
  recruiterAgent: { firstName: string | null; lastName: string | null; companyName: string | null; businessName: string | null; company: { name: string } };
  scheduleLevel: { levelNo: number; levelName: string; schedule: { scheduleName: string; carrier: { name: string }; productType: { name: string } } };
};

/**
 * The recruiter (the link's owner, as the invitation's [[RecruiterName]]: the person, else the
 * business) and the agency (the business name, else the company's) of an APL or MLT link that
 * validateLink found usable; null for any other link. Only what the link's holder may apply to.
 */
export async function linkInviter(link: string): Promise<LinkInviter | null> {
  const parsed = parseLink(link);
  if (!parsed || (parsed.prefix !== APPOINTMENT_LINK_PREFIX && parsed.prefix !== "MLT")) return null;
  let rows: InviterRow[];
  if (parsed.prefix === "MLT") {
    const ml = await prisma.multiLink.findFirst({
      where: { code: { equals: parsed.code, mode: "insensitive" } },
      select: { items: { select: { appointmentLink: { select: inviterSelect } }, orderBy: { sortOrder: "asc" } } },
    });
    rows = ml?.items.map((i) => i.appointmentLink) ?? [];
  } else {
    const row = await prisma.appointmentLink.findFirst({
      where: { linkPrefix: parsed.prefix, code: { equals: parsed.code, mode: "insensitive" } },
      select: inviterSelect,
    });
    rows = row ? [row] : [];
  }
  const first = rows[0];
  if (!first) return null;
  const r = first.recruiterAgent;
  const person = [r.firstName, r.lastName].map((s) => (s ?? "").trim()).filter(Boolean).join(" ");
  const business = (r.businessName || r.companyName || "").trim();
  const recruiter = person || business || r.company.name;
  const agency = business && business !== recruiter ? business : r.company.name !== recruiter ? r.company.name : null;
  const lines = rows.map(({ scheduleLevel: l }) =>
    appointmentLineLabel({
      carrier: "",
      carrierName: l.schedule.carrier.name,
      productType: l.schedule.productType.name,
      scheduleName: l.schedule.scheduleName,
      levelNo: l.levelNo,
      levelName: l.levelName,
    }),
  );
  return { recruiter, agency, lines };
}
