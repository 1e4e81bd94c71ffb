// Appointment links and multi-links as an application is started from them
// (spec part 1 §4 links and multi-links; part 2 §2 'Wizard', §3 paper
// appointments): resolving APL/USR/MLT + code to its usable carrier/level
// lines, whether a link belongs to the user's downline, and the carrier-block
// rows a new application gets. Split out of create.server.ts (no behaviour change).
import type { Prisma } from "~/generated/prisma/client";
import type { CurrentUser } from "~/lib/current-user";
import { agentsUnderUser } from "~/features/hierarchy/hierarchy.server";
import { parseLink } from "~/features/links/schema";

type Db = Prisma.TransactionClient;

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

export const enrollRepOf = (r: ResolvedLink) => r.lines.some((l) => l.scheduleLevel.enrollRep);

/** One carrier block per link line (the carrier and level a new application is for). */
export function carrierBlockRows(r: ResolvedLink) {
  return r.lines.map((l) => ({
    appointmentLinkId: l.appointmentLinkId,
    scheduleLevelId: l.scheduleLevelId,
    carrierId: l.scheduleLevel.schedule.carrierId,
    levelNo: l.scheduleLevel.levelNo,
  }));
}

/** True when every line's recruiter position is under the user (the hierarchy rule, hierarchy.server.ts). */
export async function linkIsTheirs(db: Db, user: CurrentUser, r: ResolvedLink): Promise<boolean> {
  if (user.isInternal) return true;
  const ids = [...new Set(r.lines.map((l) => l.recruiterAgentId))];
  const covered = await agentsUnderUser(db, user.id, ids);
  return ids.every((id) => covered.has(id));
}
