// The job runner in a worker thread of the process that serves HTTP (issue 22
// item 5, decision 0062). Reports (exceljs), the combined application PDF
// (pdf-lib) and the hierarchy import (CSV parse and checks) are CPU-heavy: on
// the thread that answers requests they took 40-78% of every page's rate. The
// whole graphile-worker runner (every task, the crontab, its database pool)
// therefore runs in one worker_threads Worker, which has its own JavaScript
// thread, event loop and heap; the HTTP thread only queues jobs
// (queueJob → graphile_worker.add_job) and reads their results.
//
// The thread runs the same bundle (build/server/index.js, this file compiled
// into it): its entry is a line of code that imports the bundle and calls
// runJobThread(), so the production tree (the Dockerfile copies build/) needs
// no other file, and nothing starts when the bundle is merely imported.
//
//   HTTP thread (startJobThread)            job thread (runJobThread)
//   ─ settings, secrets, database: boot  →  env (DATABASE_URL, SESSION_SECRET, ENCRYPTION_KEY given)
//   ─ waits for "started" / "failed"     ←  startWorker({ force: true }): graphile-worker
//   ─ workerState() mirrors "state"      ←  its state, each time it changes
//   ─ SIGTERM: "stop", waits for "stopped" → stopWorker(): running jobs finish; pool closed
//
// Killed (kill -9) the thread dies with the process, as the runner did: its
// jobs are freed at the next start (jobs.server.ts, same pid record). A thread
// that dies on its own (an uncaught error) stops the whole process (exit 1),
// as an uncaught error did before: the supervisor restarts it and the restart
// frees the jobs. `npm run worker` (no HTTP) keeps the runner on its main thread.
import { readlinkSync } from "node:fs";
import os from "node:os";
import { isMainThread, parentPort, threadId, Worker } from "node:worker_threads";
import { configureDatabase, disconnectPrisma } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { recordJobStart, reportPrimaryWorkerState, startWorker, stopWorker, workerState, type WorkerState } from "~/lib/jobs.server";
import { closeMailTransport } from "~/lib/mail.server";
import { removeOwnTempFiles } from "~/lib/storage.server";

type FromThread =
  | { type: "started"; threadId: number }
  | { type: "failed"; message: string }
  | { type: "state"; state: WorkerState }
  | { type: "job-start"; jobId: string; at: number }
  | { type: "stopped" };
type ToThread = { type: "stop" };

export type JobThread = {
  /** The job thread's threadId (the HTTP thread's is 0). */
  threadId: number;
  /** Stops taking jobs, waits for the running ones, closes the thread's connections; resolves when the thread has ended. */
  stop(): Promise<void>;
};

/**
 * Starts the job thread and resolves once its runner is running (rejects with
 * the runner's start error: the start stops, as it did in-process).
 * `env`: what the thread gets on top of this process's environment (the
 * database this start opened, the secrets it resolved). `onFatal`: the thread
 * died on its own after it started.
 */
export function startJobThread(opts: { env: Record<string, string>; onFatal: (reason: string) => void }): Promise<JobThread> {
  const bundle = import.meta.url;
  if (!bundle.endsWith(".js")) {
    // Under vitest the sources are TypeScript: tests run the runner in-process (startWorker).
    return Promise.reject(new Error(`the job thread runs from the build (build/server/index.js), not from ${bundle}`));
  }
  const worker = new Worker(`import(${JSON.stringify(bundle)}).then((m) => m.runJobThread())`, {
    eval: true,
    name: "portal-jobs",
    env: { ...process.env, ...opts.env },
  });
  let started = false;
  let stopping = false;
  const ended = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  let stoppedTimer: NodeJS.Timeout | undefined;
  return new Promise<JobThread>((resolve, reject) => {
    const fail = (reason: string) => {
      reportPrimaryWorkerState("crashed");
      if (!started) return reject(new Error(reason));
      if (!stopping) opts.onFatal(reason);
    };
    worker.on("message", (m: FromThread) => {
      if (m.type === "state") reportPrimaryWorkerState(m.state);
      else if (m.type === "job-start") recordJobStart(m.jobId, m.at);
      else if (m.type === "failed") fail(m.message);
      else if (m.type === "stopped") {
        // Its work is done: should a timer of a library keep it alive, it ends anyway.
        stoppedTimer = setTimeout(() => void worker.terminate(), 5000);
        stoppedTimer.unref();
      }
      else if (m.type === "started") {
        started = true;
        reportPrimaryWorkerState("running");
        resolve({
          threadId: m.threadId,
          async stop() {
            if (stopping) return ended;
            stopping = true;
            reportPrimaryWorkerState("stopping");
            worker.postMessage({ type: "stop" } satisfies ToThread);
            await ended;
            reportPrimaryWorkerState("stopped");
          },
        });
      }
    });
    worker.on("error", (error) => fail(`the job thread failed: ${error.stack ?? error.message}`));
    worker.on("exit", (code) => {
      clearTimeout(stoppedTimer);
      if (!stopping) fail(`the job thread ended (exit code ${code})`);
    });
  });
}

/**
 * The job thread's scheduling priority on Linux (nice; the HTTP thread keeps 0). When the cores are
 * busy the kernel gives the thread that answers requests the CPU first (about 10:1 at nice 10); on
 * idle cores a report runs at full speed. Raising one's own nice needs no privilege.
 */
export const JOB_THREAD_NICE = 10;

/** Lowers this thread's priority (Linux: setpriority on the thread's own id); elsewhere, or refused, nothing. */
function lowerOwnPriority(): number | undefined {
  if (process.platform !== "linux") return undefined;
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (!Number.isInteger(tid) || tid <= 0) return undefined;
    os.setPriority(tid, JOB_THREAD_NICE);
    return JOB_THREAD_NICE;
  } catch {
    return undefined;
  }
}

/** The job thread's entry (called by the line startJobThread() gives the Worker). */
export async function runJobThread(): Promise<void> {
  if (isMainThread || !parentPort) throw new Error("runJobThread() runs in the job thread that startJobThread() starts");
  const port = parentPort;
  const post = (m: FromThread) => port.postMessage(m);
  lowerOwnPriority();
  try {
    const e = env();
    if (!e.DATABASE_URL) throw new Error("DATABASE_URL is missing: the job thread is started by the portal, with the database it opened");
    configureDatabase(e.DATABASE_URL);
    await startWorker({ force: true, onJobStart: (jobId, at) => post({ type: "job-start", jobId, at }) });
  } catch (error) {
    post({ type: "failed", message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    port.close();
    return;
  }
  post({ type: "started", threadId });
  let last = workerState();
  const watch = setInterval(() => {
    const now = workerState();
    if (now !== last) post({ type: "state", state: now });
    last = now;
  }, 250);
  port.on("message", (m: ToThread) => {
    if (m.type !== "stop") return;
    clearInterval(watch);
    void (async () => {
      await stopWorker().catch((error: unknown) => console.error(`[portal] stopping the job runner: ${(error as Error).message}`));
      // The jobs that sent mail are done: the pooled SMTP connections say QUIT.
      closeMailTransport();
      await removeOwnTempFiles().catch(() => 0);
      await disconnectPrisma().catch(() => {});
      post({ type: "stopped" });
      // Nothing is left to keep the thread alive: it ends once its last log lines are out.
      port.close();
    })();
  });
}
