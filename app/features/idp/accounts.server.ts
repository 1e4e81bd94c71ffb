// Accounts of the built-in identity provider (IdpAccount): sign-up with email
// verification, sign-in with progressive delays and audit, profile edit,
// password change and reset (docs/decisions/0013-idp-account-rules.md).
// Passwords, reset tokens and reset links are never logged or audited.
import { createHash, randomBytes } from "node:crypto";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/lib/db.server";
import { normalizeEmail } from "~/lib/email-address";
import { burnVerification, hashPassword, needsRehash, verifyPassword } from "~/lib/password.server";
import { afterAnswer, alreadyRegisteredEmail, queueProviderMail, verificationEmail } from "./emails.server";
import { endSessionsOfUsers } from "~/lib/session.server";
import { endProviderSessionsOf } from "./adapter.server";
import { attemptSucceeded, DEFAULT_SIGN_IN_LIMITS, reserveAttempt, type SignInLimits } from "./throttle.server";

export type IdpAccountRecord = {
  id: string;
  email: string;
  givenName: string;
  middleName: string | null;
  familyName: string;
  phoneNumber: string | null;
  emailVerified: boolean;
  updatedAt: Date;
};

export const accountSelect = {
  id: true,
  email: true,
  givenName: true,
  middleName: true,
  familyName: true,
  phoneNumber: true,
  emailVerified: true,
  updatedAt: true,
} as const;

/** The portal's one normalisation of an address (~/lib/email). */
export { normalizeEmail };

export type RequestInfo = { ip?: string | null; userAgent?: string | null };

export async function findAccountById(id: string): Promise<IdpAccountRecord | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  return prisma.idpAccount.findUnique({ where: { id }, select: accountSelect });
}

export async function findAccountByEmail(email: string): Promise<IdpAccountRecord | null> {
  return prisma.idpAccount.findUnique({ where: { email: normalizeEmail(email) }, select: accountSelect });
}

// ---------------------------------------------------------------- sign-up

export type NewAccount = {
  email: string;
  password: string;
  givenName: string;
  middleName?: string | null;
  familyName: string;
  phoneNumber?: string | null;
};

export const VERIFY_TOKEN_HOURS = 24;

export const tokenHash = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
export const newToken = () => randomBytes(32).toString("base64url");
export const base = (issuer: string) => issuer.replace(/\/+$/, "");

/**
 * Sign-up. The answer is the same whether or not the email already has an
 * account ("check your email"), in about the same time (the password is
 * hashed either way): a new account is created unverified and gets a
 * verification link; the owner of an existing one gets an email saying
 * someone tried to sign up with their address. Nobody is signed in here.
 */
export async function signUp(input: NewAccount, issuer: string, req: RequestInfo = {}): Promise<void> {
  const email = normalizeEmail(input.email);
  const existing = await prisma.idpAccount.findUnique({ where: { email }, select: { id: true, givenName: true } });
  // The same work on both paths before the answer; what differs runs after it.
  const passwordHash = await hashPassword(input.password);
  afterAnswer("sign-up", () => (existing ? signUpExisting(existing, email, issuer, req) : createUnverified(input, email, passwordHash, issuer, req)));
}

