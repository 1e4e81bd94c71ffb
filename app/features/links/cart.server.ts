// The cart, kept on the server (spec part 1 §4 'Cart flow', §5 'Cart',
// 'Apply mode'): one row per (user, appointment link). Every function is
// scoped to the signed-in user; a link is added only when its recruiter
// position is the user's own or in the user's downline. Decision 0020.
import { createPaperAppointment } from "~/features/appointment/paper-create.server";
import { APPOINTMENT_TYPE_LABELS, ENROLL_REP_TYPE, WIZARD_APPOINTMENT_TYPES, type AppointmentTypeCode } from "~/features/appointment/model";
import { cannotCreate, type CannotCreate } from "~/features/appointment/paper.server";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { checkAdd, inviteUrl, refusal, type CartRefusal, type CartRuleLine } from "./cart";
import { newLinkCode } from "./codes";
import { mayRecruitFor, type HierarchyKey } from "./linx.server";
import { APPOINTMENT_LINK_PREFIX } from "./schema";

type Db = Prisma.TransactionClient;

const lineSelect = {
  appointmentLinkId: true,
  linkPrefix: true,
  code: true,
  isEnabled: true,
  isDeleted: true,
  recruiterAgentId: true,
  recruiterAgent: { select: { agentNumber: true, companyNumber: true, blockNumber: true, isActive: true } },
  scheduleLevel: {
    select: {
      levelNo: true,
      levelName: true,
      enrollRep: true,
      isActive: true,
      schedule: {
        select: {
          scheduleId: true,
          scheduleName: true,
          isBase: true,
          baseScheduleId: true,
          isActive: true,
          mgaCode: true,
          carrier: { select: { carrierCode: true, name: true } },
          productType: { select: { name: true } },
        },
      },
    },
  },
} as const;

type LineRow = Prisma.AppointmentLinkGetPayload<{ select: typeof lineSelect }>;

const usable = (l: LineRow) =>
  l.linkPrefix === APPOINTMENT_LINK_PREFIX &&
  l.isEnabled &&
  !l.isDeleted &&
  l.recruiterAgent.isActive &&
  l.scheduleLevel.isActive &&
  l.scheduleLevel.schedule.isActive;

const ruleLine = (l: LineRow): CartRuleLine => ({
  appointmentLinkId: l.appointmentLinkId,
  scheduleId: l.scheduleLevel.schedule.scheduleId,
  recruiterAgentId: l.recruiterAgentId,
  isRep: l.scheduleLevel.enrollRep,
});

/** A cart line as the cart screen shows it (§2: carrier, product type, MGA code, level number and name). */
export type CartItemView = {
  appointmentLinkId: number;
  link: string;
  carrier: string;
  productType: string;
  mgaCode: string;
  scheduleName: string;
  levelNo: number;
  levelName: string;
  isRep: boolean;
};

export type Cart = {
  items: CartItemView[];
  /** The recruiter position of every item (one by the rules). */
  recruiter: HierarchyKey | null;
  isRep: boolean;
};

const view = (l: LineRow): CartItemView => ({
  appointmentLinkId: l.appointmentLinkId,
  link: `${l.linkPrefix}${l.code}`,
  carrier: l.scheduleLevel.schedule.carrier.name,
  productType: l.scheduleLevel.schedule.productType.name,
  mgaCode: l.scheduleLevel.schedule.mgaCode,
  scheduleName: l.scheduleLevel.schedule.scheduleName,
  levelNo: l.scheduleLevel.levelNo,
  levelName: l.scheduleLevel.levelName,
  isRep: l.scheduleLevel.enrollRep,
});

/**
 * The user's cart lines that can still be used; lines whose link was
 * disabled or deleted meanwhile, or whose recruiter is no longer the user's
 * to recruit for, are dropped from the cart.
 */
