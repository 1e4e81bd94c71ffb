// Issue 19 item 8: `kill -TERM` of the npm process of `npm start` or
// `npm run worker` (what a process supervisor or a terminal's kill does)
// stops the portal: npm 11 ends without passing the signal on, and before the
// fix node went on serving, holding the port and the data folder.
import { readdirSync, readFileSync } from "node:fs";
import { afterAll, expect, test } from "vitest";
import { startApp, type AppHandle } from "../support/app-server";

const apps: AppHandle[] = [];
afterAll(async () => {
  for (const app of apps) await app.dispose().catch(() => undefined);
});

/** Live (not zombie) processes of a process group. */
function groupMembers(pgid: number): number[] {
  const pids: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = readFileSync(`/proc/${name}/stat`, "utf8");
      const rest = text.slice(text.lastIndexOf(")") + 2).split(" ");
      if (Number(rest[3]) === pgid && rest[0] !== "Z") pids.push(Number(name));
    } catch {
      /* gone */
    }
  }
  return pids;
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function portAnswers(url: string) {
  try {
    await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

test.concurrent.each([
  ["start", true],
  ["worker", false],
] as const)("kill -TERM of `npm %s` stops the node process behind it (nothing left in its group)", async (script, http) => {
  const app = await startApp({ npmScript: script, noWait: !http, readyTimeoutMs: 120_000 });
  apps.push(app);
  if (!http) await until("the worker to take jobs", () => /Worker connected/.test(app.logs()), 120_000);
  const npmPid = app.pid()!;
  // npm, (sh,) node — and with `npm start` nothing else needed for the check.
  expect(groupMembers(npmPid).length).toBeGreaterThanOrEqual(2);

  process.kill(npmPid, "SIGTERM"); // npm only, not its group
  await app.exited();
  await until("every process of the group to end", () => groupMembers(npmPid).length === 0);
  expect(app.logs()).toMatch(/npm \(pid \d+\) has ended: stopping as on SIGTERM/);
  if (http) expect(await portAnswers(app.url)).toBe(false);
}, 240_000);
