// Accounts of the built-in identity provider (IdpAccount): sign-in with
// progressive delays and audit, profile edit, password change, ending an
// account's sessions (docs/decisions/0013-idp-account-rules.md). Sign-up and
// its confirmation link: sign-up.server.ts; the reset: password-reset.server.ts.
// Passwords, reset tokens and reset links are never logged or audited.
import { createHash, randomBytes } from "node:crypto";
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/lib/db.server";
import { normalizeEmail } from "~/lib/email-address";
import { burnVerification, hashPassword, needsRehash, verifyPassword } from "~/lib/password.server";
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

// ---------------------------------------------------------------- links

export const tokenHash = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
export const newToken = () => randomBytes(32).toString("base64url");
export const base = (issuer: string) => issuer.replace(/\/+$/, "");

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
