// The appointment links page (spec part 1 §2 'Appointment links page', §7
// 'POST appointment/links … CreateIfMissing'): which recruiter position the
// page works for, the links per commission schedule (created when missing),
// the remembered hierarchy, the missing-template warning. Decision 0020.
import { createCookie } from "@remix-run/node";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import type { Prisma } from "~/generated/prisma/client";
import { isAgentUnderUser, viewerPositionsWhere } from "~/features/hierarchy/hierarchy.server";
import { newLinkCode } from "./codes";
import { APPOINTMENT_LINK_PREFIX } from "./schema";
import { contactPhone } from "~/features/agents/format";

type Db = Prisma.TransactionClient | typeof prisma;

/** Template types of invitations (§4: 1003 recruitment, 2070/2071 web-based). */
export const INVITATION_TEMPLATE_TYPES = [1003, 2070, 2071] as const;

export type HierarchyKey = { agentNumber: string; companyNumber: string; blockNumber: number };

const AGENT_NUMBER = /^[A-Za-z0-9-]{1,20}$/;
const BLOCK_NUMBER = /^\d{1,9}$/;

/**
 * `?agentNumber=&companyNumber=&blockNumber=` (all three, well-formed), or
 * `?hierarchy=agent|company|block` (the dropdown's GET form without JS);
 * null when none is given; "bad" when malformed.
 */
export function hierarchyParams(q: URLSearchParams): HierarchyKey | null | "bad" {
  const h = q.get("hierarchy") || null;
  const [a, c, b] = h != null ? h.split("|") : [q.get("agentNumber"), q.get("companyNumber"), q.get("blockNumber")];
  if (a == null && c == null && b == null) return null;
  if (!a || !c || !b || !AGENT_NUMBER.test(a) || !AGENT_NUMBER.test(c) || !BLOCK_NUMBER.test(b)) return "bad";
  return { agentNumber: a, companyNumber: c, blockNumber: Number(b) };
}

export function hierarchyQuery(k: HierarchyKey): string {
  return new URLSearchParams({ agentNumber: k.agentNumber, companyNumber: k.companyNumber, blockNumber: String(k.blockNumber) }).toString();
}

export const hierarchyValue = (k: HierarchyKey) => `${k.agentNumber}|${k.companyNumber}|${k.blockNumber}`;

/**
 * The last chosen hierarchy, remembered per browser (the spec's 'locally')
 * in a cookie so that it works without JavaScript. Only a hint: every use
 * checks again that the position is the user's own or in the downline.
 */
export function rememberedHierarchyCookie() {
  return createCookie("portal_linx", {
    httpOnly: true,
    sameSite: "lax",
    secure: env().secure,
    path: "/",
    maxAge: 60 * 60 * 24 * 365,
  });
}

/** A one-time message after a redirect (the toast; without JavaScript it stays on the page). */
export function cartFlashCookie() {
  return createCookie("portal_cart_flash", { httpOnly: true, sameSite: "lax", secure: env().secure, path: "/", maxAge: 60 });
}

const recruiterSelect = {
  id: true,
  agentNumber: true,
  companyNumber: true,
  blockNumber: true,
  mgaCode: true,
  hierarchyLevel: true,
  agentType: true,
  userId: true,
  firstName: true,
  middleName: true,
  lastName: true,
  companyName: true,
  businessName: true,
  address1: true,
  address2: true,
  city: true,
  stateCode: true,
  zipCode: true,
  phoneNumber: true,
  businessPhone: true,
  company: { select: { name: true } },
  block: { select: { carrierId: true, productTypeId: true, name: true, carrier: { select: { name: true } }, productType: { select: { name: true } } } },
} as const;

export type RecruiterRow = Prisma.AgentGetPayload<{ select: typeof recruiterSelect }>;

/** The user's own active positions (the dropdown), in a stable order. */
export function ownPositions(user: CurrentUser) {
  return prisma.agent.findMany({
    where: viewerPositionsWhere(user.id),
    select: recruiterSelect,
    orderBy: [{ companyNumber: "asc" }, { blockNumber: "asc" }, { agentNumber: "asc" }],
    take: 100,
  });
}

/** True when the position is active and under the user (the hierarchy rule, hierarchy.server.ts). */
export function mayRecruitFor(db: Db, user: CurrentUser, agentId: number): Promise<boolean> {
  return isAgentUnderUser(db, user.id, agentId, { activeOnly: true });
}

/** The position the page works for, or null when it does not exist or is not the user's to recruit for. */
export async function recruiterFor(user: CurrentUser, k: HierarchyKey): Promise<RecruiterRow | null> {
  const agent = await prisma.agent.findUnique({
    where: { agentNumber_companyNumber_blockNumber: k },
    select: recruiterSelect,
  });
  if (!agent || !(await mayRecruitFor(prisma, user, agent.id))) return null;
  return agent;
}

export type RecruiterBox = {
  agentNumber: string;
  companyNumber: string;
  companyName: string;
  blockNumber: number;
  blockName: string;
  name: string;
  addressLines: string[];
  phone: string | null;
};

