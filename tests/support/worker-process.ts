// `node scripts/worker.mjs` (the job runner alone, decision 0026) as a child
// process with its own temporary DATA_DIR, as on a machine of its own.
// Needs the build. Used by the several-processes and object-storage tests.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "./app-server";
import { waitFor } from "./wait";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export { waitFor };

export type WorkerProcess = ReturnType<typeof startWorkerProcess>;

/** Starts a worker process; env adds to (or, with undefined, removes from) the inherited environment. */
export function startWorkerProcess(env: Record<string, string | undefined>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-worker-"));
  chmodSync(dataDir, 0o755);
  let output = "";
  const childEnv: Record<string, string | undefined> = { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, ...env };
  for (const k of Object.keys(childEnv)) if (k.startsWith("VITEST") || k.startsWith("__VITEST") || k === "SMTP_URL" || k === "NODE_OPTIONS") delete childEnv[k];
  for (const k of Object.keys(childEnv)) if (childEnv[k] === undefined) delete childEnv[k];
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, "scripts/worker.mjs")], {
    cwd: repoRoot,
    env: childEnv as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    dataDir,
    logs: () => output,
    ready: () => waitFor("the worker to be ready", async () => /Worker ready/.test(output), 60_000),
    /** kill -9 of the worker's process group; resolves when it has exited. */
    async kill9() {
      process.kill(-child.pid!, "SIGKILL");
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const code = await Promise.race([exited, sleep(30_000).then(() => "timeout" as const)]);
      if (code === "timeout") process.kill(-child.pid!, "SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
