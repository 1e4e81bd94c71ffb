// The embedded job runner (graphile-worker in this process) and the one way
// to queue work: addJob(). Tasks live in jobs/tasks.
import { makeWorkerUtils, run, type Runner, type TaskSpec, type WorkerUtils } from "graphile-worker";
import { crontab, taskList, type TaskName } from "../../jobs";
import type { GenerateApplicationPdfPayload } from "../../jobs/tasks/generate-application-pdf";
import type { NotifyAppointmentPayload } from "../../jobs/tasks/notify-appointment";
import type { SendEmailPayload } from "../../jobs/tasks/send-email";
import { env } from "./env.server";

export type WorkerState = "disabled" | "starting" | "running" | "stopping" | "stopped" | "crashed";

let runner: Runner | undefined;
let utils: Promise<WorkerUtils> | undefined;
let state: WorkerState = "stopped";

export const workerState = () => state;

function connectionString() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  return url;
}

/** Starts graphile-worker inside this process (signals are ours to handle). */
export async function startWorker(): Promise<void> {
  if (!env().RUN_WORKER) {
    state = "disabled";
    return;
  }
  state = "starting";
  runner = await run({
    connectionString: connectionString(),
    concurrency: env().WORKER_CONCURRENCY,
    noHandleSignals: true,
    pollInterval: 2000,
    taskList,
    crontab,
  });
  state = "running";
  runner.promise.then(
    () => {
      if (state !== "stopping") state = "stopped";
    },
    (error: unknown) => {
      state = "crashed";
      console.error("job runner crashed:", (error as Error).message);
    },
  );
}

/** Stops taking jobs and waits for the running ones to finish. */
export async function stopWorker(): Promise<void> {
  if (runner && (state === "running" || state === "starting")) {
    state = "stopping";
    const r = runner;
    await r.stop();
    // run() ends its own pool (and the LISTEN client) when its promise settles.
    await r.promise.catch(() => {});
    state = "stopped";
  }
  runner = undefined;
  const u = utils;
  utils = undefined;
  if (u) await (await u).release();
}

/**
 * Makes sure graphile-worker's schema exists (it is installed when the runner
 * or the worker utilities first connect). Call before queuing jobs with SQL
 * (`SELECT graphile_worker.add_job(...)`) inside a Prisma transaction.
 */
export async function ensureJobQueue(): Promise<void> {
  if (runner && state === "running") return;
  await workerUtils();
}

function workerUtils(): Promise<WorkerUtils> {
  utils ??= makeWorkerUtils({ connectionString: connectionString() });
  return utils;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace GraphileWorker {
    interface Tasks {
      "send-email": SendEmailPayload;
      "purge-expired": Record<string, never>;
      "notify-appointment": NotifyAppointmentPayload;
      "generate-application-pdf": GenerateApplicationPdfPayload;
    }
  }
}

/**
 * Queues a job. Give a jobKey whenever the same work could be queued twice
 * (the job is then replaced, not duplicated).
 */
export async function addJob<N extends TaskName>(name: N, payload: GraphileWorker.Tasks[N], spec: TaskSpec = {}) {
  // graphile-worker's conditional payload type does not narrow on a generic N.
  const p = payload as never;
  if (runner && state === "running") return runner.addJob(name, p, spec);
  return (await workerUtils()).addJob(name, p, spec);
}
