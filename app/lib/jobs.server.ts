// The embedded job runner (graphile-worker in this process). Tasks live in
// jobs/tasks; the app queues its jobs with queueJob()
// (app/features/jobs/queue.server.ts), which owns the payloads, keys and attempts.
//
// graphile-worker locks a job with its pool's id and frees the jobs of a
// process that died only after 4 hours. Each process that runs jobs
// therefore writes its pool id to DATA_DIR/job-runners/<host>-<pid>.json
// before the pool takes a job; the next start frees the jobs of every pool
// recorded there whose process (on this host) is gone (forceUnlockWorkers):
// after a crash every committed job runs again at once, whatever port the
// embedded database took this time (decision 0014, 0041). A live process's
// pools are never touched.
import { EventEmitter } from "node:events";
import { threadId } from "node:worker_threads";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Logger, makeWorkerUtils, run, type LogLevel, type Runner, type TaskSpec, type WorkerEvents, type WorkerUtils } from "graphile-worker";
import { crontab, taskList } from "../../jobs";
import { recordCutOffs } from "~/features/jobs/cut-offs.server";
import { failRunsThatCannotRun } from "~/features/jobs/stopped-runs.server";
import { databaseUrl, prisma } from "./db.server";
import { env } from "./env.server";
import { serviceLog } from "./log.server";
import { isProcessAlive } from "./pid.server";

/** "reconnecting": the runner lost its database and is trying again. */
export type WorkerState = "disabled" | "starting" | "running" | "reconnecting" | "stopping" | "stopped" | "crashed";

let runner: Runner | undefined;
let utils: Promise<WorkerUtils> | undefined;
let state: WorkerState = "stopped";

/**
 * In an HTTP process of WEB_CONCURRENCY > 1: the primary's job runner (it runs none itself); in the
 * thread that serves HTTP, the runner of the job thread (server/job-thread.ts, decision 0062).
 */
let reported: WorkerState | undefined;
export const workerState = () => reported ?? state;
export function reportPrimaryWorkerState(s: WorkerState) {
  reported = s;
}

/** The database start() configured (db.server.ts), never process.env. */
const connectionString = databaseUrl;

// ───────────────────── crash recovery: whose pools are these ─────────────────────

/** One file per process that ran jobs: no two processes ever write the same file. */
type RunnerRecord = { host: string; pid: number; ids: string[]; startedAt: string };

function runnersDir() {
  return path.join(env().dataDir, "job-runners");
}

function ownRecordFile() {
  return path.join(runnersDir(), `${os.hostname()}-${process.pid}.json`);
}

/** The single file of earlier versions (keyed by the database's host:port, which the embedded one changes at every start). */
function legacyFile() {
  return path.join(env().dataDir, "worker-ids.json");
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as unknown;
  } catch {
    return undefined;
  }
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** Every recorded runner, with the file that holds it. */
function recordedRunners(): Array<{ file: string; record: RunnerRecord }> {
  const out: Array<{ file: string; record: RunnerRecord }> = [];
  const dir = runnersDir();
  if (existsSync(dir)) {
    for (const name of readdirSync(dir)) {
      if (!name.endsWith(".json")) continue;
      const file = path.join(dir, name);
      const r = readJson(file) as Partial<RunnerRecord> | undefined;
      if (!r || typeof r.pid !== "number" || typeof r.host !== "string") continue;
      out.push({ file, record: { host: r.host, pid: r.pid, ids: strings(r.ids), startedAt: String(r.startedAt ?? "") } });
    }
  }
  // worker-ids.json of an earlier version: { "<host:port/db>": { ids, pid, startedAt } }, written on this host.
  const legacy = readJson(legacyFile());
  if (legacy && typeof legacy === "object" && !Array.isArray(legacy)) {
    for (const entry of Object.values(legacy as Record<string, { ids?: unknown; pid?: unknown }>)) {
      if (entry && typeof entry.pid === "number") {
        out.push({ file: legacyFile(), record: { host: os.hostname(), pid: entry.pid, ids: strings(entry.ids), startedAt: "" } });
      }
    }
  }
  return out;
}

/**
 * A recorded process is gone when it ran on this host and its pid is ours
 * (we are its restart: a container's pid repeats) or no longer alive. A
 * process on another host (a DATA_DIR on shared storage) cannot be checked:
 * its jobs are left to its own restart or graphile-worker's 4-hour expiry.
 */
function isGone(r: RunnerRecord): boolean {
  return r.host === os.hostname() && (r.pid === process.pid || !isProcessAlive(r.pid));
}

