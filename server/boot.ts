// Start-up of the one process, in order:
//   0. checks before any write (server/prepare-database.ts, decision 0086): settings, ports,
//      STORAGE_URL, the database (DATABASE_URL, or an embedded PostgreSQL under DATA_DIR/postgres)
//      and its privileges, the secrets and the encryption key
//   1-2. migrations (prisma/migrations/*/migration.sql), generated secrets, the key check value
//   3. reference data always, demo data once (SEED_DEMO_DATA)
//   4. identity provider: OIDC_ISSUER, or the built-in one on IDP_PORT
//   5. graphile-worker, in a worker thread of this process (server/job-thread.ts, decision 0062)
// and the shutdown on SIGTERM/SIGINT: stop taking jobs, let running jobs and
// requests finish, close the pool, stop the provider and the database.
// WEB_CONCURRENCY=N > 1 (decision 0034): this start-up runs once, in the
// primary (startHttpPrimary), which then forks N HTTP processes; each of them
// takes the primary's results (bootHttpWorker) instead of booting again.
import path from "node:path";
import { demoAccounts, seedDemoData, seedReferenceData } from "../prisma/seed";
import { startIdentityProvider } from "~/features/idp/provider.server";
import { configureDatabase, databaseUrl, disconnectPrisma, prisma } from "~/lib/db.server";
import { EmbeddedPostgresError } from "./embedded-postgres";
import { drainHttpServer } from "./http-drain";
import { EncryptionKeyError } from "~/lib/encryption-key.server";
import { env, SettingsError } from "~/lib/env.server";
import { jobStartTimes, reportPrimaryWorkerState, startWorker, stopWorker, workerState, type WorkerState } from "~/lib/jobs.server";
import { startJobThread, type JobThread } from "./job-thread";
import { announceFirstAdministratorSetup } from "~/lib/first-admin.server";
import {
  HTTP_WORKER_CONFIG_ENV,
  HTTP_WORKER_FATAL_EXIT,
  onPrimaryWorkerState,
  startHttpWorkers,
  type HttpWorkers,
} from "./http-workers";
import { closeMailTransport, mailCaptureEnabled } from "~/lib/mail.server";
import { MigrationError } from "./migrate";
import { configureOidc, oidcConfig, type OidcConfig } from "~/lib/oidc.server";
import { PreflightError } from "./preflight";
import { getSecret, MissingSecretError } from "~/lib/secrets.server";
import { allowFormActionOrigin } from "~/lib/security.server";
import { requestsInFlight } from "./server-hooks";
import { startWorkerHeartbeat } from "~/lib/health.server";
import { removeOwnTempFiles, removeStaleTempFiles, STALE_TEMP_FILE_MS } from "~/lib/storage.server";
import { clusterMetricsText } from "~/lib/metrics.server";
import { prepareDatabase, startSecretNames } from "./prepare-database";

const log = (msg: string) => console.log(`[portal] ${msg}`);

let booted: Promise<void> | undefined;

/** The one process (WEB_CONCURRENCY=1): everything booted here, before it listens (start(), server/index.ts). */
export function boot(): Promise<void> {
  booted ??= doBoot({
    // Requests in flight get 10 s; what is still running then is answered 503.
    stopHttp: () => drainHttpServer({ graceMs: 10_000, busy: () => requestsInFlight() > 0 }),
  })
    .then((started) => started.printBanner())
    .catch((error: unknown) => {
      console.error(`[portal] start-up failed: ${describeStartupError(error)}`);
      process.exit(1);
    });
  return booted;
}

/** start(): WEB_CONCURRENCY (a bad value ends the start with its message). */
export function httpProcessCount(): number {
  try {
    return env().WEB_CONCURRENCY;
  } catch (error) {
    console.error(`[portal] start-up failed: ${describeStartupError(error)}`);
    process.exit(1);
  }
}

