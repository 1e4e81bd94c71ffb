// Sign-up at the built-in provider and the link that confirms its address (decision 0081).
// An account whose address nobody has confirmed belongs to nobody yet: a new sign-up with the same
// address replaces it (the earlier link and whatever it signed in end), and the confirmation hands
// it to whoever holds the mailbox: the one who proves the password, or the one who sets a new
// one there. Following the link (GET) changes nothing. Tokens and links are never logged.
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/lib/db.server";
import { hashPassword } from "~/lib/password.server";
import { audit, base, endAccountSessions, newToken, normalizeEmail, tokenHash, type RequestInfo } from "./accounts.server";
import { afterAnswer, alreadyRegisteredEmail, queueProviderMail, verificationEmail } from "./emails.server";

export type NewAccount = {
  email: string;
  password: string;
  givenName: string;
  middleName?: string | null;
  familyName: string;
  phoneNumber?: string | null;
};

export const VERIFY_TOKEN_HOURS = 24;
/** Confirmation emails per account per hour (sign-ups and those asked for again). */
export const VERIFICATIONS_PER_HOUR = 3;
/** "Someone tried to sign up with your address" emails per account per hour (no mail bombing through sign-up). */
export const SIGN_UP_NOTICES_PER_HOUR = 3;

/**
 * Sign-up. The answer is the same whether the address is new, waits for confirmation or has an
 * account ("check your email"), in about the same time (the password is hashed either way); what
 * differs runs after the answer. New or pending: the account (re)written unconfirmed and a
 * confirmation link mailed. Confirmed: its owner told that someone tried. Nobody is signed in here.
 */
export async function signUp(input: NewAccount, issuer: string, req: RequestInfo = {}, continueTo?: string): Promise<void> {
  const email = normalizeEmail(input.email);
  const existing = await prisma.idpAccount.findUnique({ where: { email }, select: { id: true, givenName: true, emailVerified: true } });
  const passwordHash = await hashPassword(input.password);
  afterAnswer("sign-up", () => (existing?.emailVerified ? signUpExisting(existing, email, issuer, req) : signUpUnconfirmed(input, email, passwordHash, issuer, req, continueTo)));
}

async function signUpUnconfirmed(input: NewAccount, email: string, passwordHash: string, issuer: string, req: RequestInfo, continueTo?: string) {
  const token = newToken();
  const data = {
    passwordHash,
    givenName: input.givenName,
    middleName: input.middleName || null,
    familyName: input.familyName,
    phoneNumber: input.phoneNumber || null,
  };
  const outcome = await prisma.$transaction(async (tx) => {
    // Two sign-ups with one address at once: one after the other.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`idp-sign-up:${email}`}))`;
    const found = await tx.idpAccount.findUnique({ where: { email }, select: { id: true, givenName: true } });
    if (!found) {
      const created = await tx.idpAccount.create({ data: { email, ...data, emailVerified: false }, select: { id: true } });
      return { kind: "new" as const, id: created.id, sent: await storeLink(tx, created.id, token) };
    }
    // Still unconfirmed (re-checked under the row lock: a confirmation may just have committed).
    const replaced = await tx.idpAccount.updateMany({ where: { id: found.id, emailVerified: false }, data });
    if (replaced.count !== 1) return { kind: "confirmed" as const, account: found };
    await retireLinks(tx, found.id);
    await endAccountSessions(tx, found.id);
    return { kind: "replaced" as const, id: found.id, sent: await storeLink(tx, found.id, token) };
  });
  if (outcome.kind === "confirmed") return signUpExisting(outcome.account, email, issuer, req);
  await audit("IDP_SIGN_UP", outcome.id, req, {
    email,
    ...(outcome.kind === "replaced" ? { replacedUnconfirmed: true } : {}),
    ...(outcome.sent ? {} : { sent: false, reason: "hourly_limit" }),
  });
  if (outcome.sent) await mailLink(outcome.id, email, token, issuer, continueTo);
}

async function signUpExisting(account: { id: string; givenName: string }, email: string, issuer: string, req: RequestInfo) {
  const recent = await prisma.auditLog.count({
    where: { action: "IDP_SIGN_UP_EXISTING", targetId: account.id, occurredAt: { gt: new Date(Date.now() - 3_600_000) } },
  });
  await audit("IDP_SIGN_UP_EXISTING", account.id, req, { email, ...(recent >= SIGN_UP_NOTICES_PER_HOUR ? { sent: false } : {}) });
  if (recent >= SIGN_UP_NOTICES_PER_HOUR) return;
  const mail = alreadyRegisteredEmail(account.givenName, `${base(issuer)}/password/forgot`);
  await queueProviderMail({ to: email, ...mail, relatedType: "IdpAccount", relatedId: account.id });
}