/** Written before the pool takes its first job (synchronously, in the event). */
function recordWorkerIds(ids: string[]) {
  const file = ownRecordFile();
  mkdirSync(path.dirname(file), { recursive: true });
  const record: RunnerRecord = { host: os.hostname(), pid: process.pid, ids, startedAt: new Date().toISOString() };
  const temp = `${file}.tmp`;
  writeFileSync(temp, JSON.stringify(record, null, 2));
  renameSync(temp, file);
}

// A cut job's attempt and its last error: decision 0083 (features/jobs/cut-offs.server.ts).
export { CUT_OFF } from "~/features/jobs/cut-offs.server";

/**
 * Frees the jobs still locked by runners of this DATA_DIR whose process is
 * gone (killed, crashed, the machine restarted, or simply stopped: the
 * record stays, in case its last writes were cut), then forgets them. Pool
 * ids are random: unlocking an id on a database it never used changes nothing.
 */
async function unlockPreviousWorkers(): Promise<void> {
  const gone = recordedRunners().filter((r) => isGone(r.record));
  if (gone.length === 0) return;
  const ids = [...new Set(gone.flatMap((r) => r.record.ids))];
  if (ids.length > 0) {
    const once = await makeWorkerUtils({ connectionString: connectionString() });
    try {
      await once.withPgClient((client) => recordCutOffs(client, ids));
      await once.forceUnlockWorkers(ids);
    } finally {
      await once.release();
    }
  }
  for (const file of new Set(gone.map((r) => r.file))) {
    if (file === legacyFile()) {
      // Every entry of the old file was this host's; drop it only when none is still alive.
      if (recordedRunners().some((r) => r.file === file && !isGone(r.record))) continue;
    }
    rmSync(file, { force: true });
  }
}

/** BENCH_ROUTES only: job id → when its task started (epoch ms), the last 1,000. */
const started = new Map<string, number>();
export const jobStartTimes = (): ReadonlyMap<string, number> => started;
/** BENCH_ROUTES only: a job start the job thread reported (server/job-thread.ts). */
export function recordJobStart(jobId: string, at: number) {
  started.set(jobId, at);
  if (started.size > 1000) started.delete(started.keys().next().value!);
}

/**
 * graphile-worker's own lines ('Worker connected…', 'Completed task…') in the
 * portal's log (service jobs), with their scope: worker, task, job id.
 */
function workerLogger(): Logger {
  const jobsLog = serviceLog("jobs");
  return new Logger((scope) => {
    const fields = { workerId: scope.workerId, task: scope.taskIdentifier, jobId: scope.jobId === undefined ? undefined : String(scope.jobId) };
    return (level: LogLevel, message: string) => {
      const method = level === "error" ? "error" : level === "warning" ? "warn" : level === "debug" ? "debug" : "info";
      jobsLog[method](fields, message);
    };
  });
}

/**
 * One line per job that ends: task, job id, attempt, duration and outcome
 * (completed, or failed with the error's message; never the payload), and
 * the thread that ran it (0: the HTTP thread; the job thread's otherwise, decision 0062).
 */
function logJobEnds(events: WorkerEvents) {
  const jobsLog = serviceLog("jobs");
  const begun = new Map<string, number>();
  events.on("job:start", ({ job }) => {
    begun.set(String(job.id), performance.now());
    if (begun.size > 10_000) begun.delete(begun.keys().next().value!);
  });
  events.on("job:complete", ({ job, error }) => {
    const id = String(job.id);
    const t0 = begun.get(id);
    begun.delete(id);
    const fields = {
      jobId: id,
      task: job.task_identifier,
      attempt: job.attempts,
      maxAttempts: job.max_attempts,
      durationMs: t0 === undefined ? undefined : Math.round((performance.now() - t0) * 100) / 100,
      outcome: error ? "failed" : "completed",
      threadId,
    };
    if (!error) return jobsLog.info(fields, `job ${job.task_identifier} completed`);
    const message = error instanceof Error ? error.message : String(error);
    const final = job.attempts >= job.max_attempts;
    jobsLog[final ? "error" : "warn"]({ ...fields, error: message.slice(0, 500), willRetry: !final }, `job ${job.task_identifier} failed${final ? " for the last time" : ""}`);
  });
}