/** What an HTTP process takes from its primary (PORTAL_HTTP_WORKER_CONFIG). */
type HttpWorkerConfig = { oidc: OidcConfig; workerState: WorkerState };

/** The HTTP processes get this long after SIGTERM to finish their requests (10 s) and exit; then SIGKILL. */
export const HTTP_WORKERS_STOP_MS = 20_000;

/**
 * WEB_CONCURRENCY > 1 (start(), server/index.ts): boots once in this process (the
 * database, migrations, seed, provider, job runner), then forks `count` HTTP
 * processes running `exec` on the one port, and keeps them running.
 */
export async function startHttpPrimary({ count, exec }: { count: number; exec: string }): Promise<void> {
  let workers: HttpWorkers | undefined;
  try {
    const started = await doBoot({ stopHttp: () => workers?.stop(HTTP_WORKERS_STOP_MS) ?? Promise.resolve() });
    // The secrets every HTTP process must share, resolved (and generated, the first time) here, once:
    // through the environment of the fork, never its command line.
    const config: HttpWorkerConfig = { oidc: oidcConfig(), workerState: workerState() };
    const e = env();
    await warnIfTooManyConnections(count);
    workers = startHttpWorkers({
      count,
      exec,
      env: { ...resolvedSecretsEnv(databaseUrl()), [HTTP_WORKER_CONFIG_ENV]: JSON.stringify(config) },
      log,
      onFatal: (reason) => {
        console.error(`[portal] ${reason}`);
        process.exitCode = 1;
        process.kill(process.pid, "SIGTERM"); // the shutdown stops the job runner, provider and database, then exits 1
      },
      answer: (kind) =>
        kind === "metrics" ? clusterMetricsText() : kind === "bench-jobs" && e.BENCH_ROUTES ? Object.fromEntries(jobStartTimes()) : undefined,
      greeting: () => ({ type: "portal:worker-state", state: workerState() }),
    });
    // /healthz of an HTTP process reports this process's job runner.
    let last = workerState();
    setInterval(() => {
      const now = workerState();
      if (now !== last) workers?.broadcast({ type: "portal:worker-state", state: now });
      last = now;
    }, 500).unref();
    await workers.ready;
    log(`${count} HTTP processes (WEB_CONCURRENCY): ${workers.pids().join(", ")}`);
    started.printBanner();
  } catch (error) {
    if (workers) return; // onFatal: the shutdown is under way
    console.error(`[portal] start-up failed: ${describeStartupError(error)}`);
    process.exit(1);
  }
}

/**
 * Every HTTP process has its own pool (DATABASE_POOL_MAX), as has this one
 * (and the job runner its own): more than the server takes makes requests
 * fail under load. Said once, at the start.
 */
async function warnIfTooManyConnections(count: number) {
  const e = env();
  const [row] = await prisma.$queryRaw<Array<{ max: number; reserved: number }>>`
    SELECT current_setting('max_connections')::int AS max, current_setting('superuser_reserved_connections')::int AS reserved`;
  if (!row) return;
  // The job thread: graphile-worker's connections and the thread's own pool (decision 0062).
  const wanted = (count + 1) * e.DATABASE_POOL_MAX + (e.RUN_WORKER ? e.WORKER_CONCURRENCY + 2 + jobThreadPoolMax() : 0);
  const available = row.max - row.reserved;
  if (wanted > available) {
    console.warn(
      `[portal] warning: WEB_CONCURRENCY=${count} with DATABASE_POOL_MAX=${e.DATABASE_POOL_MAX} may open ${wanted} database connections; the server takes ${available} (max_connections ${row.max}). Lower one of them or raise max_connections.`,
    );
  }
}