async function createUnverified(input: NewAccount, email: string, passwordHash: string, issuer: string, req: RequestInfo) {
  const token = newToken();
  let account: { id: string };
  try {
    account = await prisma.$transaction(async (tx) => {
      const created = await tx.idpAccount.create({
        data: {
          email,
          passwordHash,
          givenName: input.givenName,
          middleName: input.middleName || null,
          familyName: input.familyName,
          phoneNumber: input.phoneNumber || null,
          emailVerified: false,
        },
        select: { id: true },
      });
      await tx.idpEmailVerification.create({
        data: { accountId: created.id, tokenHash: tokenHash(token), expiresAt: new Date(Date.now() + VERIFY_TOKEN_HOURS * 3_600_000) },
      });
      return created;
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      const raced = await prisma.idpAccount.findUnique({ where: { email }, select: { id: true, givenName: true } });
      if (raced) return signUpExisting(raced, email, issuer, req);
    }
    throw err;
  }
  await audit("IDP_SIGN_UP", account.id, req, { email });
  const mail = verificationEmail(input.givenName, `${base(issuer)}/email/verify/${token}`, VERIFY_TOKEN_HOURS);
  await queueProviderMail({ to: email, ...mail, relatedType: "IdpAccount", relatedId: account.id });
}

/** "Someone tried to sign up with your address" emails per account per hour (no mail bombing through sign-up). */
export const SIGN_UP_NOTICES_PER_HOUR = 3;

async function signUpExisting(account: { id: string; givenName: string }, email: string, issuer: string, req: RequestInfo) {
  const recent = await prisma.auditLog.count({
    where: { action: "IDP_SIGN_UP_EXISTING", targetId: account.id, occurredAt: { gt: new Date(Date.now() - 3_600_000) } },
  });
  await audit("IDP_SIGN_UP_EXISTING", account.id, req, { email, ...(recent >= SIGN_UP_NOTICES_PER_HOUR ? { sent: false } : {}) });
  if (recent >= SIGN_UP_NOTICES_PER_HOUR) return;
  const mail = alreadyRegisteredEmail(account.givenName, `${base(issuer)}/password/forgot`);
  await queueProviderMail({ to: email, ...mail, relatedType: "IdpAccount", relatedId: account.id });
}

/**
 * Follows a verification link: marks the account's email verified, once
 * (the token is claimed by a conditional update; the account's other open
 * links are retired).
 */
export async function verifyEmail(token: string, req: RequestInfo = {}): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const hash = tokenHash(token);
  const now = new Date();
  const done = await prisma.$transaction(async (tx) => {
    const claimed = await tx.idpEmailVerification.updateMany({
      where: { tokenHash: hash, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) return null;
    const row = await tx.idpEmailVerification.findUnique({ where: { tokenHash: hash }, select: { accountId: true } });
    if (!row) return null;
    await tx.idpEmailVerification.updateMany({ where: { accountId: row.accountId, usedAt: null }, data: { usedAt: now } });
    // Whoever signed in while the address was unconfirmed is signed out, here and in the portal.
    await endAccountSessions(tx, row.accountId);
    return tx.idpAccount.update({ where: { id: row.accountId }, data: { emailVerified: true }, select: { id: true, email: true } });
  });
  if (!done) return false;
  await audit("IDP_EMAIL_VERIFIED", done.id, req, { email: done.email });
  return true;
}

/** Verification emails per account per hour (the sign-up's and those asked for again). */
export const VERIFICATIONS_PER_HOUR = 3;

/**
 * Sends a new verification link to an account whose address is not confirmed yet (the portal's
 * 'Confirm your email first' page links here). Answers nothing either way, and does its work after
 * the answer: the page cannot tell whether an account exists or is confirmed. At most
 * VERIFICATIONS_PER_HOUR links per account per hour.
 */
export async function resendVerification(emailInput: string, issuer: string, req: RequestInfo = {}): Promise<void> {
  const email = normalizeEmail(emailInput);
  afterAnswer("verification resend", async () => {
    const account = await prisma.idpAccount.findUnique({ where: { email }, select: { id: true, givenName: true, emailVerified: true } });
    if (!account || account.emailVerified) return;
    const token = newToken();
    const created = await prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`idp-verify:${account.id}`}))`;
      const recent = await tx.idpEmailVerification.count({ where: { accountId: account.id, createdAt: { gt: new Date(Date.now() - 3_600_000) } } });
      if (recent >= VERIFICATIONS_PER_HOUR) return null;
      return tx.idpEmailVerification.create({
        data: { accountId: account.id, tokenHash: tokenHash(token), expiresAt: new Date(Date.now() + VERIFY_TOKEN_HOURS * 3_600_000) },
        select: { id: true },
      });
    });
    await audit("IDP_VERIFICATION_RESENT", account.id, req, { email, ...(created ? {} : { sent: false, reason: "hourly_limit" }) });
    if (!created) return;
    const mail = verificationEmail(account.givenName, `${base(issuer)}/email/verify/${token}`, VERIFY_TOKEN_HOURS);
    await queueProviderMail({ to: email, ...mail, relatedType: "IdpAccount", relatedId: account.id });
  });
}

/**
 * Ends every session of the account (decision 0035): the provider's (sessions, grants, tokens)
 * and the portal's (the sessions of the portal user it signs in as), in the caller's transaction.
 */
export async function endAccountSessions(tx: Prisma.TransactionClient, accountId: string): Promise<void> {
  await endProviderSessionsOf(tx, accountId);
  const users = await tx.user.findMany({ where: { externalId: accountId }, select: { id: true } });
  await endSessionsOfUsers(tx, users.map((u) => u.id));
}

// ---------------------------------------------------------------- sign-in

export { DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from "./throttle.server";

export type SignInResult =
  | { ok: true; account: IdpAccountRecord }
  | { ok: false; error: "invalid" }
  | { ok: false; error: "rate_limited"; retryAfterSeconds: number };

/**
 * Checks an email and password. The same answer ('invalid') whether or not
 * the account exists, in about the same time. Every attempt is audited.
 * Failures slow further attempts down per email and per address
 * (throttle.server.ts): an attempt inside the delay is refused with the
 * seconds to wait, whatever the password.
 */
export async function signIn(
  emailInput: string,
  password: string,
  req: RequestInfo = {},
  limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
): Promise<SignInResult> {
  const email = normalizeEmail(emailInput);
  const reservation = await reserveAttempt(email, req.ip, limits);
  if (!reservation.ok) {
    await audit("IDP_SIGN_IN_FAILED", null, req, { email, reason: "throttled" });
    return { ok: false, error: "rate_limited", retryAfterSeconds: reservation.retryAfterSeconds };
  }
  const row = await prisma.idpAccount.findUnique({
    where: { email },
    select: { ...accountSelect, passwordHash: true },
  });
  if (!row) {
    await burnVerification(password);
    await audit("IDP_SIGN_IN_FAILED", null, req, { email, reason: "unknown_account" });
    return { ok: false, error: "invalid" };
  }
  const { passwordHash, ...account } = row;
  if (!(await verifyPassword(password, passwordHash))) {
    await audit("IDP_SIGN_IN_FAILED", account.id, req, { email, reason: "bad_password" });
    return { ok: false, error: "invalid" };
  }
  await attemptSucceeded(reservation);
  await prisma.idpAccount.update({
    where: { id: account.id },
    data: {
      lastLoginAt: new Date(),
      ...(needsRehash(passwordHash) ? { passwordHash: await hashPassword(password) } : {}),
    },
  });
  await audit("IDP_SIGN_IN", account.id, req, { email });
  return { ok: true, account };
}

/**
 * The password change of a signed-in account: the current password is
 * checked under the same delays as a sign-in.
 */
export async function changePassword(
  accountId: string,
  currentPassword: string,
  newPassword: string,
  req: RequestInfo = {},
  limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
): Promise<{ ok: true } | { ok: false; error: "invalid" } | { ok: false; error: "rate_limited"; retryAfterSeconds: number }> {
  const account = await prisma.idpAccount.findUnique({ where: { id: accountId }, select: { id: true, email: true, passwordHash: true } });
  if (!account) return { ok: false, error: "invalid" };
  const reservation = await reserveAttempt(account.email, req.ip, limits);
  if (!reservation.ok) {
    await audit("IDP_PASSWORD_CHANGE_FAILED", account.id, req, { email: account.email, reason: "throttled" });
    return { ok: false, error: "rate_limited", retryAfterSeconds: reservation.retryAfterSeconds };
  }
  if (!(await verifyPassword(currentPassword, account.passwordHash))) {
    await audit("IDP_PASSWORD_CHANGE_FAILED", account.id, req, { email: account.email, reason: "bad_password" });
    return { ok: false, error: "invalid" };
  }
  await attemptSucceeded(reservation);
  await prisma.idpAccount.update({ where: { id: account.id }, data: { passwordHash: await hashPassword(newPassword) } });
  await audit("IDP_PASSWORD_CHANGED", account.id, req, { email: account.email });
  return { ok: true };
}

// ---------------------------------------------------------------- profile

export type ProfileUpdate = {
  givenName: string;
  middleName?: string | null;
  familyName: string;
  phoneNumber?: string | null;
};

export async function updateProfile(accountId: string, data: ProfileUpdate, req: RequestInfo = {}) {
  const account = await prisma.idpAccount.update({
    where: { id: accountId },
    data: {
      givenName: data.givenName,
      middleName: data.middleName || null,
      familyName: data.familyName,
      phoneNumber: data.phoneNumber || null,
    },
    select: accountSelect,
  });
  await audit("IDP_PROFILE_UPDATED", accountId, req, { email: account.email });
  return account;
}

// ---------------------------------------------------------------- audit

export async function audit(
  action: string,
  accountId: string | null,
  req: RequestInfo,
  details: Record<string, unknown>,
) {
  await prisma.auditLog.create({
    data: {
      action,
      targetType: accountId ? "IdpAccount" : null,
      targetId: accountId,
      ipAddress: req.ip ?? null,
      userAgent: req.userAgent?.slice(0, 500) ?? null,
      details: details as Prisma.InputJsonValue,
    },
  });
}
