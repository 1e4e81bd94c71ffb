// The one-container deployment (issue 7, item 15), run as the image runs it:
// the built tree with production dependencies only (scripts/prune-production.sh, as the image),
// as a user that is not root, NODE_ENV=production, `node scripts/serve.mjs`.
// It starts, serves the sign-in page, has no demo accounts, and prints a
// one-time link to make the first administrator.
import { spawnSync } from "node:child_process";
import { chownSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { demoAccounts } from "../../prisma/seed";
import { startApp } from "../support/app-server";
import { query } from "../support/mailbox";
import { productionTree as makeProductionTree } from "../support/production-tree";

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

function productionTree(): string {
  const tree = makeProductionTree();
  cleanups.push(async () => tree.remove());
  return tree.dir;
}

/** GET with redirects followed and cookies kept per host, as a browser does. */
async function follow(start: string): Promise<{ status: number; body: string }> {
  const jar = new Map<string, Map<string, string>>();
  let url = start;
  for (let hops = 0; hops < 10; hops++) {
    const host = new URL(url).host;
    const cookies = jar.get(host) ?? new Map<string, string>();
    jar.set(host, cookies);
    const response = await fetch(url, {
      redirect: "manual",
      headers: { Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const c of response.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url).toString();
      continue;
    }
    return { status: response.status, body: await response.text() };
  }
  throw new Error("too many redirects");
}

describe("the production tree", () => {
  test("starts as a non-root user with production dependencies only: sign-in served, no demo accounts, a setup link", async () => {
    const tree = productionTree();
    const dataDir = path.join(tree, "data");
    mkdirSync(dataDir);
    const asRoot = process.getuid?.() === 0;
    const nobody = asRoot ? { uid: 65534, gid: 65534 } : {};
    if (asRoot) chownSync(dataDir, 65534, 65534);
    const app = await startApp({
      root: tree,
      dataDir,
      databaseUrl: null,
      ...nobody,
      env: { SEED_DEMO_DATA: undefined, NODE_ENV: "production", HOME: dataDir },
    });
    cleanups.push(() => app.dispose());
    const logs = app.logs();
    expect(logs).not.toMatch(/Demo accounts|Building/);

    // The sign-in page (the built-in provider's) is served.
    const signIn = await follow(`${app.url}/auth/login`);
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatch(/Sign in/);

    // No demo account exists.
    const secrets = JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as Record<string, string>;
    const dbUrl = `postgresql://postgres:${encodeURIComponent(secrets.EMBEDDED_PG_SUPERUSER_PASSWORD ?? "postgres")}@127.0.0.1:${app.embeddedPgPort}/portal`;
    const demoEmails = demoAccounts.map((a) => a.email);
    const found = await query(dbUrl, `select user_name from users where user_name = any($1::text[])`, [demoEmails]);
    expect(found).toEqual([]);

    // The first administrator: a one-time link printed at start.
    const link = /First administrator: .*?(http:\/\/\S+\/setup\/\S+)/.exec(logs)?.[1];
    expect(link, logs.slice(-2000)).toBeDefined();
    // It asks for a signed-in user first; a made-up token is unknown.
    const opened = await fetch(link!, { redirect: "manual" });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toMatch(/^\/auth\/login\?returnTo=%2Fsetup%2F/);
    expect((await fetch(`${app.url}/setup/made-up-token`, { redirect: "manual" })).status).toBe(404);

    expect((await app.stop()).code).toBe(0);

    // The operator's CLIs run here too, with no esbuild in the tree (build/cli/): a backup of that database.
    const backups = path.join(tree, "backups");
    mkdirSync(backups);
    if (asRoot) chownSync(backups, 65534, 65534);
    const out = path.join(backups, "backup-1");
    const backup = spawnSync(process.execPath, ["scripts/backup.mjs", out], {
      cwd: tree,
      ...nobody,
      env: { PATH: process.env.PATH, HOME: dataDir, NODE_ENV: "production", DATA_DIR: dataDir },
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(backup.status, `${backup.stdout}\n${backup.stderr}`).toBe(0);
    expect(backup.stdout).toMatch(/Backup written to .*backup-1/);
  });
});
