// How a reliability test queues a job in a running portal's database, from outside the portal:
// the portal's own queueJob (app/features/jobs/queue.server.ts: the payload typed and checked, a job
// key, the attempts), never hand-written add_job SQL. Returns the job's id,
// for tests that follow the job through the runner or the log.
import { randomUUID } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { queueJob, type JobPayload, type TaskName } from "../../app/features/jobs/queue.server";
import { PrismaClient } from "../../app/generated/prisma/client";

export async function queueJobIn<T extends TaskName>(
  databaseUrl: string,
  task: T,
  payload: JobPayload<T>,
  opts: { jobKey?: string; maxAttempts?: number; runAt?: Date } = {},
): Promise<string> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const db = new PrismaClient({ adapter: new PrismaPg(pool) });
  const jobKey = opts.jobKey ?? `test:${task}:${randomUUID()}`;
  try {
    return await queueJob(db, task, payload, { task, jobKey, maxAttempts: opts.maxAttempts ?? 1, runAt: opts.runAt });
  } finally {
    await db.$disconnect();
    await pool.end();
  }
}
