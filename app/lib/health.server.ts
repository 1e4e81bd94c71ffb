// Health for schedulers (issue 19 item 12; docs/operations.md 'Health'):
// - liveness  (/livez):  the process answers; nothing else is asked, so a
//   database outage never gets a healthy process restarted;
// - readiness (/readyz, and /healthz as before): the database answers, the
//   storage (disk folder or S3 bucket) is usable and the job runner runs
//   (when this process runs one): send traffic here, or not;
// - the worker process (`npm run worker`, no HTTP server) writes the same
//   readiness to DATA_DIR/worker-health.json every 15 s, read by
//   `node scripts/healthcheck.mjs --worker`.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { prisma } from "./db.server";
import { env } from "./env.server";
import { workerState } from "./jobs.server";
import { checkStorage } from "./storage.server";

const TIMEOUT_MS = 3000;
/** A storage check (an S3 request) at most this often; between, the last answer. */
const STORAGE_CHECK_EVERY_MS = 10_000;

function withTimeout<T>(p: Promise<T>): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error("timeout")), TIMEOUT_MS).unref())]);
}

let storageCache: { at: number; up: boolean } | undefined;
async function storageUp(): Promise<boolean> {
  if (storageCache && Date.now() - storageCache.at < STORAGE_CHECK_EVERY_MS) return storageCache.up;
  const up = await withTimeout(checkStorage()).then(
    () => true,
    () => false,
  );
  storageCache = { at: Date.now(), up };
  return up;
}

export async function checkHealth() {
  const [database, storage] = await Promise.all([
    withTimeout(prisma.$queryRaw`SELECT 1`).then(
      () => "up" as const,
      () => "down" as const,
    ),
    storageUp().then((up) => (up ? ("up" as const) : ("down" as const))),
  ]);
  const worker = workerState();
  const ok = database === "up" && storage === "up" && (worker === "running" || worker === "disabled");
  return { status: ok ? "ok" : "degraded", database, storage, worker, time: new Date().toISOString() } as const;
}

export function healthResponse(body: object, ok: boolean) {
  return new Response(JSON.stringify(body), {
    status: ok ? 200 : 503,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}

/** /readyz and /healthz: 200 when ready, 503 otherwise, with what is down. */
export async function readinessResponse() {
  const health = await checkHealth();
  return healthResponse(health, health.status === "ok");
}

/** The worker process's heartbeat file (no HTTP server there). */
export function workerHealthFile(): string {
  return path.join(env().dataDir, "worker-health.json");
}

export const WORKER_HEALTH_EVERY_MS = 15_000;

/** Writes the worker process's readiness now and every 15 s; returns a stop function. */
export function startWorkerHeartbeat(): () => void {
  const file = workerHealthFile();
  mkdirSync(path.dirname(file), { recursive: true });
  const beat = async () => {
    const health = await checkHealth();
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ ...health, pid: process.pid }));
    renameSync(tmp, file);
  };
  void beat().catch(() => undefined);
  const timer = setInterval(() => void beat().catch(() => undefined), WORKER_HEALTH_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
