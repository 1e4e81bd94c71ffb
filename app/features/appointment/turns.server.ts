// One write at a time per application in this process: saves and submits of
// the same application wait for their turn in memory, holding no database
// connection, so sixty clicks on SAVE use one pool connection after the
// other and leave the rest of the pool to everyone else. A write that waits
// too long, or finds too many before it, is refused (TurnRefused) and
// answered 'try again'. Other processes are kept apart by the row lock and
// its lock timeout.
import type { auditRow } from "~/lib/audit.server";
import { prisma } from "~/lib/db.server";
import type { Db } from "./record.server";

/** How long a write may wait for its turn. */
export const MAX_TURN_WAIT_MS = 20_000;
/** How many writes of one application may wait at once. */
export const MAX_WAITING = 100;

export class TurnRefused extends Error {
  constructor() {
    super("another write of this application is still running");
  }
}

type AuditRow = ReturnType<typeof auditRow>;

type Queue = { tail: Promise<void>; waiting: number };
const queues = new Map<number, Queue>();

/** Runs fn when the previous writes of this application have finished. */
export async function oneAtATime<T>(appointmentId: number, fn: () => Promise<T>): Promise<T> {
  const q = queues.get(appointmentId) ?? { tail: Promise.resolve(), waiting: 0 };
  if (q.waiting >= MAX_WAITING) throw new TurnRefused();
  queues.set(appointmentId, q);
  const before = q.tail;
  let done!: () => void;
  q.tail = new Promise<void>((resolve) => (done = resolve));
  const mine = q.tail;
  q.waiting++;
  const started = Date.now();
  try {
    await before;
    if (Date.now() - started > MAX_TURN_WAIT_MS) throw new TurnRefused();
    return await fn();
  } finally {
    q.waiting--;
    // The next one goes once the previous has finished, whatever happened.
    done();
    if (q.tail === mine && q.waiting === 0) queues.delete(appointmentId);
  }
}

/**
 * Who writes, stamped on the application (updated_by, updated_at) with its audit row by the
 * statement that takes the row lock (a save: one statement fewer than stamping at the end).
 * The caller rolls the transaction back (throw RollBack) when it then writes nothing.
 */
export type WriteStamp = { updatedById: string; audit: AuditRow };

/** Thrown by a writeTransaction's fn to end it with ROLLBACK and still answer `result`. */
export class RollBack<T> extends Error {
  constructor(readonly result: T) {
    super("rolled back");
  }
}

/**
 * Runs fn in one short transaction that holds the application's row lock,
 * after this process's earlier writes of the same application. A lock held
 * by another process longer than the lock timeout fails the transaction
 * (55P03): the caller answers 'try again'. With `stamp`, the statement that
 * takes the lock also stamps the application and writes the audit row (all
 * in the one transaction: a RollBack thrown by fn takes them back too).
 */
export async function writeTransaction<T>(appointmentId: number, fn: (tx: Db) => Promise<T>, stamp?: WriteStamp): Promise<T> {
  try {
    return await oneAtATime(appointmentId, () =>
      prisma.$transaction(
        async (tx) => {
          // The lock timeout (for this transaction) and the row lock in one statement: set_config is
          // volatile, so it is a filter of the row's scan, evaluated before the row is locked
          // (tests/integration/appointment-save-path.test.ts holds the lock from another transaction).
          if (stamp) {
            // The UPDATE's row lock makes every other writer of the row wait (their FOR UPDATE and
            // UPDATE conflict with it), and fn's first statement, after the lock, sees what the
            // writer before committed.
            const a = stamp.audit;
            await tx.$executeRaw`/* prepared */
              WITH stamped AS (
                UPDATE appointments SET updated_by_id = ${stamp.updatedById}::uuid, updated_at = ${new Date()}
                 WHERE appointment_id = ${appointmentId} AND set_config('lock_timeout', '5s', true) IS NOT NULL
                RETURNING appointment_id
              )
              INSERT INTO audit_log (action, actor_user_id, impersonator_user_id, target_type, target_id, ip_address, user_agent, details)
              SELECT ${a.action}, ${a.actorUserId}::uuid, ${a.impersonatorUserId}::uuid, ${a.targetType},
                     ${a.targetId}, ${a.ipAddress}, ${a.userAgent}, ${a.details}::jsonb
                FROM stamped`;
          } else {
            await tx.$queryRaw`/* prepared */
              SELECT appointment_id FROM appointments
               WHERE appointment_id = ${appointmentId} AND set_config('lock_timeout', '5s', true) IS NOT NULL
                 FOR UPDATE`;
          }
          return fn(tx);
        },
        { timeout: 20_000, maxWait: 5_000 },
      ),
    );
  } catch (error) {
    if (error instanceof RollBack) return error.result as T;
    throw error;
  }
}