/** Stores a confirmation token unless the account had VERIFICATIONS_PER_HOUR in the last hour; true when stored. */
async function storeLink(tx: Prisma.TransactionClient, accountId: string, token: string): Promise<boolean> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`idp-verify:${accountId}`}))`;
  const recent = await tx.idpEmailVerification.count({ where: { accountId, createdAt: { gt: new Date(Date.now() - 3_600_000) } } });
  if (recent >= VERIFICATIONS_PER_HOUR) return false;
  await tx.idpEmailVerification.create({
    data: { accountId, tokenHash: tokenHash(token), expiresAt: new Date(Date.now() + VERIFY_TOKEN_HOURS * 3_600_000) },
  });
  return true;
}

/** Every confirmation link of the account still open stops working. */
export async function retireLinks(tx: Prisma.TransactionClient, accountId: string): Promise<void> {
  await tx.idpEmailVerification.updateMany({ where: { accountId, usedAt: null }, data: { usedAt: new Date() } });
}

/** The link carries `continueTo` (checked against the clients' origins when followed): the confirmation leads back there. */
async function mailLink(accountId: string, email: string, token: string, issuer: string, continueTo?: string) {
  const link = `${base(issuer)}/email/verify/${token}${continueTo ? `?continue=${encodeURIComponent(continueTo)}` : ""}`;
  const mail = verificationEmail(link, VERIFY_TOKEN_HOURS);
  await queueProviderMail({ to: email, ...mail, relatedType: "IdpAccount", relatedId: accountId });
}

/**
 * Sends a new confirmation link to an account whose address is not confirmed yet (the portal's
 * 'Confirm your email first' page links here). Answers nothing either way, and does its work after
 * the answer: the page cannot tell whether an account exists or is confirmed.
 */
export async function resendVerification(emailInput: string, issuer: string, req: RequestInfo = {}): Promise<void> {
  const email = normalizeEmail(emailInput);
  afterAnswer("verification resend", async () => {
    const account = await prisma.idpAccount.findUnique({ where: { email }, select: { id: true, emailVerified: true } });
    if (!account || account.emailVerified) return;
    const token = newToken();
    const sent = await prisma.$transaction((tx) => storeLink(tx, account.id, token));
    await audit("IDP_VERIFICATION_RESENT", account.id, req, { email, ...(sent ? {} : { sent: false, reason: "hourly_limit" }) });
    if (sent) await mailLink(account.id, email, token, issuer);
  });
}

// ---------------------------------------------------------------- confirming

export type PendingAccount = { id: string; email: string; givenName: string; middleName: string | null; familyName: string };

/** The account a confirmation token can still confirm (unused, not expired), read without changing anything. */
export async function confirmationTokenAccount(token: string): Promise<PendingAccount | null> {
  if (!token || token.length > 200) return null;
  const row = await prisma.idpEmailVerification.findUnique({
    where: { tokenHash: tokenHash(token) },
    select: { usedAt: true, expiresAt: true, account: { select: { id: true, email: true, givenName: true, middleName: true, familyName: true } } },
  });
  return row && !row.usedAt && row.expiresAt.getTime() > Date.now() ? row.account : null;
}

/**
 * Whether a token that can no longer confirm anything was a link of an account whose address is
 * confirmed now (reopened after confirming): only the link's own holder learns that.
 */
export async function confirmationTokenConfirmed(token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const row = await prisma.idpEmailVerification.findUnique({ where: { tokenHash: tokenHash(token) }, select: { account: { select: { emailVerified: true } } } });
  return Boolean(row?.account.emailVerified);
}

/**
 * Confirms the address with the token, for `accountId` (the account the page showed), once: by
 * the one who proved the account's password (checked by the caller, the sign-in rule), or with the
 * new password the mailbox's holder chose. In one transaction: the token claimed, the account
 * confirmed (and its password replaced), every open confirmation and reset link retired, and every
 * session, grant and token of the account ended (endAccountSessions, as a reset does).
 */
export async function confirmEmail(
  token: string,
  accountId: string,
  how: { by: "password" } | { by: "new-password"; password: string },
  req: RequestInfo = {},
): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const hash = tokenHash(token);
  const passwordHash = how.by === "new-password" ? await hashPassword(how.password) : null;
  const now = new Date();
  const done = await prisma.$transaction(async (tx) => {
    const claimed = await tx.idpEmailVerification.updateMany({
      where: { tokenHash: hash, accountId, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) return null;
    const account = await tx.idpAccount.update({
      where: { id: accountId },
      data: { emailVerified: true, ...(passwordHash ? { passwordHash } : {}) },
      select: { id: true, email: true },
    });
    await retireLinks(tx, accountId);
    await tx.idpPasswordReset.updateMany({ where: { accountId, usedAt: null }, data: { usedAt: now } });
    // Whoever signed in while the address was unconfirmed (and whoever chose the password, when a
    // new one is set) is signed out, here and in the portal.
    await endAccountSessions(tx, accountId);
    return account;
  });
  if (!done) return false;
  await audit("IDP_EMAIL_VERIFIED", done.id, req, { email: done.email, by: how.by === "password" ? "password" : "new_password" });
  return true;
}