export function recruiterBox(a: RecruiterRow): RecruiterBox {
  const person = [a.firstName, a.middleName, a.lastName].filter(Boolean).join(" ");
  const name = a.agentType === "C" ? a.companyName || a.businessName || person : person || a.businessName || a.companyName || "";
  const cityLine = [a.city, [a.stateCode, a.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return {
    agentNumber: a.agentNumber,
    companyNumber: a.companyNumber,
    companyName: a.company.name,
    blockNumber: a.blockNumber,
    blockName: a.block.name ?? `${a.block.carrier.name} ${a.block.productType.name}`,
    name,
    addressLines: [a.address1, a.address2, cityLine].filter((x): x is string => !!x),
    phone: contactPhone(a),
  };
}

export type LevelLink = {
  appointmentLinkId: number;
  link: string;
  levelNo: number;
  levelName: string;
  /** The commission schedule PDF (a system document), if configured. */
  documentHref: string | null;
  isRep: boolean;
};

export type ScheduleTable = {
  scheduleId: number;
  scheduleName: string;
  carrier: string;
  productType: string;
  mgaCode: string;
  /** A base schedule: adding one of its levels adds the same level of these sibling schedules. */
  siblings: string[];
  levels: LevelLink[];
};

/**
 * The recruiter's links per commission schedule of his block's carrier and
 * product type and his MGA code, for the levels below his own; links that do
 * not exist yet are created (CreateIfMissing; one per position and level,
 * serialised per position by an advisory lock). Sibling schedules of a base
 * schedule are listed under their base only.
 */
export async function linksForRecruiter(r: RecruiterRow, actorUserId: string): Promise<ScheduleTable[]> {
  const schedules = await prisma.commissionSchedule.findMany({
    where: { isActive: true, carrierId: r.block.carrierId, productTypeId: r.block.productTypeId, mgaCode: r.mgaCode },
    select: {
      scheduleId: true,
      scheduleName: true,
      mgaCode: true,
      isBase: true,
      baseScheduleId: true,
      carrier: { select: { name: true } },
      productType: { select: { name: true } },
      levels: {
        // Only levels below the recruiter's own (a larger level number).
        where: { isActive: true, levelNo: { gt: r.hierarchyLevel } },
        select: { scheduleLevelId: true, levelNo: true, levelName: true, documentId: true, enrollRep: true },
        orderBy: { levelNo: "asc" },
      },
    },
    orderBy: [{ scheduleName: "asc" }, { scheduleId: "asc" }],
    take: 200,
  });
  const levelIds = schedules.flatMap((s) => s.levels.map((l) => l.scheduleLevelId));
  if (levelIds.length === 0) return [];
  await createMissingLinks(r.id, levelIds, actorUserId);
  const links = await prisma.appointmentLink.findMany({
    where: { recruiterAgentId: r.id, linkPrefix: APPOINTMENT_LINK_PREFIX, isEnabled: true, isDeleted: false, scheduleLevelId: { in: levelIds } },
    select: { appointmentLinkId: true, code: true, scheduleLevelId: true },
    orderBy: { appointmentLinkId: "asc" },
  });
  const byLevel = new Map<number, (typeof links)[number]>();
  for (const l of links) if (!byLevel.has(l.scheduleLevelId)) byLevel.set(l.scheduleLevelId, l);
  const listedIds = new Set(schedules.map((s) => s.scheduleId));
  const tables: ScheduleTable[] = [];
  for (const s of schedules) {
    // A sibling whose base is listed appears through its base.
    if (s.baseScheduleId != null && listedIds.has(s.baseScheduleId)) continue;
    const levels: LevelLink[] = [];
    for (const l of s.levels) {
      const link = byLevel.get(l.scheduleLevelId);
      if (!link) continue;
      levels.push({
        appointmentLinkId: link.appointmentLinkId,
        link: `${APPOINTMENT_LINK_PREFIX}${link.code}`,
        levelNo: l.levelNo,
        levelName: l.levelName,
        documentHref: l.documentId ? `/appoint/documents/${l.documentId}?download=1` : null,
        isRep: l.enrollRep,
      });
    }
    if (levels.length === 0) continue;
    tables.push({
      scheduleId: s.scheduleId,
      scheduleName: s.scheduleName,
      carrier: s.carrier.name,
      productType: s.productType.name,
      mgaCode: s.mgaCode,
      siblings: s.isBase ? schedules.filter((x) => x.baseScheduleId === s.scheduleId).map((x) => x.scheduleName) : [],
      levels,
    });
  }
  return tables;
}

/** Creates the links a position lacks for these levels (any existing row counts, even a disabled or deleted one). */
async function createMissingLinks(recruiterAgentId: number, levelIds: number[], actorUserId: string) {
  const missing = async (db: Db) => {
    const have = await db.appointmentLink.findMany({
      where: { recruiterAgentId, linkPrefix: APPOINTMENT_LINK_PREFIX, scheduleLevelId: { in: levelIds } },
      select: { scheduleLevelId: true },
    });
    const set = new Set(have.map((h) => h.scheduleLevelId));
    return levelIds.filter((id) => !set.has(id));
  };
  if ((await missing(prisma)).length === 0) return;
  await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`links:create:${recruiterAgentId}`}))`;
    const ids = await missing(tx);
    if (ids.length === 0) return;
    await tx.appointmentLink.createMany({
      data: ids.map((scheduleLevelId) => ({
        linkPrefix: APPOINTMENT_LINK_PREFIX,
        code: newLinkCode(),
        recruiterAgentId,
        scheduleLevelId,
        createdById: actorUserId,
      })),
    });
  });
}

/** The user has an active invitation template of their own (the system Default Invitation does not count). */
export async function hasOwnInvitationTemplate(user: CurrentUser): Promise<boolean> {
  const n = await prisma.emailTemplate.count({
    where: { userId: user.id, isActive: true, templateTypeId: { in: [...INVITATION_TEMPLATE_TYPES] } },
  });
  return n > 0;
}
