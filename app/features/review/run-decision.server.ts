// What every back-office decision shares (decision 0028): the actor must be an
// active internal administrator; the reason is required; the application is
// read and changed in ONE transaction that holds its row lock (the save
// path's writeTransaction: saves and decisions of one application take
// turns), and only while it is APWF_STATUS_NEWCONTRACT, so two clicks at once,
// or two administrators, give one decision and the other one is told
// ALREADY_DECIDED. The decision row, the audit row and the jobs are written
// in the same transaction: a decision is all there or not at all.
import { randomUUID } from "node:crypto";
import type { Prisma } from "~/generated/prisma/client";
import { statusText } from "~/features/appointment/model";
import { TurnRefused, writeTransaction } from "~/features/appointment/turns.server";
import { audit } from "~/lib/audit.server";
import { prisma } from "~/lib/db.server";
import { clientIp } from "~/lib/security.server";
import { DECISION_MESSAGES, REASON_MAX } from "./decision-messages";
import { isUuid } from "~/lib/uuid";

type Db = Prisma.TransactionClient;

export type DecisionCode = "RETURN" | "REJECT" | "APPROVE";

export const AWAITING_APPROVAL = "APWF_STATUS_NEWCONTRACT";

export type DecisionRefusal = {
  ok: false;
  /** NOT_FOUND: no such application; NOT_ADMIN: the actor is not an internal administrator;
   *  ALREADY_DECIDED: the application is not awaiting approval any more;
   *  INVALID: the reason (or a section) is not acceptable; BUSY: another write of the
   *  application held its lock too long (try again); UNLICENSED: approval only, the applicant's
   *  licences do not cover what the application asks for (`reasons`, decision 0070); SCREENING_HOLD: approval only, the background screening is not CLEAR (decision 0122). */
  code: "NOT_FOUND" | "NOT_ADMIN" | "ALREADY_DECIDED" | "INVALID" | "BUSY" | "UNLICENSED" | "SCREENING_HOLD";
  message: string;
  /** UNLICENSED: one sentence per thing the application lacks. */
  reasons?: string[];
  /** ALREADY_DECIDED: the status the application has now. */
  statusCode?: string;
};

export type DecisionSuccess = {
  ok: true;
  decision: DecisionCode;
  statusCode: string;
  /** The appointment_decisions row. */
  decisionId: string;
  /** APPROVE only: the agent number of the new positions. */
  agentNumber?: string;
  /** APPROVE only: the agent positions created, one per line. */
  agentIds?: number[];
};

export type DecisionResult = DecisionSuccess | DecisionRefusal;

export type DecisionInput = {
  appointmentId: number;
  /** The internal administrator deciding (User.id). */
  adminUserId: string;
  /** Required, 1..2000 characters after trimming (checked by the review form's schema too). */
  reason: string;
  /** Optional: the request, for the audit log's address and user agent. */
  request?: Request;
};

/** The application row as a decision sees it (read under the row lock). */
export type LockedApplication = {
  appointmentId: number;
  appointmentStatusCode: string;
  userId: string | null;
  isDeleted: boolean;
};

/** What a decision's own work gives back: the new status, audit details and result extras. */
export type DecisionWork = {
  statusCode: string;
  sections?: string[];
  details?: Record<string, unknown>;
  agentNumber?: string;
  agentIds?: number[];
};


const refusal = (code: DecisionRefusal["code"], message: string, statusCode?: string): DecisionRefusal =>
  statusCode ? { ok: false, code, message, statusCode } : { ok: false, code, message };

/** The reason as stored, or the refusal. */
export function checkReason(reason: unknown): { ok: true; reason: string } | DecisionRefusal {
  const r = typeof reason === "string" ? reason.trim() : "";
  if (!r) return refusal("INVALID", DECISION_MESSAGES.reasonRequired);
  if (r.length > REASON_MAX) return refusal("INVALID", DECISION_MESSAGES.reasonTooLong);
  return { ok: true, reason: r };
}

function isBusy(error: unknown): boolean {
  const text = `${(error as { code?: string })?.code ?? ""} ${(error as Error)?.message ?? ""}`;
  return error instanceof TurnRefused || /55P03|lock timeout|Unable to start a transaction/i.test(text);
}

/** What a refusal leaves in the audit log once its transaction rolled back (no sensitive data). */
type RefusalAudit = { action: string; details: Record<string, unknown> };

/** Thrown inside the transaction to roll it back and answer with the refusal. */
class Refused extends Error {
  constructor(
    readonly refusal: DecisionRefusal,
    readonly auditAs?: RefusalAudit,
  ) {
    super(refusal.message);
  }
}

/**
 * Refuses the decision from inside its work (rolls everything back). `extra.reasons` go to the
 * screen with the message; `extra.audit` is written after the rollback (actor, address, target).
 */
export function refuseDecision(code: DecisionRefusal["code"], message: string, extra: { reasons?: string[]; audit?: RefusalAudit } = {}): never {
  const r = refusal(code, message);
  throw new Refused(extra.reasons ? { ...r, reasons: extra.reasons } : r, extra.audit);
}

