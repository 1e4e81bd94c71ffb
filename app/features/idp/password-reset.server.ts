// The built-in provider's password reset (split from accounts.server.ts): a
// link by email (hashed single-use token, 60 minutes, at most 3 an hour per
// account), sent after the page has answered so it cannot tell whether an
// account exists; using it sets the password, marks the email verified and
// ends every session of the account (decision 0035).
import { prisma } from "~/lib/db.server";
import { hashPassword } from "~/lib/password.server";
import { accountSelect, audit, base, endAccountSessions, newToken, normalizeEmail, tokenHash, type IdpAccountRecord, type RequestInfo } from "./accounts.server";
import { afterAnswer, queueProviderMail, resetEmail } from "./emails.server";
import { retireLinks } from "./sign-up.server";

export const RESET_TOKEN_MINUTES = 60;
/** Reset emails per account per hour; further requests get the same page and no email. */
export const RESETS_PER_HOUR = 3;

/**
 * Starts a password reset: when an account exists for the email (and has
 * had fewer than RESETS_PER_HOUR links in the last hour), stores a hashed
 * random token (valid 60 minutes, single use) and emails the link
 * `${issuer}/password/reset/<token>`. Answers nothing either way; all of
 * that happens after the answer, so the page cannot tell whether an account
 * exists.
 */
export async function requestPasswordReset(emailInput: string, issuer: string, req: RequestInfo = {}): Promise<void> {
  const email = normalizeEmail(emailInput);
  const account = await prisma.idpAccount.findUnique({ where: { email }, select: accountSelect });
  afterAnswer("password reset request", () => (account ? sendReset(account, issuer, req) : audit("IDP_PASSWORD_RESET_REQUESTED", null, req, { email, known: false })));
}

async function sendReset(account: IdpAccountRecord, issuer: string, req: RequestInfo) {
  const token = newToken();
  const reset = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`idp-reset:${account.id}`}))`;
    const recent = await tx.idpPasswordReset.count({
      where: { accountId: account.id, createdAt: { gt: new Date(Date.now() - 3_600_000) } },
    });
    if (recent >= RESETS_PER_HOUR) return null;
    return tx.idpPasswordReset.create({
      data: { accountId: account.id, tokenHash: tokenHash(token), expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000) },
      select: { id: true },
    });
  });
  await audit("IDP_PASSWORD_RESET_REQUESTED", account.id, req, {
    email: account.email,
    known: true,
    ...(reset ? {} : { sent: false, reason: "hourly_limit" }),
  });
  if (!reset) return;
  const mail = resetEmail(account.givenName, `${base(issuer)}/password/reset/${token}`, RESET_TOKEN_MINUTES);
  await queueProviderMail({ to: account.email, ...mail, relatedType: "IdpPasswordReset", relatedId: reset.id });
}

export type PasswordContext = { email: string; givenName: string; middleName: string | null; familyName: string };

/** The account a reset token can still be used for (exists, unused, not expired): its words for the password rule. */
export async function resetTokenAccount(token: string): Promise<PasswordContext | null> {
  if (!token || token.length > 200) return null;
  const row = await prisma.idpPasswordReset.findUnique({
    where: { tokenHash: tokenHash(token) },
    select: { usedAt: true, expiresAt: true, account: { select: { email: true, givenName: true, middleName: true, familyName: true } } },
  });
  return row && !row.usedAt && row.expiresAt.getTime() > Date.now() ? row.account : null;
}

/**
 * Sets a new password with a reset token. The token is marked used in the
 * same statement that checks it, so it works exactly once; the account's
 * other outstanding tokens are retired too. Proving control of the mailbox
 * also confirms the address (its confirmation links retired), and ends every
 * session of the account. `confirmedNow`: the address was unconfirmed until
 * now, so the names and phone were typed by whoever signed up (decision 0081).
 */
export async function resetPassword(token: string, password: string, req: RequestInfo = {}): Promise<{ accountId: string; confirmedNow: boolean } | null> {
  if (!token || token.length > 200) return null;
  const hash = tokenHash(token);
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const done = await prisma.$transaction(async (tx) => {
    const claimed = await tx.idpPasswordReset.updateMany({
      where: { tokenHash: hash, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) return null;
    const row = await tx.idpPasswordReset.findUnique({ where: { tokenHash: hash }, select: { accountId: true, account: { select: { emailVerified: true } } } });
    if (!row) return null;
    const account = await tx.idpAccount.update({
      where: { id: row.accountId },
      data: { passwordHash, emailVerified: true },
      select: { id: true, email: true },
    });
    await tx.idpPasswordReset.updateMany({
      where: { accountId: row.accountId, usedAt: null },
      data: { usedAt: now },
    });
    await retireLinks(tx, row.accountId);
    // Whoever was signed in to this account (a squatter of an unverified address, whoever had the
    // old password) is signed out, here and in the portal, before the mailbox's owner gets the account.
    await endAccountSessions(tx, row.accountId);
    return { ...account, confirmedNow: !row.account.emailVerified };
  });
  if (!done) return null;
  await audit("IDP_PASSWORD_RESET", done.id, req, { email: done.email, ...(done.confirmedNow ? { confirmedEmail: true } : {}) });
  return { accountId: done.id, confirmedNow: done.confirmedNow };
}
