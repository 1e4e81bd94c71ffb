// Starts the built portal (`node scripts/serve.mjs`) as a child process on
// free loopback ports, the way an operator would, and stops it with SIGTERM.
//
//   const app = await startApp();            // fresh test database, temp DATA_DIR
//   const app = await startApp({ databaseUrl: null });   // embedded PostgreSQL under DATA_DIR
//   app.url, app.idpUrl, app.logs()
//   expect((await app.stop()).code).toBe(0);  // a clean shutdown exits 0
//   await app.start();                        // again, same ports, data and database
//   await app.dispose();                      // stop (if running) and remove a temp DATA_DIR
//
// Needs `npm run build` first (tests/support/global-app.ts does it for e2e).
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePorts } from "./free-port";
import { createTestDatabase } from "./postgres";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface StartAppOptions {
  /**
   * DATABASE_URL for the app. Undefined: a fresh test database is cloned
   * from the migrated template (createTestDatabase()). null: DATABASE_URL is
   * left unset, so the app starts its own embedded PostgreSQL under DATA_DIR.
   */
  databaseUrl?: string | null;
  /** DATA_DIR; default a new temp directory (removed by dispose()). */
  dataDir?: string;
  /** Extra environment for the app; a value of undefined removes a variable. */
  env?: Record<string, string | undefined>;
  /** How long to wait for /healthz (default 90 s). */
  readyTimeoutMs?: number;
  /** Copy the app's output to this process's stderr as it comes (also E2E_APP_LOGS=1). */
  echo?: boolean;
  /** The tree to run (default this checkout): `node <root>/scripts/serve.mjs` in <root>. */
  root?: string;
  /** Run the app as this user and group (the test runs as root). */
  uid?: number;
  gid?: number;
  /** Do not wait for /healthz: start() resolves once the process is spawned. */
  noWait?: boolean;
  /** The script to run, relative to the root (default scripts/serve.mjs; scripts/start.mjs is `npm start`). */
  script?: string;
  /** Start through npm (`npm run <script>`, e.g. "start" or "worker") instead of node: pid() is then npm's. */
  npmScript?: string;
  /**
   * The node binary to run the portal with (default this process's, process.execPath). Its
   * directory goes first on the portal's PATH, so that a `node` it or npm starts is the same one
   * (the HTTP workers are forked with process.execPath, which then is this binary too).
   */
  node?: string;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** True when the app did not stop within the timeout and was killed. */
  killed: boolean;
}

export interface AppHandle {
  url: string;
  idpUrl: string;
  port: number;
  idpPort: number;
  dataDir: string;
  /** The DATABASE_URL given to the app, or undefined when it runs its own embedded one. */
  databaseUrl: string | undefined;
  /** EMBEDDED_PG_PORT given to the app (used only when databaseUrl is undefined). */
  embeddedPgPort: number;
  /** Starts the app again after stop(): same ports, DATA_DIR and database. */
  start(): Promise<void>;
  /** SIGTERM, wait for the exit (default 30 s), SIGKILL after. */
  stop(timeoutMs?: number): Promise<ExitInfo>;
  /** Sends a signal to the node process only (not its group) and waits for its exit: a crash. */
  kill(signal?: NodeJS.Signals): Promise<ExitInfo>;
  /** The running node process's pid (e.g. to read its memory from /proc). */
  pid(): number | undefined;
  /** Resolves when the current run exits. */
  exited(): Promise<ExitInfo>;
  /** stop() then start(); returns how the first run ended. */
  restart(): Promise<ExitInfo>;
  /** Everything the app printed (stdout and stderr, all runs). */
  logs(): string;
  /** stop() if running, then remove DATA_DIR when startApp created it. */
  dispose(): Promise<ExitInfo | undefined>;
  running(): boolean;
}

/** Settings we control: never inherited from the test process. */
const CONTROLLED = [
  "PORT",
  "APP_URL",
  "DATA_DIR",
  "DATABASE_URL",
  "EMBEDDED_PG_PORT",
  "IDP_PORT",
  "IDP_URL",
  "OIDC_ISSUER",
  "OIDC_CLIENT_ID",
  "OIDC_CLIENT_SECRET",
  "SMTP_URL",
  "SEED_DEMO_DATA",
  "SESSION_SECRET",
  "ENCRYPTION_KEY",
  "NODE_ENV",
  "NODE_OPTIONS",
];

const MAX_LOG_CHARS = 4_000_000;

