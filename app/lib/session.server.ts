// Portal sessions: a random token in an HttpOnly cookie, the session itself
// in Postgres (table Session, keyed by the token's SHA-256), so sign-out and
// expiry are enforced server-side and a database leak gives no cookies.
// Idle timeout SESSION_IDLE_MINUTES, absolute limit SESSION_MAX_HOURS.
import { createHash, randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import type { CurrentUser } from "./current-user";
import { prisma, queryRows } from "./db.server";
import { env } from "./env.server";
import { getSecret } from "./secrets.server";
import { clientIp } from "./security.server";

const TOUCH_EVERY_MS = 60_000;

function sessionCookie() {
  const e = env();
  // Behind https the cookie carries the __Host- prefix (Secure, Path=/, no Domain).
  return createCookie(e.secure ? "__Host-portal_session" : "portal_session", {
    httpOnly: true,
    sameSite: "lax",
    secure: e.secure,
    path: "/",
    secrets: [getSecret("SESSION_SECRET")],
  });
}

const hash = (token: string) => createHash("sha256").update(token).digest("base64url");

export type SessionRecord = {
  id: string;
  userId: string;
  impersonatorUserId: string | null;
  idToken: string | null;
  expiresAt: Date;
};

/** Creates a session for the user and returns its Set-Cookie header. */
export async function createSession(
  request: Request,
  opts: { userId: string; idToken?: string | null; impersonatorUserId?: string | null },
): Promise<string> {
  const e = env();
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  await prisma.session.create({
    data: {
      id: hash(token),
      userId: opts.userId,
      impersonatorUserId: opts.impersonatorUserId ?? null,
      idToken: opts.idToken ?? null,
      data: {},
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + e.SESSION_MAX_HOURS * 3600_000),
      ipAddress: clientIp(request),
      userAgent: request.headers.get("User-Agent")?.slice(0, 500) ?? null,
    },
  });
  // A browser-session cookie (no Max-Age): it ends when the browser closes;
  // the server ends it after SESSION_IDLE_MINUTES idle or SESSION_MAX_HOURS.
  return sessionCookie().serialize(token);
}

async function readToken(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const value = await sessionCookie().parse(header);
  return typeof value === "string" && value.length > 20 ? value : null;
}

/** True when the request carries a session cookie at all (valid or not). */
export async function hasSessionCookie(request: Request): Promise<boolean> {
  return (await readToken(request)) !== null;
}

/** The columns of a user that come with the session (getSessionWithUsers). */
export const sessionUserSelect = {
  id: true,
  userName: true,
  firstName: true,
  middleName: true,
  lastName: true,
  phoneNumber: true,
  userRoleCode: true,
  isInternal: true,
  emailVerified: true,
  isActive: true,
} as const;

/** The user row a session reads: the CurrentUser's own fields plus isActive. */
export type SessionUser = Omit<CurrentUser, "impersonator"> & { isActive: boolean };

/** The columns of sessionUserSelect, as `<prefix><column>` of SESSION_SQL. */
const USER_COLUMNS = {
  id: "id",
  userName: "user_name",
  firstName: "first_name",
  middleName: "middle_name",
  lastName: "last_name",
  phoneNumber: "phone_number",
  userRoleCode: "user_role_code",
  isInternal: "is_internal",
  emailVerified: "email_verified",
  isActive: "is_active",
} as const satisfies Record<keyof typeof sessionUserSelect, string>;

const userColumns = (alias: string) =>
  Object.values(USER_COLUMNS)
    .map((c) => `${alias}.${c} AS ${alias}_${c}`)
    .join(", ");

/** The session with its user and impersonator (NULL columns when none), by the token's hash. */
export const SESSION_SQL = `
  SELECT s.id, s.user_id, s.impersonator_user_id, s.id_token, s.expires_at, s.last_seen_at,
         ${userColumns("u")}, ${userColumns("i")}
    FROM sessions s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN users i ON i.id = s.impersonator_user_id
   WHERE s.id = $1`;

const withExtra = new Map<string, string>();
/**
 * SESSION_SQL with more columns computed from the session's user (`s.user_id`, `u.*`), e.g. the
 * shell's (shell.server.ts), and optionally more joins (`joins`, after the users' joins; their
 * values as $2, $3… of extraValues): one round trip for both. `columns` and `joins` are SQL text
 * of our own, never input.
 */
function sessionSqlWith(columns: string, joins = ""): string {
  const key = `${columns}\u0000${joins}`;
  let sql = withExtra.get(key);
  if (!sql) {
    sql = SESSION_SQL.replace("\n    FROM sessions s", `,\n         ${columns}\n    FROM sessions s`);
    if (joins) sql = sql.replace("\n   WHERE s.id = $1", `\n    ${joins}\n   WHERE s.id = $1`);
    withExtra.set(key, sql);
  }
  return sql;
}