async function cartLines(db: Db, user: CurrentUser): Promise<LineRow[]> {
  const rows = await db.cartItem.findMany({
    where: { userId: user.id },
    orderBy: [{ addedAt: "asc" }, { appointmentLinkId: "asc" }],
    select: { appointmentLink: { select: lineSelect } },
  });
  const lines = rows.map((r) => r.appointmentLink);
  const recruiters = [...new Set(lines.map((l) => l.recruiterAgentId))];
  const allowed = new Set<number>();
  for (const id of recruiters) if (await mayRecruitFor(db, user, id)) allowed.add(id);
  const stale = lines.filter((l) => !usable(l) || !allowed.has(l.recruiterAgentId));
  if (stale.length) {
    await db.cartItem.deleteMany({ where: { userId: user.id, appointmentLinkId: { in: stale.map((l) => l.appointmentLinkId) } } });
  }
  return lines.filter((l) => !stale.includes(l));
}

function toCart(lines: LineRow[]): Cart {
  const first = lines[0];
  return {
    items: lines.map(view),
    recruiter: first
      ? { agentNumber: first.recruiterAgent.agentNumber, companyNumber: first.recruiterAgent.companyNumber, blockNumber: first.recruiterAgent.blockNumber }
      : null,
    isRep: lines.some((l) => l.scheduleLevel.enrollRep),
  };
}

export async function getCart(user: CurrentUser): Promise<Cart> {
  return toCart(await prisma.$transaction((tx) => cartLines(tx, user)));
}

