// Issue 19 items 5, 6, 7 and 13 (decision 0042), as an operator meets them:
// the real start scripts, the default embedded set-up restarted on new
// ports, exit codes and what the portal prints.
import { randomBytes } from "node:crypto";
import { execFile } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, test } from "vitest";
import { demoAccounts } from "../../prisma/seed";
import { repoRoot, startApp, type AppHandle, type StartAppOptions } from "../support/app-server";
import { freePorts } from "../support/free-port";
import { createEmptyDatabase, currentTestPostgres } from "../support/postgres";

const apps: AppHandle[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const app of apps) await app.dispose().catch(() => undefined);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, 0o755); // the embedded PostgreSQL runs as the postgres user when the tests run as root
  dirs.push(dir);
  return dir;
}

/** Starts the portal expecting it to refuse: its exit and everything it printed. */
async function refusedStart(options: StartAppOptions): Promise<{ code: number | null; output: string }> {
  const app = await startApp({ ...options, noWait: true });
  apps.push(app);
  const info = await app.exited();
  return { code: info.code, output: app.logs() };
}

async function started(options: StartAppOptions): Promise<AppHandle> {
  const app = await startApp(options);
  apps.push(app);
  return app;
}

describe("settings are checked before anything starts, naming the variable (item 13)", () => {
  const cases: Array<[string, Record<string, string>, RegExp]> = [
    ["APP_URL without a scheme", { APP_URL: "portal.example.com" }, /APP_URL must be a full URL/],
    ["APP_URL with a path", { APP_URL: "https://portal.example.com/portal" }, /APP_URL must be the portal's origin without a path/],
    ["DATABASE_URL that is no URL", { DATABASE_URL: "notaurl" }, /DATABASE_URL must be a full URL/],
    ["SMTP_URL without a scheme", { SMTP_URL: "mail.example.com:25" }, /SMTP_URL must start with smtp:\/\/ or smtps:\/\//],
    ["STORAGE_URL of the wrong kind", { STORAGE_URL: "https://bucket.example.com" }, /STORAGE_URL: /],
  ];
  for (const [name, env, message] of cases) {
    test(name, async () => {
      const { code, output } = await refusedStart({ databaseUrl: null, env });
      expect(code).toBe(1);
      expect(output).toMatch(message);
      expect(output).not.toMatch(/TypeError|ENOTFOUND|at .*\.js:\d+/);
      // Nothing started: no database, no migrations, no banner.
      expect(output).not.toMatch(/Starting the embedded|embedded PostgreSQL|Applied migrations|schema is up to date|ready at/i);
    });
  }

  for (const variable of ["PORT", "IDP_PORT"] as const) {
    test(`${variable} in use`, async () => {
      const blocker = net.createServer();
      const [port] = await freePorts(1);
      await new Promise<void>((resolve) => blocker.listen(port, "127.0.0.1", resolve));
      try {
        const env: Record<string, string> =
          variable === "PORT" ? { PORT: String(port), APP_URL: `http://localhost:${port}` } : { IDP_PORT: String(port), IDP_URL: `http://localhost:${port}` };
        const { code, output } = await refusedStart({ databaseUrl: null, env });
        expect(code).toBe(1);
        expect(output).toContain(`${variable}=${port}: port ${port} on 127.0.0.1 is in use`);
        expect(output).not.toMatch(/ready at|embedded PostgreSQL|Applied migrations/i);
      } finally {
        blocker.close();
      }
    });
  }

  test("a database role without CREATE on the database and the schema public is named", async () => {
    const server = currentTestPostgres();
    const empty = await createEmptyDatabase();
    const role = `limited_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD 'limited'`);
    await admin.end();
    const url = new URL(empty.url);
    url.username = role;
    url.password = "limited";
    const { code, output } = await refusedStart({ databaseUrl: url.toString() });
    expect(code).toBe(1);
    expect(output).toContain(`The database role "${role}" (DATABASE_URL) lacks what the portal needs`);
    expect(output).toMatch(/CREATE on the database ".*"/);
    expect(output).toMatch(/CREATE on the schema public/);
    expect(output).not.toMatch(/Applied migrations|ready at/);
  });
});

describe("secrets and the encryption key on the default embedded set-up (items 5 and 6)", () => {
  test("secrets from the environment and files are used; another or no ENCRYPTION_KEY is refused; rotate-key moves to a new key", { timeout: 900_000 }, async () => {
    const K1 = randomBytes(32).toString("base64");
    const K2 = randomBytes(32).toString("base64");
    const dataDir = tempDir("portal-secrets-");
    const secretDir = tempDir("portal-secret-files-");
    const sessionFile = path.join(secretDir, "session_secret");
    writeFileSync(sessionFile, `${randomBytes(32).toString("base64")}\n`);
    const given = { SEED_DEMO_DATA: "false", ENCRYPTION_KEY: K1, SESSION_SECRET_FILE: sessionFile, IDP_COOKIE_KEY: randomBytes(32).toString("base64") };

    // First start: secrets given by environment and file are used, none generated for them.
    const first = await started({ databaseUrl: null, dataDir, env: given });
    const generated = JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as Record<string, string>;
    expect(Object.keys(generated).sort()).toEqual(["EMBEDDED_PG_APP_PASSWORD", "EMBEDDED_PG_SUPERUSER_PASSWORD", "OIDC_CLIENT_SECRET"]);

    // A second process on this database without the key (a developer's start, another DATA_DIR): refused, naming ENCRYPTION_KEY.
    const embeddedUrl = `postgresql://portal_app:${encodeURIComponent(generated.EMBEDDED_PG_APP_PASSWORD!)}@127.0.0.1:${first.embeddedPgPort}/portal`;
    const second = await refusedStart({ databaseUrl: embeddedUrl, env: { NODE_ENV: "development", SEED_DEMO_DATA: "false" } });
    expect(second.code).toBe(1);
    expect(second.output).toMatch(/ENCRYPTION_KEY is not the key of this database's encrypted data/);
    // In production the same process makes up nothing: every missing secret is named.
    const third = await refusedStart({ databaseUrl: embeddedUrl, env: { SEED_DEMO_DATA: "false" } });
    expect(third.code).toBe(1);
    for (const name of ["SESSION_SECRET", "ENCRYPTION_KEY", "IDP_COOKIE_KEY", "OIDC_CLIENT_SECRET"]) expect(third.output).toContain(`${name} is missing`);
    expect((await first.stop()).code).toBe(0);

    // Restarts of the default set-up on new ports: another key, and no key, are refused.
    const wrong = await refusedStart({ databaseUrl: null, dataDir, env: { ...given, ENCRYPTION_KEY: K2 } });
    expect(wrong.code).toBe(1);
    expect(wrong.output).toMatch(/ENCRYPTION_KEY is not the key of this database's encrypted data/);
    const none = await refusedStart({ databaseUrl: null, dataDir, env: { ...given, ENCRYPTION_KEY: undefined } });
    expect(none.code).toBe(1);
    expect(none.output).toMatch(/ENCRYPTION_KEY is missing/);
    expect(JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8"))).not.toHaveProperty("ENCRYPTION_KEY");

    // `npm run rotate-key` with the new and the old key, then the new key alone starts and the old one is refused.
    const [pgPort] = await freePorts(1);
    const rotate = await promisify(execFile)(process.execPath, [path.join(repoRoot, "scripts/rotate-key.mjs")], {
      cwd: repoRoot,
      env: { NODE_ENV: "production", PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), ENCRYPTION_KEY: K2, ENCRYPTION_KEY_PREVIOUS: K1 },
    });
    expect(rotate.stdout).toMatch(/\[rotate-key\] done: /);
    const after = await started({ databaseUrl: null, dataDir, env: { ...given, ENCRYPTION_KEY: K2 } });
    expect((await after.stop()).code).toBe(0);
    const old = await refusedStart({ databaseUrl: null, dataDir, env: given });
    expect(old.code).toBe(1);
    expect(old.output).toMatch(/ENCRYPTION_KEY is not the key/);
  });
});

describe("demo data only while APP_URL is a loopback address (item 7)", () => {
  test("`npm start` with a public APP_URL seeds no demo administrator; SEED_DEMO_DATA=true does, with a warning", { timeout: 600_000 }, async () => {
    const publicUrl = "https://portal.example.com";
    const app = await started({ script: "scripts/start.mjs", env: { APP_URL: publicUrl, NODE_ENV: undefined, SEED_DEMO_DATA: undefined } });
    expect(app.logs()).not.toContain("Demo accounts:");
    expect(app.logs()).toContain("First administrator:");
    const client = new pg.Client({ connectionString: app.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query("SELECT user_name FROM users WHERE user_name = ANY($1)", [demoAccounts.map((a) => a.email)]);
      expect(rows).toEqual([]);
    } finally {
      await client.end();
    }
    expect((await app.stop()).code).toBe(0);

    const asked = await started({ env: { APP_URL: publicUrl, SEED_DEMO_DATA: "true" } });
    expect(asked.logs()).toMatch(/warning: SEED_DEMO_DATA=true on a public APP_URL/);
    expect(asked.logs()).toContain("Demo accounts:");
  });
});