/** In an HTTP process (WEB_CONCURRENCY > 1): what the primary booted, and a shutdown of this process's own. */
export function bootHttpWorker() {
  try {
    const e = env(); // the primary checked the same settings
    // The primary's database (its DATABASE_URL, or the embedded one it started), given in this process's environment.
    if (!e.DATABASE_URL) throw new Error("DATABASE_URL is missing: HTTP processes are started by the portal (WEB_CONCURRENCY), not by hand");
    configureDatabase(e.DATABASE_URL);
    const config = JSON.parse(process.env[HTTP_WORKER_CONFIG_ENV] ?? "null") as HttpWorkerConfig | null;
    if (!config) throw new Error(`${HTTP_WORKER_CONFIG_ENV} is missing: HTTP processes are started by the portal (WEB_CONCURRENCY), not by hand`);
    delete process.env[HTTP_WORKER_CONFIG_ENV];
    configureOidc(config.oidc);
    allowFormActionOrigin(new URL(config.oidc.issuer).origin);
    reportPrimaryWorkerState(config.workerState);
    onPrimaryWorkerState((state) => reportPrimaryWorkerState(state as WorkerState));
  } catch (error) {
    console.error(`[portal] start-up failed (HTTP process ${process.pid}): ${describeStartupError(error)}`);
    process.exit(HTTP_WORKER_FATAL_EXIT);
  }
  // Ctrl-C reaches every process of the terminal's group: the primary stops the HTTP processes in order (SIGTERM).
  process.on("SIGINT", () => undefined);
  installShutdown(
    async () => {
      await drainHttpServer({ graceMs: 10_000, busy: () => requestsInFlight() > 0 });
      closeMailTransport();
      await removeOwnTempFiles();
      await disconnectPrisma();
    },
    { signals: ["SIGTERM"], quiet: true },
  );
}

async function doBoot({ stopHttp }: { stopHttp: () => Promise<void> }): Promise<{ printBanner: () => void }> {
  // 0-2. Every setting, the ports, STORAGE_URL, the database and the secrets checked, then the
  // migrations, generated secrets and key check value written (decision 0086).
  const { url: databaseUrl, embedded } = await prepareDatabase({ log, secrets: startSecretNames() });
  const e = env();
  const stops: Array<[string, () => Promise<void>]> = [];

  // 3. Seed
  await seedReferenceData();
  if (e.demoDataOnPublicUrl) {
    console.warn(
      `[portal] warning: SEED_DEMO_DATA=true on a public APP_URL (${e.appUrl}): the demo accounts, whose password is published, are seeded. Remove SEED_DEMO_DATA on anything others can reach.`,
    );
  }
  if (e.SEED_DEMO_DATA) {
    const { created } = await seedDemoData();
    if (created) log("Demo data seeded");
  }

  // Uploads cut off by a crash leave temporary files: none of them can still be written.
  const swept = await removeStaleTempFiles(STALE_TEMP_FILE_MS);
  if (swept) log(`Removed ${swept} temporary upload file(s) left by an earlier run`);

  // 4. Identity provider (OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: checkSettingsBeforeStart)
  if (e.OIDC_ISSUER) {
    configureOidc({
      issuer: e.OIDC_ISSUER,
      clientId: e.OIDC_CLIENT_ID!,
      clientSecret: e.OIDC_CLIENT_SECRET!,
      profileUrl: e.OIDC_PROFILE_URL,
      builtIn: false,
    });
    allowFormActionOrigin(new URL(e.OIDC_ISSUER).origin);
  } else {
    const issuer = (e.IDP_URL ?? `http://localhost:${e.IDP_PORT}`).replace(/\/+$/, "");
    const clientSecret = getSecret("OIDC_CLIENT_SECRET");
    const idp = await startIdentityProvider({
      port: e.IDP_PORT,
      issuer,
      proxy: e.IDP_TRUST_PROXY,
      clients: [
        {
          client_id: "portal",
          client_secret: clientSecret,
          redirect_uris: [`${e.appUrl}/auth/callback`],
          post_logout_redirect_uris: [`${e.appUrl}/`],
        },
      ],
    });
    stops.push(["identity provider", () => idp.stop()]);
    configureOidc({
      issuer: idp.issuer,
      clientId: "portal",
      clientSecret,
      profileUrl: `${idp.issuer}/account/profile`,
      builtIn: true,
    });
    allowFormActionOrigin(new URL(idp.issuer).origin);
    log(`Built-in OpenID provider at ${idp.issuer}`);
  }

  // 5. Job runner: in its own thread, so that reports, PDFs and imports never take the HTTP thread's CPU (decision 0062).
  let jobThread: JobThread | undefined;
  if (e.RUN_WORKER) {
    jobThread = await startJobThread({
      env: jobThreadEnv(databaseUrl),
      onFatal: (reason) => {
        console.error(`[portal] ${reason}`);
        process.exitCode = 1;
        process.kill(process.pid, "SIGTERM"); // the shutdown stops the HTTP server, provider and database, then exits 1
      },
    });
  } else {
    await startWorker(); // RUN_WORKER=false: no runner here, the job queue's schema only
  }

  installShutdown(async () => {
    log("Shutting down: no new requests or jobs; waiting for running jobs and requests");
    await Promise.all([(jobThread ? jobThread.stop() : Promise.resolve()).then(stopWorker), stopHttp()]);
    // The jobs and requests that sent mail are done: the pooled SMTP connections say QUIT.
    closeMailTransport();
    await removeOwnTempFiles();
    for (const [name, stop] of stops.reverse()) {
      await stop().catch((err) => console.error(`[portal] stopping ${name}: ${(err as Error).message}`));
    }
    await disconnectPrisma();
    if (embedded) {
      // A pooled client that is still idle-connected gets 57P01 ("terminating
      // connection due to administrator command") when the server stops: that
      // is this shutdown, not a failure.
      process.on("uncaughtException", (error: Error & { code?: string }) => {
        if (error.code === "57P01") return;
        console.error(`[portal] ${error.stack ?? error}`);
        process.exit(1);
      });
      await embedded.stop();
    }
    log("Stopped");
  });

  const setupLink = e.SEED_DEMO_DATA ? undefined : await announceFirstAdministratorSetup();
  return { printBanner: () => printBanner(Boolean(embedded), setupLink) };
}