async function lockCart(tx: Db, user: CurrentUser) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`cart:${user.id}`}))`;
}

export type AddResult =
  | { ok: true; added: number; recruiter: HierarchyKey }
  | { ok: false; refusal: CartRefusal; recruiter: HierarchyKey }
  /** No such link, or not the user's to offer: 404. */
  | { ok: false; refusal: null };

/**
 * Adds a link to the user's cart; a base schedule's link (or a sibling's)
 * brings the same level of every schedule of that base (same recruiter),
 * all or nothing. The rules of `checkAdd` decide.
 */
export async function addToCart(user: CurrentUser, appointmentLinkId: number): Promise<AddResult> {
  const link = await prisma.appointmentLink.findUnique({ where: { appointmentLinkId }, select: lineSelect });
  if (!link || link.linkPrefix !== APPOINTMENT_LINK_PREFIX || !(await mayRecruitFor(prisma, user, link.recruiterAgentId))) {
    return { ok: false, refusal: null };
  }
  const recruiter: HierarchyKey = {
    agentNumber: link.recruiterAgent.agentNumber,
    companyNumber: link.recruiterAgent.companyNumber,
    blockNumber: link.recruiterAgent.blockNumber,
  };
  if (!usable(link)) return { ok: false, refusal: refusal("LINK_UNAVAILABLE"), recruiter };
  const s = link.scheduleLevel.schedule;
  const baseId = s.isBase ? s.scheduleId : s.baseScheduleId;
  let adding: LineRow[] = [link];
  if (baseId != null) {
    const group = await prisma.appointmentLink.findMany({
      where: {
        recruiterAgentId: link.recruiterAgentId,
        linkPrefix: APPOINTMENT_LINK_PREFIX,
        isEnabled: true,
        isDeleted: false,
        scheduleLevel: {
          levelNo: link.scheduleLevel.levelNo,
          isActive: true,
          schedule: { isActive: true, OR: [{ scheduleId: baseId }, { baseScheduleId: baseId }] },
        },
      },
      select: lineSelect,
      orderBy: { appointmentLinkId: "asc" },
      take: 50,
    });
    // One link per schedule: the one posted for its own schedule, the first of each other.
    const bySchedule = new Map<number, LineRow>([[s.scheduleId, link]]);
    for (const g of group) if (!bySchedule.has(g.scheduleLevel.schedule.scheduleId)) bySchedule.set(g.scheduleLevel.schedule.scheduleId, g);
    adding = [...bySchedule.values()];
  }
  return prisma.$transaction(async (tx): Promise<AddResult> => {
    await lockCart(tx, user);
    const current = await cartLines(tx, user);
    const refused = checkAdd(current.map(ruleLine), adding.map(ruleLine));
    if (refused) return { ok: false, refusal: refused, recruiter };
    const have = new Set(current.map((l) => l.appointmentLinkId));
    const fresh = adding.filter((l) => !have.has(l.appointmentLinkId));
    await tx.cartItem.createMany({ data: fresh.map((l) => ({ userId: user.id, appointmentLinkId: l.appointmentLinkId })), skipDuplicates: true });
    return { ok: true, added: fresh.length, recruiter };
  });
}

/** Removes one line of the user's own cart; false when the user's cart has no such line. */
export async function removeFromCart(user: CurrentUser, appointmentLinkId: number): Promise<boolean> {
  const r = await prisma.cartItem.deleteMany({ where: { userId: user.id, appointmentLinkId } });
  return r.count > 0;
}

export async function clearCart(user: CurrentUser): Promise<void> {
  await prisma.cartItem.deleteMany({ where: { userId: user.id } });
}

export async function cartCount(user: CurrentUser): Promise<number> {
  return prisma.cartItem.count({ where: { userId: user.id } });
}

/** The appointment types apply mode offers: representative carts only APPTTYP_REP. */
export function cartAppointmentTypes(cart: Pick<Cart, "isRep">): Array<{ code: AppointmentTypeCode; label: string }> {
  return cart.isRep
    ? [{ code: ENROLL_REP_TYPE, label: APPOINTMENT_TYPE_LABELS[ENROLL_REP_TYPE] }]
    : WIZARD_APPOINTMENT_TYPES.STANDARD.map((t) => ({ code: t.code, label: t.label }));
}

async function createMultiLink(tx: Db, user: CurrentUser, lines: LineRow[]) {
  return tx.multiLink.create({
    data: {
      code: newLinkCode(),
      createdById: user.id,
      items: { create: lines.map((l, i) => ({ appointmentLinkId: l.appointmentLinkId, sortOrder: i + 1 })) },
    },
    select: { multiLinkId: true, code: true },
  });
}

export type SendResult = { ok: true; url: string } | { ok: false; empty: true };

/**
 * 'Send links': one link goes to the invitation page as it is; several
 * become a multi-link first. The cart is cleared in the same transaction.
 */
export async function sendCart(user: CurrentUser): Promise<SendResult> {
  return prisma.$transaction(async (tx): Promise<SendResult> => {
    await lockCart(tx, user);
    const lines = await cartLines(tx, user);
    if (lines.length === 0) return { ok: false, empty: true };
    await tx.cartItem.deleteMany({ where: { userId: user.id } });
    if (lines.length === 1) return { ok: true, url: inviteUrl("link", `${lines[0]!.linkPrefix}${lines[0]!.code}`) };
    const ml = await createMultiLink(tx, user, lines);
    return { ok: true, url: inviteUrl("links", `MLT${ml.code}`) };
  });
}

export type ApplyResult = { ok: true; appointmentId: number } | { ok: false; empty: true } | { ok: false; dialog: CannotCreate };

/**
 * 'Fill out on the prospect's behalf': a multi-link of the cart, then the
 * paper application through it (createPaperAppointment: the link must be the
 * user's, no open application for that email in those schedules). On a
 * refusal the multi-link is removed again and the cart is kept; on success
 * the cart is emptied.
 */
export async function applyCart(
  user: CurrentUser,
  value: { email: string; apptTypeCode: string },
  request?: Request,
): Promise<ApplyResult> {
  const made = await prisma.$transaction(async (tx) => {
    await lockCart(tx, user);
    const lines = await cartLines(tx, user);
    if (lines.length === 0) return null;
    return { lines, ml: await createMultiLink(tx, user, lines) };
  });
  if (!made) return { ok: false, empty: true };
  const created = await createPaperAppointment(
    user,
    { link: `MLT${made.ml.code}`, multiLinkId: made.ml.multiLinkId, emailAddress: value.email, apptTypeCode: value.apptTypeCode },
    request,
  );
  if (!created.ok) {
    await prisma.multiLink.delete({ where: { multiLinkId: made.ml.multiLinkId } }).catch(() => {});
    return { ok: false, dialog: cannotCreate(created.code) };
  }
  await prisma.cartItem.deleteMany({ where: { userId: user.id, appointmentLinkId: { in: made.lines.map((l) => l.appointmentLinkId) } } });
  return { ok: true, appointmentId: created.appointmentId };
}