const AUDIT_ACTION: Record<DecisionCode, string> = {
  RETURN: "APPLICATION_RETURNED",
  REJECT: "APPLICATION_REJECTED",
  APPROVE: "APPLICATION_APPROVED",
};

/**
 * Runs one decision: checks the administrator and the reason, then in one
 * transaction under the application's row lock checks that it is awaiting
 * approval, runs `work` (which changes the status and does the decision's
 * own writes), and writes the decision row and the audit row.
 */
export async function runDecision(
  code: DecisionCode,
  input: DecisionInput & { sections?: string[] },
  work: (tx: Db, a: LockedApplication, ctx: { adminUserId: string; reason: string; decisionId: string; now: Date }) => Promise<DecisionWork>,
): Promise<DecisionResult> {
  const { appointmentId, adminUserId, request } = input;
  const admin = isUuid(adminUserId ?? "")
    ? await prisma.user.findUnique({ where: { id: adminUserId }, select: { id: true, isInternal: true, isActive: true } })
    : null;
  if (!admin || !admin.isInternal || !admin.isActive) {
    await audit("ACCESS_DENIED", {
      request,
      actorUserId: admin?.id ?? null,
      targetType: "Appointment",
      targetId: String(appointmentId),
      details: { what: `application decision ${code}`, reason: "not an internal administrator" },
    });
    return refusal("NOT_ADMIN", DECISION_MESSAGES.notAdmin);
  }
  if (!Number.isSafeInteger(appointmentId) || appointmentId <= 0) return refusal("NOT_FOUND", DECISION_MESSAGES.notFound);
  const checked = checkReason(input.reason);
  if (!checked.ok) return checked;
  const reason = checked.reason;

  try {
    return await writeTransaction(appointmentId, async (tx): Promise<DecisionResult> => {
      const a = await tx.appointment.findUnique({
        where: { appointmentId },
        select: { appointmentId: true, appointmentStatusCode: true, userId: true, isDeleted: true },
      });
      if (!a || a.isDeleted) return refusal("NOT_FOUND", DECISION_MESSAGES.notFound);
      if (a.appointmentStatusCode !== AWAITING_APPROVAL) {
        return refusal(
          "ALREADY_DECIDED",
          DECISION_MESSAGES.alreadyDecided.replace("{status}", statusText(a.appointmentStatusCode)),
          a.appointmentStatusCode,
        );
      }
      const now = new Date();
      const decisionId = randomUUID();
      const done = await work(tx, a, { adminUserId: admin.id, reason, decisionId, now });
      await tx.appointmentDecision.create({
        data: {
          id: decisionId,
          appointmentId,
          decisionCode: code,
          reason,
          sections: done.sections ?? [],
          fromStatusCode: a.appointmentStatusCode,
          decidedById: admin.id,
          decidedAt: now,
        },
      });
      // The audit row in the same transaction: a decision is never without its who and when.
      // The reason stays in the decision row (free text); the audit names the decision.
      await tx.auditLog.create({
        data: {
          action: AUDIT_ACTION[code],
          actorUserId: admin.id,
          targetType: "Appointment",
          targetId: String(appointmentId),
          ipAddress: request ? clientIp(request) : null,
          userAgent: request?.headers.get("User-Agent")?.slice(0, 500) ?? null,
          details: { decisionId, fromStatus: a.appointmentStatusCode, toStatus: done.statusCode, ...(done.details ?? {}) },
        },
      });
      return {
        ok: true,
        decision: code,
        statusCode: done.statusCode,
        decisionId,
        ...(done.agentNumber ? { agentNumber: done.agentNumber } : {}),
        ...(done.agentIds ? { agentIds: done.agentIds } : {}),
      };
    });
  } catch (error) {
    if (error instanceof Refused) {
      if (error.auditAs) {
        await audit(error.auditAs.action, {
          request,
          actorUserId: admin.id,
          targetType: "Appointment",
          targetId: String(appointmentId),
          details: error.auditAs.details,
        });
      }
      return error.refusal;
    }
    if (isBusy(error)) return refusal("BUSY", DECISION_MESSAGES.busy);
    throw error;
  }
}

/**
 * The status change itself, conditional on the status read under the lock
 * (belt and braces: 0 rows means someone else decided).
 */
export async function changeStatus(tx: Db, appointmentId: number, data: Prisma.AppointmentUncheckedUpdateManyInput): Promise<void> {
  const r = await tx.appointment.updateMany({ where: { appointmentId, appointmentStatusCode: AWAITING_APPROVAL }, data });
  if (r.count !== 1) {
    const now = await tx.appointment.findUnique({ where: { appointmentId }, select: { appointmentStatusCode: true } });
    refuseDecision("ALREADY_DECIDED", DECISION_MESSAGES.alreadyDecided.replace("{status}", statusText(now?.appointmentStatusCode ?? "")));
  }
}