/**
 * What the job thread is given on top of this process's environment: the
 * database this start opened (the embedded one's URL is known only now) and
 * the secrets it resolved (generated ones included), so that the thread
 * resolves nothing on its own; its pool is sized to the runner's concurrency.
 */
function jobThreadEnv(databaseUrl: string): Record<string, string> {
  return { ...resolvedSecretsEnv(databaseUrl), DATABASE_POOL_MAX: String(jobThreadPoolMax()) };
}

/**
 * The database and the secrets this start resolved, for an HTTP process or the job thread, which
 * get them on top of this process's environment. A NAME_FILE next to NAME is refused at their start
 * (env.server.ts), and the fork or thread inherits the operator's NAME_FILE: it is blanked (an empty
 * NAME_FILE counts as unset), the value read from the file is given as NAME.
 */
function resolvedSecretsEnv(databaseUrl: string): Record<string, string> {
  const out: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: getSecret("SESSION_SECRET"),
    ENCRYPTION_KEY: getSecret("ENCRYPTION_KEY"),
  };
  for (const name of Object.keys(out)) if (process.env[`${name}_FILE`] !== undefined) out[`${name}_FILE`] = "";
  return out;
}

/** The job thread's database pool: one connection per job the runner runs at once, and one for its own statements. */
function jobThreadPoolMax(): number {
  const e = env();
  return Math.max(2, Math.min(e.DATABASE_POOL_MAX, e.WORKER_CONCURRENCY + 1));
}

/**
 * `npm run worker` (scripts/worker.mjs → startWorkerProcess()): a process that only runs jobs
 * (graphile-worker with the crontab) for web processes started with
 * RUN_WORKER=false, on their database (DATABASE_URL, required). No HTTP, no
 * identity provider, no seed. It applies the migrations like a web start
 * (under the same advisory lock), so processes may start in any order
 * (decision 0026).
 */