const live = new Set<ChildProcess>();
let exitHookInstalled = false;
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // If the test process goes away, do not leave servers (and their databases) behind.
  process.on("exit", () => {
    for (const child of live) killGroup(child, "SIGKILL");
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal); // the whole process group (embedded postgres too)
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function startApp(options: StartAppOptions = {}): Promise<AppHandle> {
  installExitHook();
  const [port, idpPort, pgPort] = await freePorts(3);
  const url = `http://localhost:${port}`;
  const idpUrl = `http://localhost:${idpPort}`;
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "portal-e2e-"));
  // Like ./data in a checkout: readable by others, so that the embedded
  // PostgreSQL (run as the `postgres` user when we are root) can reach DATA_DIR/postgres.
  if (ownDataDir) chmodSync(dataDir, 0o755);

  let databaseUrl: string | undefined;
  if (options.databaseUrl === null) databaseUrl = undefined;
  else if (options.databaseUrl !== undefined) databaseUrl = options.databaseUrl;
  else {
    databaseUrl = (await createTestDatabase()).url;
  }

  const echo = options.echo ?? process.env.E2E_APP_LOGS === "1";
  const readyTimeoutMs = options.readyTimeoutMs ?? 90_000;
  let output = "";
  let child: ChildProcess | undefined;
  let exited: Promise<ExitInfo> | undefined;
  let runNumber = 0;

  const env: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (CONTROLLED.includes(key) || key.startsWith("VITEST") || key.startsWith("__VITEST")) continue;
    env[key] = value;
  }
  Object.assign(env, {
    NODE_ENV: "production",
    PORT: String(port),
    APP_URL: url,
    DATA_DIR: dataDir,
    IDP_PORT: String(idpPort),
    IDP_URL: idpUrl,
    EMBEDDED_PG_PORT: String(pgPort),
    SEED_DEMO_DATA: "true",
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "info",
  });
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const node = options.node ?? process.execPath;
  if (options.node) env.PATH = [path.dirname(options.node), env.PATH].filter(Boolean).join(path.delimiter);
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }

  function append(chunk: Buffer | string) {
    const text = chunk.toString();
    output += text;
    if (output.length > MAX_LOG_CHARS) output = output.slice(-MAX_LOG_CHARS);
    if (echo) process.stderr.write(text);
  }

  function tail(lines = 80) {
    return output.split("\n").slice(-lines).join("\n");
  }

  async function start() {
    if (child) throw new Error("the app is already running");
    runNumber += 1;
    const script = options.script ?? "scripts/serve.mjs";
    const what = options.npmScript ? `npm run ${options.npmScript}` : `${options.node ?? "node"} ${script}`;
    append(`\n----- [test harness] start #${runNumber}: ${what} on ${url} (idp ${idpUrl}, DATA_DIR ${dataDir}) -----\n`);
    const root = options.root ?? repoRoot;
    const [file, args] = options.npmScript
      ? process.env.npm_execpath
        ? [node, [process.env.npm_execpath, "run", options.npmScript]]
        : ["npm", ["run", options.npmScript]]
      : [node, [path.join(root, script)]];
    const proc = spawn(file, args, {
      cwd: root,
      env: env as NodeJS.ProcessEnv,
      uid: options.uid,
      gid: options.gid,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true, // own process group, so a kill reaches its children too
    });
    child = proc;
    live.add(proc);
    proc.stdout!.on("data", append);
    proc.stderr!.on("data", append);
    exited = new Promise<ExitInfo>((resolve) => {
      proc.once("exit", (code, signal) => {
        live.delete(proc);
        append(`----- [test harness] run #${runNumber} exited: code ${code}, signal ${signal} -----\n`);
        resolve({ code, signal, killed: false });
      });
    });
    const spawnError = new Promise<Error>((resolve) => proc.once("error", resolve));
    if (options.noWait) return;

    const deadline = Date.now() + readyTimeoutMs;
    let lastProblem = "no answer yet";
    for (;;) {
      const early = await Promise.race([
        exited.then((info) => `exited early (code ${info.code}, signal ${info.signal})`),
        spawnError.then((e) => `could not be started: ${e.message}`),
        sleep(250).then(() => undefined),
      ]);
      if (early) {
        child = undefined;
        throw new Error(`The app ${early}.\n--- its output ---\n${tail()}`);
      }
      try {
        const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) });
        const body = await response.text();
        if (response.status === 200) {
          let status: unknown;
          try {
            status = (JSON.parse(body) as { status?: unknown }).status;
          } catch {
            status = undefined;
          }
          if (status === "ok") return;
        }
        lastProblem = `/healthz answered ${response.status}: ${body.slice(0, 300)}`;
      } catch (error) {
        lastProblem = `/healthz: ${(error as Error).message}`;
      }
      if (Date.now() > deadline) {
        const info = await stop(10_000);
        throw new Error(
          `The app was not ready within ${readyTimeoutMs / 1000} s (${lastProblem}); stopped it (${JSON.stringify(info)}).\n--- its output ---\n${tail()}`,
        );
      }
    }
  }

  async function stop(timeoutMs = 30_000): Promise<ExitInfo> {
    const proc = child;
    const done = exited;
    if (!proc || !done) throw new Error("the app is not running");
    if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGTERM");
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), timeoutMs);
    });
    const first = await Promise.race([done, timedOut]);
    clearTimeout(timer);
    let info: ExitInfo;
    if (first === "timeout") {
      append(`----- [test harness] no exit ${timeoutMs / 1000} s after SIGTERM: SIGKILL -----\n`);
      killGroup(proc, "SIGKILL");
      info = { ...(await done), killed: true };
    } else {
      info = first;
      // Anything of its group still alive (should be nothing after a clean shutdown).
      killGroup(proc, "SIGKILL");
    }
    child = undefined;
    exited = undefined;
    return info;
  }

  async function kill(signal: NodeJS.Signals = "SIGKILL"): Promise<ExitInfo> {
    const proc = child;
    const done = exited;
    if (!proc || !done) throw new Error("the app is not running");
    proc.kill(signal);
    const info = await done;
    child = undefined;
    exited = undefined;
    return info;
  }

  async function restart() {
    const info = await stop();
    await start();
    return info;
  }

  async function dispose() {
    const info = child ? await stop() : undefined;
    saveLogs();
    if (ownDataDir && existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
    return info;
  }

  /** Keeps the app's output under test-results/ (git-ignored) for a look after the run. */
  function saveLogs() {
    try {
      const dir = path.join(repoRoot, "test-results");
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `app-${port}.log`), output);
    } catch {
      /* only a convenience */
    }
  }

  const handle: AppHandle = {
    url,
    idpUrl,
    port,
    idpPort,
    dataDir,
    databaseUrl,
    embeddedPgPort: pgPort,
    start,
    stop,
    kill,
    pid: () => child?.pid,
    exited: () => {
      if (!exited) throw new Error("the app is not running");
      return exited;
    },
    restart,
    logs: () => output,
    dispose,
    running: () => child !== undefined,
  };

  try {
    await start();
  } catch (error) {
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return handle;
}