function watch(events: WorkerEvents, onJobStart?: (jobId: string, at: number) => void) {
  logJobEnds(events);
  if (env().BENCH_ROUTES) {
    events.on("job:start", ({ job }) => {
      const at = performance.timeOrigin + performance.now();
      recordJobStart(String(job.id), at);
      onJobStart?.(String(job.id), at);
    });
  }
  const up = () => {
    if (state === "reconnecting") state = "running";
  };
  const down = () => {
    if (state === "running") state = "reconnecting";
  };
  events.on("job:complete", ({ job }) => {
    if (job.job_queue_id != null) void wakeForQueue(job.id);
  });
  events.on("pool:create", ({ workerPool }) => recordWorkerIds([workerPool.id]));
  events.on("pool:listen:error", down);
  events.on("worker:getJob:error", down);
  events.on("pool:listen:success", up);
  events.on("worker:getJob:empty", up);
  events.on("job:start", up);
}

/**
 * The next job of a named queue (the reports, decision 0067) starts as soon as the one before it is
 * done, not at the next poll. graphile-worker frees a queue when it records the job complete or
 * failed, which it does without waiting, after the worker has already looked for its next job and,
 * finding the queue still locked, gone to sleep until the poll (2 s: a pause between every two
 * reports). Once the job's row is no longer locked, this says "jobs:insert" as add_job does, and an
 * idle worker of every runner looks again.
 */
async function wakeForQueue(jobId: string): Promise<void> {
  try {
    for (let i = 0; i < 40; i++) {
      const [row] = await prisma.$queryRaw<Array<{ locked: boolean }>>`
        SELECT EXISTS (SELECT 1 FROM graphile_worker._private_jobs WHERE id = ${jobId}::bigint AND locked_by IS NOT NULL) AS locked`;
      if (!row?.locked) {
        await prisma.$queryRaw`SELECT pg_notify('jobs:insert', '{"count":1}')`;
        return;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  } catch {
    // The database is away or the runner stopping: the poll finds the job.
  }
}

/**
 * Starts graphile-worker inside this process (signals are ours to handle).
 * `force`: a worker process (npm run worker) or the job thread runs it whatever RUN_WORKER says.
 * `onJobStart` (BENCH_ROUTES only): told when a job starts (the job thread tells the HTTP thread).
 */
export async function startWorker(opts: { force?: boolean; onJobStart?: (jobId: string, at: number) => void } = {}): Promise<void> {
  if (!env().RUN_WORKER && !opts.force) {
    state = "disabled";
    // A process that runs no jobs still queues them (queueJob): graphile-worker's schema now, not in a request's transaction.
    await ensureJobQueue();
    return;
  }
  state = "starting";
  await unlockPreviousWorkers();
  // A run whose job can no longer run (its attempts spent by cuts, or its job deleted) says so now,
  // before the runner takes jobs; on a new database graphile-worker's tables come first.
  await ensureJobQueue();
  await failRunsThatCannotRun().catch((error: unknown) => serviceLog("jobs").warn({ error: (error as Error).message }, "could not check the runs of stopped jobs"));
  const events: WorkerEvents = new EventEmitter();
  watch(events, opts.onJobStart);
  runner = await run({
    connectionString: connectionString(),
    concurrency: env().WORKER_CONCURRENCY,
    noHandleSignals: true,
    pollInterval: 2000,
    taskList,
    crontab: [crontab, env().EXTRA_CRONTAB].filter(Boolean).join("\n"),
    events,
    logger: workerLogger(),
    // Completion and failure are written through graphile-worker's batcher,
    // which the pool's shutdown waits for: without it a job that finished
    // during the graceful stop was reported complete, yet its row stayed
    // locked (the write was cut by the exit) and it ran again later (issue 19).
    preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
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
 * or the worker utilities first connect). queueJob() calls it before its
 * `graphile_worker.add_job(...)`; after the first time it costs nothing.
 */
export async function ensureJobQueue(): Promise<void> {
  if (runner && state === "running") return;
  await workerUtils();
}

function workerUtils(): Promise<WorkerUtils> {
  utils ??= makeWorkerUtils({ connectionString: connectionString() });
  return utils;
}

/**
 * Queues a job outside any transaction through graphile-worker's own API
 * (tests and tools; the app queues with queueJob()). The payload types are
 * GraphileWorker.Tasks, declared with the payloads in features/jobs/queue.server.ts.
 */
export async function addJob<N extends keyof GraphileWorker.Tasks>(name: N, payload: GraphileWorker.Tasks[N], spec: TaskSpec = {}) {
  // graphile-worker's conditional payload type does not narrow on a generic N.
  const p = payload as never;
  if (runner && state === "running") return runner.addJob(name, p, spec);
  return (await workerUtils()).addJob(name, p, spec);
}
