// The first administrator of a deployment without demo data (decision 0014):
// while no internal user exists, every start prints a one-time link
// (`/setup/<token>`, a random token kept in memory only). A signed-in user
// who opens it and confirms becomes internal (the administrator's flag); the
// link then stops working, and later starts print none. Only a user whose
// email address is confirmed may (decision 0035): whoever signed up with
// someone else's address must not become the administrator.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { audit } from "./audit.server";
import { prisma } from "./db.server";
import { env } from "./env.server";

let token: string | undefined;

const noAdministrator = async () => (await prisma.user.count({ where: { isInternal: true } })) === 0;

/** A new one-time link when there is no administrator yet; undefined otherwise. */
export async function announceFirstAdministratorSetup(): Promise<string | undefined> {
  if (!(await noAdministrator())) {
    token = undefined;
    return undefined;
  }
  token = randomBytes(24).toString("base64url");
  return `${env().appUrl}/setup/${token}`;
}

/** WEB_CONCURRENCY > 1: the primary's token, for its HTTP processes (decision 0034). */
export const firstAdministratorSetupToken = () => token;
export function adoptFirstAdministratorSetupToken(t: string | undefined) {
  token = t;
}

/** True while the link with this token may still be used. */
export async function setupLinkValid(candidate: string): Promise<boolean> {
  if (!token) return false;
  const a = Buffer.from(candidate);
  const b = Buffer.from(token);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return false;
  if (await noAdministrator()) return true;
  token = undefined;
  return false;
}

/** Who may become the first administrator: an active user whose email address is confirmed, acting as themselves. */
export function mayBecomeFirstAdministrator(user: { emailVerified: boolean; isActive?: boolean; impersonator?: unknown }): boolean {
  return user.emailVerified && user.isActive !== false && !user.impersonator;
}

/**
 * Makes the user the first administrator (in one transaction, so two clicks make one). False when
 * the link is not (or no longer) valid, or the user may not (mayBecomeFirstAdministrator: the link
 * then stays valid for the one who may).
 */
export async function claimFirstAdministrator(candidate: string, userId: string, request: Request): Promise<boolean> {
  if (!(await setupLinkValid(candidate))) return false;
  const claimed = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(7314001)`;
    if ((await tx.user.count({ where: { isInternal: true } })) > 0) return false;
    const user = await tx.user.findUnique({ where: { id: userId }, select: { emailVerified: true, isActive: true } });
    if (!user || !mayBecomeFirstAdministrator(user)) return null;
    await tx.user.update({ where: { id: userId }, data: { isInternal: true } });
    return true;
  });
  if (claimed === null) {
    await audit("FIRST_ADMINISTRATOR_REFUSED", { request, actorUserId: userId, details: { reason: "email_unconfirmed" } });
    return false;
  }
  token = undefined;
  if (claimed) await audit("FIRST_ADMINISTRATOR", { request, actorUserId: userId, details: {} });
  return claimed;
}