export async function bootWorkerProcess(): Promise<void> {
  try {
    const e = env();
    if (!e.DATABASE_URL) {
      throw new Error("DATABASE_URL is required: a worker process runs the jobs of the web processes' database (there is no embedded one here)");
    }
    await prepareDatabase({ log, secrets: ["ENCRYPTION_KEY"], ports: { http: false, idp: true } });
    await startWorker({ force: true });
    const stopHeartbeat = startWorkerHeartbeat();
    installShutdown(async () => {
      stopHeartbeat();
      log("Shutting down: no new jobs; waiting for running jobs");
      await stopWorker();
      await removeOwnTempFiles();
      closeMailTransport();
      await disconnectPrisma();
      log("Stopped");
    });
    log(`Worker ready (concurrency ${e.WORKER_CONCURRENCY})`);
  } catch (error) {
    console.error(`[portal] start-up failed: ${describeStartupError(error)}`);
    process.exit(1);
  }
}

/** The start-up failure as an operator reads it: our own messages without a stack. */
export function describeStartupError(error: unknown): string {
  if (
    error instanceof EmbeddedPostgresError ||
    error instanceof SettingsError ||
    error instanceof PreflightError ||
    error instanceof MissingSecretError ||
    error instanceof EncryptionKeyError ||
    error instanceof MigrationError
  ) {
    return error.message;
  }
  // STORAGE_URL refused, or the bucket not usable (storage-s3.server.ts): the reason is the message.
  if (error instanceof Error && (error.name === "StorageUrlError" || error.name === "StorageCheckError")) return error.message;
  if (error instanceof Error) return error.stack ?? error.message;
  return error === undefined ? "an unknown error (nothing was thrown with it)" : String(error);
}

function installShutdown(
  shutdown: () => Promise<void>,
  { signals = ["SIGTERM", "SIGINT"], quiet = false }: { signals?: NodeJS.Signals[]; quiet?: boolean } = {},
) {
  let started = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (started) return;
    started = true;
    if (!quiet) log(`${signal} received`);
    const force = setTimeout(() => {
      console.error("[portal] shutdown took too long; exiting");
      process.exit(1);
    }, 30_000);
    force.unref();
    shutdown().then(
      // 1 when the shutdown follows a failed start (scripts/serve.mjs sets it).
      () => process.exit(typeof process.exitCode === "number" ? process.exitCode : 0),
      (error) => {
        console.error(`[portal] shutdown failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  for (const signal of signals) process.on(signal, onSignal);
}

function printBanner(embedded: boolean, setupLink: string | undefined) {
  const e = env();
  const lines = [
    "",
    `  Appointment Portal ready at ${e.appUrl}`,
    `  Database: ${embedded ? `embedded PostgreSQL (${path.join(e.dataDir, "postgres")})` : "DATABASE_URL"}`,
    mailCaptureEnabled() ? `  Email: captured, read it at ${e.appUrl}/dev/mail` : "  Email: SMTP_URL",
    e.SMS_URL ? "  Text messages: SMS_URL" : `  Text messages: captured, read them at ${e.appUrl}/dev/sms`,
  ];
  if (e.WEB_CONCURRENCY > 1) lines.push(`  HTTP processes: ${e.WEB_CONCURRENCY} (WEB_CONCURRENCY)`);
  if (e.SEED_DEMO_DATA) {
    lines.push("  Demo accounts:");
    for (const a of demoAccounts) lines.push(`    ${a.email.padEnd(28)} ${a.password}   ${a.role}`);
  }
  if (setupLink) {
    lines.push("  No administrator yet. Sign up (or sign in), then open this one-time link to become the first one:");
    lines.push(`  First administrator: ${setupLink}`);
  }
  lines.push("");
  console.log(lines.join("\n"));
}