/** More of the session's statement: columns (and joins whose values are $2, $3…) of our own SQL. */
export type SessionExtra = { columns: string; joins?: string; values?: readonly unknown[] };

type SessionRow = {
  id: string;
  user_id: string;
  impersonator_user_id: string | null;
  id_token: string | null;
  expires_at: Date;
  last_seen_at: Date;
} & Record<string, unknown>;

function sessionUserOf(r: SessionRow, prefix: "u_" | "i_"): SessionUser | null {
  if (r[`${prefix}id`] == null) return null;
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(USER_COLUMNS)) out[field] = r[`${prefix}${column}`];
  return out as SessionUser;
}

/**
 * The live session of the request with its user and impersonator, read in
 * one statement (a join, through the pool: SESSION_SQL), or null when there is none or it has expired
 * (idle or absolute). An expired session is deleted. lastSeenAt is written
 * at most once a minute (TOUCH_EVERY_MS): most requests only read.
 */
export async function getSessionWithUsers(
  request: Request,
  extra?: SessionExtra,
): Promise<(SessionRecord & { user: SessionUser; impersonator: SessionUser | null; extra: Record<string, unknown> }) | null> {
  const token = await readToken(request);
  if (!token) return null;
  const id = hash(token);
  // Every signed-in request runs this: straight through the pool (queryRows), one statement.
  const [r] = await queryRows<SessionRow>(extra ? sessionSqlWith(extra.columns, extra.joins) : SESSION_SQL, [id, ...(extra?.values ?? [])]);
  if (!r) return null;
  const row = {
    id: r.id,
    userId: r.user_id,
    impersonatorUserId: r.impersonator_user_id,
    idToken: r.id_token,
    expiresAt: r.expires_at,
    lastSeenAt: r.last_seen_at,
    user: sessionUserOf(r, "u_")!,
    impersonator: sessionUserOf(r, "i_"),
  };
  if (!row) return null;
  const now = Date.now();
  const idleMs = env().SESSION_IDLE_MINUTES * 60_000;
  if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + idleMs <= now) {
    await prisma.session.deleteMany({ where: { id } });
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    // Only the first of the requests that arrive together writes (the others find it fresh).
    await prisma.session
      .updateMany({ where: { id, lastSeenAt: { lt: new Date(now - TOUCH_EVERY_MS) } }, data: { lastSeenAt: new Date(now) } })
      .catch(() => {});
  }
  return {
    id: row.id,
    userId: row.userId,
    impersonatorUserId: row.impersonatorUserId,
    idToken: row.idToken,
    expiresAt: row.expiresAt,
    user: row.user,
    impersonator: row.impersonator,
    extra: r,
  };
}

/**
 * The live session of the request, or null when there is none or it has
 * expired (idle or absolute). Touches lastSeenAt at most once a minute.
 */
export async function getSession(request: Request): Promise<SessionRecord | null> {
  const s = await getSessionWithUsers(request);
  if (!s) return null;
  return { id: s.id, userId: s.userId, impersonatorUserId: s.impersonatorUserId, idToken: s.idToken, expiresAt: s.expiresAt };
}

/** Switches who the session acts as (impersonation start and end). */
export async function setSessionActor(sessionId: string, userId: string, impersonatorUserId: string | null) {
  await prisma.session.update({ where: { id: sessionId }, data: { userId, impersonatorUserId } });
}

/** Deletes the session (if any) and returns a Set-Cookie header clearing it. */
export async function destroySession(request: Request): Promise<string> {
  const token = await readToken(request);
  if (token) await prisma.session.deleteMany({ where: { id: hash(token) } });
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/**
 * Ends the portal sessions of these users (decision 0035): their own sessions, and the sessions in
 * which they act as someone else (an administrator impersonating). A session in which an
 * administrator impersonates one of them is the administrator's and stays. `exceptSessionId` keeps
 * one (the session asking: 'Sign out of every other device'). Pass the transaction of the change
 * that calls for it (a reset, a confirmed address), so both happen or neither. Returns how many ended.
 */
export async function endSessionsOfUsers(
  db: Pick<typeof prisma, "session">,
  userIds: readonly string[],
  opts: { exceptSessionId?: string } = {},
): Promise<number> {
  if (userIds.length === 0) return 0;
  const ids = [...userIds];
  const { count } = await db.session.deleteMany({
    where: {
      OR: [{ userId: { in: ids }, impersonatorUserId: null }, { impersonatorUserId: { in: ids } }],
      ...(opts.exceptSessionId ? { id: { not: opts.exceptSessionId } } : {}),
    },
  });
  return count;
}

/** Removes expired sessions (hourly job). */
export async function purgeExpiredSessions(): Promise<number> {
  const idleCutoff = new Date(Date.now() - env().SESSION_IDLE_MINUTES * 60_000);
  const { count } = await prisma.session.deleteMany({
    where: { OR: [{ expiresAt: { lte: new Date() } }, { lastSeenAt: { lte: idleCutoff } }] },
  });
  return count;
}
