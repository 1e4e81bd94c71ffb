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
