// The app survives a stop and a start on the same data: SIGTERM ends it with
// exit code 0, the second start does not seed again, and accounts remain.
// Each case starts its own app instance (not the shared one).
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { startApp, type AppHandle } from "../support/app-server";
import { newAccount, signIn, signOut, signUp, useBrowser } from "../support/browser";
import { query } from "../support/mailbox";
import { expectDashboard } from "./helpers";

const browser = useBrowser();
const apps: AppHandle[] = [];

afterAll(async () => {
  for (const app of apps) await app.dispose().catch(() => undefined);
});

/** Tables that change by merely using the app (sessions, logs, provider state, jobs). */
const VOLATILE = new Set(["sessions", "audit_logs", "idp_payloads", "mail_messages", "_prisma_migrations"]);

/** Row counts of every table in the public schema but the volatile ones. */
async function tableCounts(databaseUrl: string): Promise<Record<string, number>> {
  const tables = await query<{ name: string }>(
    databaseUrl,
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    if (VOLATILE.has(name)) continue;
    const [row] = await query<{ n: string }>(databaseUrl, `select count(*) as n from "${name.replace(/"/g, '""')}"`);
    counts[name] = Number(row.n);
  }
  return counts;
}

/** A postmaster.pid in dir or one level below (a running or crashed PostgreSQL). */
function findPostmasterPid(dir: string): string | undefined {
  if (existsSync(path.join(dir, "postmaster.pid"))) return path.join(dir, "postmaster.pid");
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && existsSync(path.join(dir, entry.name, "postmaster.pid"))) {
      return path.join(dir, entry.name, "postmaster.pid");
    }
  }
  return undefined;
}

async function expectCleanStop(app: AppHandle) {
  const info = await app.stop();
  expect(info, `how the app stopped; its last output:\n${app.logs().split("\n").slice(-30).join("\n")}`).toEqual({
    code: 0,
    signal: null,
    killed: false,
  });
}

describe("restart on the same data", () => {
  test("with a database URL: accounts remain, demo data is seeded once, SIGTERM exits 0", async () => {
    const app = await startApp();
    apps.push(app);
    const databaseUrl = app.databaseUrl!;

    const seeded = await tableCounts(databaseUrl);
    expect(seeded.users, "the demo users are seeded").toBeGreaterThanOrEqual(4);

    const account = newAccount();
    const page = await browser.newPage();
    await signUp(page, app.url, account);
    await expectDashboard(page, app.url);
    await signOut(page, app.url);
    await page.context().close();

    const before = await tableCounts(databaseUrl);
    expect(before.users).toBe(seeded.users + 1);

    await expectCleanStop(app);
    await app.start();

    // A second start seeds nothing more.
    expect(await tableCounts(databaseUrl)).toEqual(before);

    const again = await browser.newPage();
    await signIn(again, app.url, account.email, account.password);
    await expectDashboard(again, app.url);
    const [user] = await query<{ user_name: string }>(databaseUrl, `select user_name from users where user_name = $1`, [
      account.email.toLowerCase(),
    ]);
    expect(user?.user_name).toBe(account.email.toLowerCase());

    await expectCleanStop(app);
  });

  test("without DATABASE_URL: the embedded PostgreSQL under DATA_DIR is created once and reused", async () => {
    const app = await startApp({ databaseUrl: null });
    apps.push(app);
    const pgDir = path.join(app.dataDir, "postgres");
    expect(existsSync(pgDir), `${pgDir} exists after the first start`).toBe(true);

    const account = newAccount();
    const page = await browser.newPage();
    await signUp(page, app.url, account);
    await expectDashboard(page, app.url);
    await page.context().close();

    await expectCleanStop(app);
    expect(findPostmasterPid(pgDir), "PostgreSQL stopped with the app").toBeUndefined();

    await app.start();

    // The account created before the restart is still there.
    const again = await browser.newPage();
    await signIn(again, app.url, account.email, account.password);
    await expectDashboard(again, app.url);

    await expectCleanStop(app);
  });
});
