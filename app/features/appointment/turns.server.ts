// One write at a time per application in this process: saves and submits of
// the same application wait for their turn in memory, holding no database
// connection, so sixty clicks on SAVE use one pool connection after the
// other and leave the rest of the pool to everyone else. A write that waits
// too long, or finds too many before it, is refused (TurnRefused) and
// answered 'try again'. Other processes are kept apart by the row lock and
// its lock timeout.
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
 * Runs fn in one short transaction that holds the application's row lock,
 * after this process's earlier writes of the same application. A lock held
 * by another process longer than the lock timeout fails the transaction
 * (55P03): the caller answers 'try again'.
 */
export function writeTransaction<T>(appointmentId: number, fn: (tx: Db) => Promise<T>): Promise<T> {
  return oneAtATime(appointmentId, () =>
    prisma.$transaction(
      async (tx) => {
        // The lock timeout (for this transaction) and the row lock in one statement: set_config is
        // volatile, so it is a filter of the row's scan, evaluated before the row is locked
        // (tests/integration/appointment-save-path.test.ts holds the lock from another transaction).
        await tx.$queryRaw`/* prepared */
          SELECT appointment_id FROM appointments
           WHERE appointment_id = ${appointmentId} AND set_config('lock_timeout', '5s', true) IS NOT NULL
             FOR UPDATE`;
        return fn(tx);
      },
      { timeout: 20_000, maxWait: 5_000 },
    ),
  );
}
