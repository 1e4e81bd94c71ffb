// The audit log: sign-ins, refusals, impersonation and other security
// events. Never pass secrets or sensitive values in `details`.
import { prisma } from "./db.server";
import { clientIp } from "./security.server";

export type AuditAction =
  | "SIGN_IN"
  | "SIGN_IN_FAILED"
  | "SIGN_OUT"
  | "ACCESS_DENIED"
  | "IMPERSONATION_START"
  | "IMPERSONATION_END"
  | "IMPERSONATION_DENIED"
  | (string & {});

export type AuditOptions = {
  request?: Request;
  actorUserId?: string | null;
  impersonatorUserId?: string | null;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
  /** The client address when there is no Remix request (the HTTP server's own refusals). */
  ipAddress?: string | null;
  userAgent?: string | null;
};

/**
 * The columns of an audit row, for a caller that writes it in its own
 * transaction (details as JSON text, null when none).
 */
export function auditRow(action: AuditAction, opts: AuditOptions = {}) {
  return {
    action,
    actorUserId: opts.actorUserId ?? null,
    impersonatorUserId: opts.impersonatorUserId ?? null,
    targetType: opts.targetType ?? null,
    targetId: opts.targetId ?? null,
    ipAddress: opts.request ? clientIp(opts.request) : (opts.ipAddress ?? null),
    userAgent: (opts.request?.headers.get("User-Agent") ?? opts.userAgent)?.slice(0, 500) ?? null,
    details: opts.details === undefined ? null : JSON.stringify(opts.details),
  };
}

export async function audit(action: AuditAction, opts: AuditOptions = {}): Promise<void> {
  try {
    const { details: _json, ...row } = auditRow(action, opts);
    await prisma.auditLog.create({ data: { ...row, details: (opts.details ?? undefined) as never } });
  } catch (error) {
    // Auditing must never break the request; it must not go unnoticed either.
    console.error(`audit: could not record ${action}:`, (error as Error).message);
  }
}

/** The kinds of access to someone's record the access log keeps (issue 38 item 3, decision 0119). */
export const ACCESS_KINDS = ["APPLICATION_VIEWED", "AGENT_VIEWED", "DOCUMENT_DOWNLOADED", "RECORD_EXPORTED"] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

/** Who looked: a signed-in user (perhaps impersonated by an administrator) or an API token. */
export type Accessor = { id: string; impersonator?: { id: string } | null } | { apiTokenId: string };

/**
 * Which record. `ownerUserId`: the person whose record it is, when the caller already knows it
 * (their own look is not logged). `details` holds ids and kinds only, never a record's values.
 */
export type AccessTarget = {
  type: string;
  id: string | number | null;
  ownerUserId?: string | null;
  details?: Record<string, string | number | boolean | null>;
};

/**
 * One access row (one INSERT, nothing read): who, when, from where (address, browser), which
 * record and what kind; the path without its query (a query may carry search words).
 */
export async function recordAccess(request: Request, who: Accessor, kind: AccessKind, target: AccessTarget): Promise<void> {
  const user = "id" in who ? who : null;
  if (user && !user.impersonator && target.ownerUserId && target.ownerUserId === user.id) return;
  await audit(kind, {
    request,
    actorUserId: user?.id ?? null,
    impersonatorUserId: user?.impersonator?.id ?? null,
    targetType: target.type,
    targetId: target.id === null ? undefined : String(target.id),
    details: { path: new URL(request.url).pathname, ...("apiTokenId" in who ? { apiTokenId: who.apiTokenId } : {}), ...target.details },
  });
}
