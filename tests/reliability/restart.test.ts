// The app survives a stop and a start on the same data: SIGTERM ends it with
// exit code 0, the second start does not seed again, and accounts remain.
// Each case starts its own app instance. The sign-up and the sign-ins are the
// provider's forms as a browser without JavaScript sends them (the form driver):
// what is tested is the restart, not the pages (decision 0095).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, inject, test } from "vitest";
import { startApp, type AppHandle } from "../support/app-server";
import { visitorSignIn, visitorSignUp } from "../support/app-sign-in";
import { newAccount } from "../support/browser";
import type { Page } from "../support/form-driver";
import { findLink, query, waitForMail } from "../support/mailbox";
import { createTestDatabase } from "../support/postgres";

const apps: AppHandle[] = [];

/** The confirmation link the portal mailed (its captured mail). */
const confirmationIn = (databaseUrl: string) => async (email: string) =>
  findLink(await waitForMail(databaseUrl, { to: email, subject: /confirm your/i }), /\/email\/verify\//);

/** Signed in on the portal's dashboard. */
function expectDashboard(page: Page, app: AppHandle) {
  expect(page.url.startsWith(app.url), `on the portal, not ${page.url}`).toBe(true);
  expect(page.pathname).toBe("/home");
  expect(page.title).toMatch(/^Dashboard/);
  expect(page.within("navigation", "Main").all("button", /^logout$/i), "LOGOUT in the top navigation").toHaveLength(1);
}

afterAll(async () => {
  for (const app of apps) await app.dispose().catch(() => undefined);
});

/** Tables that change by merely using the app (sessions, logs, provider state, jobs). */
const VOLATILE = new Set(["sessions", "audit_log", "idp_payloads", "mail_messages", "_prisma_migrations"]);

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

/** The app says it is ready, and /healthz reports every part up. */
async function expectHealthy(app: AppHandle) {
  expect(app.logs()).toContain(`Portal ready at ${app.url}`);
  const response = await fetch(`${app.url}/healthz`);
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ status: "ok", database: "up", worker: "running" });
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
    const db = await createTestDatabase(undefined, { url: inject("pgUrl"), template: inject("pgTemplate") });
    const app = await startApp({ databaseUrl: db.url });
    apps.push(app);
    const databaseUrl = app.databaseUrl!;

    await expectHealthy(app);
    const seeded = await tableCounts(databaseUrl);
    expect(seeded.users, "the demo users are seeded").toBeGreaterThanOrEqual(4);

    const account = newAccount();
    const { page } = await visitorSignUp(app, account, confirmationIn(databaseUrl));
    expectDashboard(page, app);

    const before = await tableCounts(databaseUrl);
    expect(before.users).toBe(seeded.users + 1);

    await expectCleanStop(app);
    await app.start();
    await expectHealthy(app);

    // A second start seeds nothing more.
    expect(await tableCounts(databaseUrl)).toEqual(before);

    // A visitor with no cookie of the first run signs in.
    expectDashboard((await visitorSignIn(app, account.email, account.password)).page, app);
    // The request log names the route, never the path's query: no authorization
    // code, state or email, and never the password (docs/operations.md 'Logs').
    const logs = app.logs();
    expect(logs).toMatch(/"method":"GET","route":"routes\/auth\.callback","status":302/);
    expect(logs).not.toMatch(/\/auth\/callback\?/);
    expect(logs).not.toMatch(/[?&](code|state)=/);
    expect(logs).not.toContain(account.password);
    const [user] = await query<{ user_name: string }>(databaseUrl, `select user_name from users where user_name = $1`, [
      account.email.toLowerCase(),
    ]);
    expect(user?.user_name).toBe(account.email.toLowerCase());

    await expectCleanStop(app);
  });

  test("without DATABASE_URL: the embedded PostgreSQL under DATA_DIR/postgres is created once and reused", async () => {
    const app = await startApp({ databaseUrl: null });
    apps.push(app);
    await expectHealthy(app);
    // A first start on a new database warns of nothing (the check of stopped runs read a job table
    // graphile-worker had not made yet, 3 Dec).
    expect(app.logs().split("\n").filter((l) => /"level":"(warn|error)"/.test(l))).toEqual([]);
    const pgDir = path.join(app.dataDir, "postgres");
    expect(existsSync(path.join(pgDir, "PG_VERSION")), `a PostgreSQL cluster in ${pgDir}`).toBe(true);
    // The embedded server's superuser, its password generated into DATA_DIR/secrets.json (decision 0014).
    const { EMBEDDED_PG_SUPERUSER_PASSWORD: password } = JSON.parse(readFileSync(path.join(app.dataDir, "secrets.json"), "utf8")) as Record<string, string>;
    const databaseUrl = `postgresql://postgres:${encodeURIComponent(password!)}@127.0.0.1:${app.embeddedPgPort}/portal`;

    const account = newAccount();
    expectDashboard((await visitorSignUp(app, account, confirmationIn(databaseUrl))).page, app);
    const before = await tableCounts(databaseUrl);
    const firstRunLogs = app.logs().length;

    await expectCleanStop(app);
    expect(existsSync(path.join(pgDir, "postmaster.pid")), "PostgreSQL stopped with the app").toBe(false);

    await app.start();
    await expectHealthy(app);
    const secondRun = app.logs().slice(firstRunLogs);
    expect(secondRun).not.toMatch(/Creating the embedded PostgreSQL/i);
    expect(await tableCounts(databaseUrl)).toEqual(before);
    const [user] = await query<{ user_name: string }>(databaseUrl, `select user_name from users where user_name = $1`, [
      account.email.toLowerCase(),
    ]);
    expect(user?.user_name).toBe(account.email.toLowerCase());

    // The account created before the restart still signs in.
    expectDashboard((await visitorSignIn(app, account.email, account.password)).page, app);

    await expectCleanStop(app);
  });
});
