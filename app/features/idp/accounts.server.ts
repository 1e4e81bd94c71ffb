// Accounts of the built-in identity provider (IdpAccount): sign-up,
// sign-in with brute-force limits and audit, profile edit and password reset.
// Passwords, reset tokens and reset links are never logged or audited.
import { createHash, randomBytes } from "node:crypto";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/lib/db.server";
import { deliverMail } from "~/lib/mail.server";
import { burnVerification, hashPassword, needsRehash, verifyPassword } from "~/lib/password.server";

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

const accountSelect = {
  id: true,
  email: true,
  givenName: true,
  middleName: true,
  familyName: true,
  phoneNumber: true,
  emailVerified: true,
  updatedAt: true,
} as const;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

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

export async function createAccount(
  input: NewAccount,
  req: RequestInfo = {},
): Promise<{ ok: true; account: IdpAccountRecord } | { ok: false; error: "duplicate" }> {
  const email = normalizeEmail(input.email);
  if (await prisma.idpAccount.findUnique({ where: { email }, select: { id: true } })) {
    return { ok: false, error: "duplicate" };
  }
  const passwordHash = await hashPassword(input.password);
  try {
    const account = await prisma.idpAccount.create({
      data: {
        email,
        passwordHash,
        givenName: input.givenName,
        middleName: input.middleName || null,
        familyName: input.familyName,
        phoneNumber: input.phoneNumber || null,
        emailVerified: false,
        lastLoginAt: new Date(),
      },
      select: accountSelect,
    });
    await audit("IDP_SIGN_UP", account.id, req, { email });
    return { ok: true, account };
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      return { ok: false, error: "duplicate" };
    }
    throw err;
  }
}

// ---------------------------------------------------------------- sign-in

export type SignInLimits = {
  /** Failed sign-ins allowed per email within the window. */
  perEmail: number;
  /** Failed sign-ins allowed per client IP address within the window. */
  perIp: number;
  windowMinutes: number;
};

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { perEmail: 10, perIp: 50, windowMinutes: 15 };

export type SignInResult =
  | { ok: true; account: IdpAccountRecord }
  | { ok: false; error: "invalid" | "rate_limited" };

async function recentFailures(email: string, ip: string | null | undefined, limits: SignInLimits) {
  const since = new Date(Date.now() - limits.windowMinutes * 60_000);
  const base = { action: "IDP_SIGN_IN_FAILED", occurredAt: { gte: since } };
  const [byEmail, byIp] = await Promise.all([
    prisma.auditLog.count({ where: { ...base, details: { path: ["email"], equals: email } } }),
    ip ? prisma.auditLog.count({ where: { ...base, ipAddress: ip } }) : Promise.resolve(0),
  ]);
  return { byEmail, byIp };
}

/**
 * Checks an email and password. The same answer ('invalid') whether or not
 * the account exists, in about the same time. Every attempt is audited;
 * after too many failures for the email or the IP address within the
 * window, sign-in is refused (even with the right password) until the
 * window has passed.
 */
export async function signIn(
  emailInput: string,
  password: string,
  req: RequestInfo = {},
  limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
): Promise<SignInResult> {
  const email = normalizeEmail(emailInput);
  const { byEmail, byIp } = await recentFailures(email, req.ip, limits);
  if (byEmail >= limits.perEmail || byIp >= limits.perIp) {
    await audit("IDP_SIGN_IN_FAILED", null, req, { email, reason: "rate_limited" });
    return { ok: false, error: "rate_limited" };
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

// ---------------------------------------------------------------- password reset

export const RESET_TOKEN_MINUTES = 60;

const tokenHash = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/**
 * Starts a password reset: when an account exists for the email, stores a
 * hashed random token (valid 60 minutes, single use) and emails the link
 * `${issuer}/password/reset/<token>`. Answers nothing either way, so the
 * page cannot tell whether an account exists.
 */
export async function requestPasswordReset(emailInput: string, issuer: string, req: RequestInfo = {}): Promise<void> {
  const email = normalizeEmail(emailInput);
  const account = await prisma.idpAccount.findUnique({ where: { email }, select: accountSelect });
  await audit("IDP_PASSWORD_RESET_REQUESTED", account?.id ?? null, req, { email, known: Boolean(account) });
  if (!account) return;
  const token = randomBytes(32).toString("base64url");
  const reset = await prisma.idpPasswordReset.create({
    data: {
      accountId: account.id,
      tokenHash: tokenHash(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
    },
    select: { id: true },
  });
  const link = `${issuer.replace(/\/+$/, "")}/password/reset/${token}`;
  await deliverMail({
    to: account.email,
    subject: "Reset your Appointment Portal password",
    html: resetEmailHtml(account.givenName, link),
    relatedType: "IdpPasswordReset",
    relatedId: reset.id,
  });
}

function esc(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function resetEmailHtml(givenName: string, link: string) {
  return `<p>Hello ${esc(givenName)},</p>
<p>We received a request to reset the password of your Appointment Portal account.
To choose a new password, open this link within ${RESET_TOKEN_MINUTES} minutes:</p>
<p><a href="${esc(link)}">${esc(link)}</a></p>
<p>The link works once. If you did not ask for a new password, you can ignore this email: your password stays as it is.</p>`;
}

export type ResetTokenState = "valid" | "invalid";

/** Whether a reset token can still be used (exists, unused, not expired). */
export async function checkResetToken(token: string): Promise<ResetTokenState> {
  if (!token || token.length > 200) return "invalid";
  const row = await prisma.idpPasswordReset.findUnique({
    where: { tokenHash: tokenHash(token) },
    select: { usedAt: true, expiresAt: true },
  });
  return row && !row.usedAt && row.expiresAt.getTime() > Date.now() ? "valid" : "invalid";
}

/**
 * Sets a new password with a reset token. The token is marked used in the
 * same statement that checks it, so it works exactly once; the account's
 * other outstanding tokens are retired too. Proving control of the mailbox
 * also marks the email verified.
 */
export async function resetPassword(token: string, password: string, req: RequestInfo = {}): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const hash = tokenHash(token);
  const passwordHash = await hashPassword(password);
  const now = new Date();
  const done = await prisma.$transaction(async (tx) => {
    const claimed = await tx.idpPasswordReset.updateMany({
      where: { tokenHash: hash, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) return null;
    const row = await tx.idpPasswordReset.findUnique({ where: { tokenHash: hash }, select: { accountId: true } });
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
    return account;
  });
  if (!done) return false;
  await audit("IDP_PASSWORD_RESET", done.id, req, { email: done.email });
  return true;
}

// ---------------------------------------------------------------- audit

async function audit(
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
