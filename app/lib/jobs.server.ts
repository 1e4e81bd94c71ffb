// The embedded job runner (graphile-worker in this process) and the one way
// to queue work: addJob(). Tasks live in jobs/tasks.
//
// graphile-worker locks a job with its pool's id and frees the jobs of a
// process that died only after 4 hours. The pool id is therefore written to
// DATA_DIR/worker-ids.json before the pool takes a job, and the next start
// frees the jobs of the ids found there (forceUnlockWorkers): after a crash
// every committed job runs again at once (decision 0014).
import { EventEmitter } from "node:events";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { makeWorkerUtils, run, type Runner, type TaskSpec, type WorkerEvents, type WorkerUtils } from "graphile-worker";
import { crontab, taskList, type TaskName } from "../../jobs";
import type { GenerateApplicationPdfPayload } from "../../jobs/tasks/generate-application-pdf";
import type { GenerateReportPayload } from "../../jobs/tasks/generate-report";
import type { ImportAgentsPayload } from "../../jobs/tasks/import-agents";
import type { NotifyAppointmentPayload } from "../../jobs/tasks/notify-appointment";
import type { SendEmailPayload } from "../../jobs/tasks/send-email";
import type { SendInvitationPayload } from "../../jobs/tasks/send-invitation";
import type { SendSmsPayload } from "../../jobs/tasks/send-sms";
import { env } from "./env.server";
import { isProcessAlive } from "./pid.server";

/** "reconnecting": the runner lost its database and is trying again. */
export type WorkerState = "disabled" | "starting" | "running" | "reconnecting" | "stopping" | "stopped" | "crashed";

let runner: Runner | undefined;
let utils: Promise<WorkerUtils> | undefined;
let state: WorkerState = "stopped";

/** In an HTTP process of WEB_CONCURRENCY > 1: the primary's job runner (it runs none itself). */
let reported: WorkerState | undefined;
export const workerState = () => reported ?? state;
export function reportPrimaryWorkerState(s: WorkerState) {
  reported = s;
}

function connectionString() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  return url;
}

function workerIdsFile() {
  return path.join(env().dataDir, "worker-ids.json");
}

/** The file holds the ids per database (host:port/name), so runs on other databases (tests) do not mix in. */
function databaseKey(): string {
  try {
    const u = new URL(connectionString());
    return `${u.hostname}:${u.port || "5432"}${u.pathname}`;
  } catch {
    return "default";
  }
}

type WorkerIdsFile = Record<string, { ids: string[]; pid: number; startedAt: string }>;

function readWorkerIdsFile(): WorkerIdsFile {
  const file = workerIdsFile();
  if (!existsSync(file)) return {};
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as unknown;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as WorkerIdsFile) : {};
  } catch {
    return {};
  }
}

function readWorkerIds(): string[] {
  const ids = readWorkerIdsFile()[databaseKey()]?.ids;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
}

/** Written before the pool takes its first job (synchronously, in the event). */
function recordWorkerIds(ids: string[]) {
  const file = workerIdsFile();
  mkdirSync(path.dirname(file), { recursive: true });
  const next = { ...readWorkerIdsFile(), [databaseKey()]: { ids, pid: process.pid, startedAt: new Date().toISOString() } };
  const temp = `${file}.${process.pid}`;
  writeFileSync(temp, JSON.stringify(next, null, 2));
  renameSync(temp, file);
}

/** Frees the jobs still locked by this installation's previous run (it is gone: we are starting). */
async function unlockPreviousWorkers(): Promise<void> {
  const ids = readWorkerIds();
  if (ids.length === 0) return;
  // Another process of this DATA_DIR that is still running: its jobs are its own.
  const pid = readWorkerIdsFile()[databaseKey()]?.pid;
  if (typeof pid === "number" && pid !== process.pid && isProcessAlive(pid)) return;
  const once = await makeWorkerUtils({ connectionString: connectionString() });
  try {
    await once.forceUnlockWorkers(ids);
  } finally {
    await once.release();
  }
}

/** BENCH_ROUTES only: job id → when its task started (epoch ms), the last 1,000. */
const started = new Map<string, number>();
export const jobStartTimes = (): ReadonlyMap<string, number> => started;

function watch(events: WorkerEvents) {
  if (env().BENCH_ROUTES) {
    events.on("job:start", ({ job }) => {
      started.set(String(job.id), performance.timeOrigin + performance.now());
      if (started.size > 1000) started.delete(started.keys().next().value!);
    });
  }
  const up = () => {
    if (state === "reconnecting") state = "running";
  };
  const down = () => {
    if (state === "running") state = "reconnecting";
  };
  events.on("pool:create", ({ workerPool }) => recordWorkerIds([workerPool.id]));
  events.on("pool:listen:error", down);
  events.on("worker:getJob:error", down);
  events.on("pool:listen:success", up);
  events.on("worker:getJob:empty", up);
  events.on("job:start", up);
}

/**
 * Starts graphile-worker inside this process (signals are ours to handle).
 * `force`: a worker process (npm run worker) runs it whatever RUN_WORKER says.
 */
export async function startWorker(opts: { force?: boolean } = {}): Promise<void> {
  if (!env().RUN_WORKER && !opts.force) {
    state = "disabled";
    return;
  }
  state = "starting";
  await unlockPreviousWorkers();
  const events: WorkerEvents = new EventEmitter();
  watch(events);
  runner = await run({
    connectionString: connectionString(),
    concurrency: env().WORKER_CONCURRENCY,
    noHandleSignals: true,
    pollInterval: 2000,
    taskList,
    crontab: [crontab, env().EXTRA_CRONTAB].filter(Boolean).join("\n"),
    events,
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
  if (runner && (state === "running" || state === "starting" || state === "reconnecting")) {
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
      "send-invitation": SendInvitationPayload;
      "purge-expired": Record<string, never>;
      "notify-appointment": NotifyAppointmentPayload;
      "generate-application-pdf": GenerateApplicationPdfPayload;
      "generate-report": GenerateReportPayload;
      "purge-reports": Record<string, never>;
      "send-sms": SendSmsPayload;
      "abandon-applications": Record<string, never>;
      "import-agents": ImportAgentsPayload;
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
