// The embedded PostgreSQL as an operator meets it (issue 7, items 3, 10 and 14):
// - a data directory made by an earlier version (superuser `postgres` with the
//   fixed password `postgres`) keeps working, and after the start the fixed
//   password is refused and the portal connects as a role that is not a superuser;
// - a kill -9 of the portal leaves its PostgreSQL running (parent 1): the next
//   start stops that orphan and starts;
// - started as root with DATA_DIR under a directory the `postgres` user cannot
//   enter, the portal stops at once with a message that says what to do.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, test } from "vitest";
import { loadEmbeddedPostgres } from "../../server/embedded-postgres";
import { migrate } from "../../server/migrate";
import { startApp, type AppHandle } from "../support/app-server";
import { freePorts } from "../support/free-port";

const apps: AppHandle[] = [];
const dirs: string[] = [];

/** Stops any PostgreSQL still running on a data directory (an orphan the product failed to stop). */
function killPostmaster(pgDir: string) {
  const pidFile = path.join(pgDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  try {
    if (pid > 0) process.kill(pid, "SIGQUIT");
  } catch {
    /* gone */
  }
}

afterAll(async () => {
  for (const app of apps) {
    await app.dispose().catch(() => undefined);
    killPostmaster(path.join(app.dataDir, "postgres"));
  }
  for (const dir of dirs) {
    killPostmaster(path.join(dir, "postgres"));
    rmSync(dir, { recursive: true, force: true });
  }
});

const asRoot = process.getuid?.() === 0;

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on("error", () => {});
  await client.connect();
  return client;
}

/** What the data directory of an earlier version looks like: superuser postgres/postgres, database portal migrated by it. */
async function legacyDataDir(dataDir: string, port: number) {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dataDir, "postgres"),
    port,
    user: "postgres",
    password: "postgres",
    persistent: true,
    createPostgresUser: asRoot,
    initdbFlags: ["--encoding=UTF8", "--locale=C", "--no-sync"],
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  const client = server.getPgClient();
  await client.connect();
  await client.query(`CREATE DATABASE portal`);
  await client.end();
  // Its tables were created by the superuser.
  await migrate(`postgresql://postgres:postgres@127.0.0.1:${port}/portal`, { migrationsDir: path.resolve("prisma/migrations") });
  await server.stop();
}

function secrets(dataDir: string): Record<string, string> {
  return JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as Record<string, string>;
}

describe("the embedded PostgreSQL", () => {
  test("an old data directory is migrated off the fixed password; the portal is no superuser; a kill -9 does not block the next start", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-rel-pg-"));
    chmodSync(dataDir, 0o755);
    dirs.push(dataDir);
    const [pgPort] = await freePorts(1);
    await legacyDataDir(dataDir, pgPort!);

    const app = await startApp({ databaseUrl: null, dataDir, env: { EMBEDDED_PG_PORT: String(pgPort), SEED_DEMO_DATA: "false" } });
    apps.push(app);
    const serverUrl = (user: string, password: string) =>
      `postgresql://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/portal`;

    // The fixed password no longer opens the database.
    await expect(connect(serverUrl("postgres", "postgres"))).rejects.toMatchObject({ code: "28P01" });

    // The superuser password is the generated one, kept with the other secrets.
    const superuserPassword = secrets(dataDir).EMBEDDED_PG_SUPERUSER_PASSWORD;
    expect(superuserPassword, "a generated superuser password in DATA_DIR/secrets.json").toMatch(/^.{20,}$/);
    const admin = await connect(serverUrl("postgres", superuserPassword!));
    try {
      const { rows } = await admin.query<{ usename: string; usesuper: boolean }>(
        `select distinct a.usename, r.rolsuper as usesuper
           from pg_stat_activity a join pg_roles r on r.rolname = a.usename
          where a.datname = 'portal' and a.pid <> pg_backend_pid()`,
      );
      expect(rows.length, "the portal's connections").toBeGreaterThan(0);
      for (const row of rows) expect(row, "the portal's connection role").toMatchObject({ usesuper: false });
      const { rows: owners } = await admin.query<{ owner: string }>(
        `select distinct pg_get_userbyid(c.relowner) as owner from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname in ('public', 'graphile_worker') and c.relkind in ('r', 'p')`,
      );
      expect(owners.map((o) => o.owner)).toEqual([rows[0]!.usename]);
    } finally {
      await admin.end();
    }

    // kill -9 of the portal: its PostgreSQL lives on (parent 1) ...
    await app.kill("SIGKILL");
    expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid")), "the orphaned PostgreSQL").toBe(true);
    // ... and the next start deals with it.
    await app.start();
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    const info = await app.stop();
    expect(info).toMatchObject({ code: 0, killed: false });
    expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid")), "PostgreSQL stopped with the portal").toBe(false);
  });

  test.runIf(asRoot)("as root, a DATA_DIR the postgres user cannot reach stops the start with a message that says what to do", async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), "portal-rel-root-"));
    dirs.push(home);
    chmodSync(home, 0o700); // like /root
    const dataDir = path.join(home, "data");
    mkdirSync(dataDir);
    const app = await startApp({ databaseUrl: null, dataDir, noWait: true });
    apps.push(app);
    const info = await app.exited();
    expect(info.code).toBe(1);
    const logs = app.logs();
    expect(logs).not.toMatch(/EACCES|Cannot read properties/);
    expect(logs).toContain(`the postgres user cannot enter ${home}`);
    expect(logs).toMatch(/DATABASE_URL/);
  });

  test("a PostgreSQL that cannot start (its port is taken) stops the start with PostgreSQL's own words", async () => {
    const [pgPort] = await freePorts(1);
    const squatter = net.createServer();
    await new Promise<void>((resolve) => squatter.listen(pgPort, "127.0.0.1", resolve));
    try {
      const app = await startApp({ databaseUrl: null, noWait: true, env: { EMBEDDED_PG_PORT: String(pgPort) } });
      apps.push(app);
      const info = await app.exited();
      expect(info.code).toBe(1);
      const logs = app.logs();
      expect(logs).not.toMatch(/Cannot read properties/);
      expect(logs).toMatch(/start-up failed: The embedded PostgreSQL under .* could not start/);
      expect(logs).toMatch(/could not create any TCP\/IP sockets/);
    } finally {
      squatter.close();
    }
  });
});
