// How the benchmarks queue a job of their own: the portal's addJob
// (graphile-worker's typed API for tests and tools, app/lib/jobs.server.ts),
// never hand-written add_job SQL.
import { configureDatabase } from "../../../app/lib/db.server";
import { addJob, stopWorker } from "../../../app/lib/jobs.server";

/** The bench's database (the portal's, as its superuser). */
export function useDatabase(url: string): void {
  configureDatabase(url);
}

/** Queues the purge job (it has nothing to do on the bench's data): its job id. */
export async function queuePurge(): Promise<string> {
  return String((await addJob("purge-expired", {})).id);
}

/** Queues one email through the send-email job. */
export async function queueMail(subject: string): Promise<void> {
  await addJob("send-email", { to: "bench@example.com", subject, text: "Hello" });
}

/** Closes the worker utilities' connections. */
export const release = stopWorker;
