// The first administrator of a deployment without demo data (decision 0014):
// while no internal user exists, every start prints a one-time link
// (`/setup/<token>`). A signed-in user who opens it and confirms becomes
// internal (the administrator's flag); every link then stops working, and later
// starts print none. Only a user whose email address is confirmed may
// (decision 0035): whoever signed up with someone else's address must not
// become the administrator.
// The link is kept in the database, as a hash with an expiry (decision 0086),
// so that every process of the deployment accepts it: the HTTP processes of
// WEB_CONCURRENCY and the other machines behind the load balancer, not only the
// process that printed it.
import { createHash, randomBytes } from "node:crypto";
import { audit } from "./audit.server";
import { prisma } from "./db.server";
import { env } from "./env.server";

/** How long a printed link works: a start after that prints a new one. */
export const SETUP_LINK_HOURS = 24;
const KEY_PREFIX = "first_admin.link.";

const noAdministrator = async () => (await prisma.user.count({ where: { isInternal: true } })) === 0;
const keyOf = (token: string) => `${KEY_PREFIX}${createHash("sha256").update(token).digest("base64url")}`;
const forgetLinks = () => prisma.systemSetting.deleteMany({ where: { key: { startsWith: KEY_PREFIX } } });

/** A new one-time link when there is no administrator yet (printed by the start); undefined otherwise. */
export async function announceFirstAdministratorSetup(): Promise<string | undefined> {
  if (!(await noAdministrator())) {
    await forgetLinks();
    return undefined;
  }
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(Date.now() + SETUP_LINK_HOURS * 3_600_000).toISOString();
  // Links of earlier starts that ran out are removed here; those still valid stay (another machine printed them).
  await prisma.$transaction([
    prisma.$executeRaw`DELETE FROM system_settings WHERE key LIKE ${`${KEY_PREFIX}%`} AND (value->>'expiresAt')::timestamptz <= now()`,
    prisma.systemSetting.create({ data: { key: keyOf(token), value: { expiresAt } } }),
  ]);
  return `${env().appUrl}/setup/${token}`;
}

/** True while the link with this token may still be used. */
export async function setupLinkValid(candidate: string): Promise<boolean> {
  if (!candidate) return false;
  // Looked up by the token's hash: what the database holds opens nothing, and nothing is compared in the clear.
  const row = await prisma.systemSetting.findUnique({ where: { key: keyOf(candidate) } });
  const expiresAt = (row?.value as { expiresAt?: string } | null)?.expiresAt;
  if (!expiresAt || Date.parse(expiresAt) <= Date.now()) return false;
  return noAdministrator();
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
    await tx.systemSetting.deleteMany({ where: { key: { startsWith: KEY_PREFIX } } });
    return true;
  });
  if (claimed === null) {
    await audit("FIRST_ADMINISTRATOR_REFUSED", { request, actorUserId: userId, details: { reason: "email_unconfirmed" } });
    return false;
  }
  if (claimed) await audit("FIRST_ADMINISTRATOR", { request, actorUserId: userId, details: {} });
  return claimed;
}
