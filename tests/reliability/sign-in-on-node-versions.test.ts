// Sign-in works on both Node lines package.json's engines accepts (issue 34,
// item 1): the built portal, as the image holds it (production dependencies
// only, NODE_ENV=production, `node scripts/serve.mjs`, a user that is not
// root), run by Node 22 and by Node 24, signs a user in through the built-in
// provider and through an external one (a second oidc-provider on loopback,
// as an operator's IdP: OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET).
// Under Node 24 the portal once could not sign anyone in: Remix's
// installGlobals() swapped Node's fetch for undici 6, which refused arctic's
// Content-Length on the token request (callback 401, 'Failed to send request').
// And Node 20 is refused before anything is written.
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bundledNode, enginesRange } from "../../scripts/lib/node-version.mjs";
import { repoRoot, startApp, type AppHandle } from "../support/app-server";
import { signInAs } from "../support/app-sign-in";
import { startExternalIdp, type ExternalAccount, type ExternalIdp } from "../support/external-idp";
import { query } from "../support/mailbox";
import { NODE_22, registryNode } from "../support/node-versions";
import { productionTree } from "../support/production-tree";

const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => undefined);
});

// The image runs the portal as a user that is not root; so do we when the test runs as root.
const asRoot = process.getuid?.() === 0;
const nobody = asRoot ? { uid: 65534, gid: 65534 } : {};

let tree: string;
beforeAll(() => {
  const t = productionTree();
  cleanups.push(() => t.remove());
  tree = t.dir;
});

/** A DATA_DIR the portal's user may write. */
function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "portal-rel-node-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  if (asRoot) chownSync(dir, 65534, 65534);
  return dir;
}

/** The node binaries the portal's processes run (its main process and the HTTP processes it forked). */
function binariesOf(pid: number): string[] {
  const children = readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/stat`, "utf8").replace(/^.*\) /s, "").split(" ")[1] === String(pid);
      } catch {
        return false;
      }
    });
  return [String(pid), ...children].flatMap((p) => {
    try {
      const exe = readlinkSync(`/proc/${p}/exe`);
      return path.basename(exe) === "node" ? [exe] : [];
    } catch {
      return [];
    }
  });
}

const EXTERNAL_CLIENT = { client_id: "appointment-portal", client_secret: "s3cret-of-the-portal-at-the-idp" };
const DEMO_MD = "md@portal.localhost";

type NodeUnderTest = { label: string; version: string; bin: () => { bin: string } | { skip: string } };
const NODES: NodeUnderTest[] = [
  { label: "Node 22", version: NODE_22, bin: () => registryNode(NODE_22) },
  {
    label: "Node 24",
    version: bundledNode()?.version ?? process.versions.node,
    // The Node `npm install` put in node_modules (the Dockerfile's, the suite's).
    bin: () => {
      const bundled = bundledNode();
      if (bundled) return { bin: bundled.bin };
      return process.versions.node.startsWith("24.") ? { bin: process.execPath } : { skip: "no Node 24 in node_modules and the suite runs on another" };
    },
  },
];

for (const node of NODES) describe(`on ${node.label}`, () => {
  let skipped: string | undefined;
  let bin: string;
  let builtIn: AppHandle;
  let external: AppHandle;
  let idp: ExternalIdp;
  const account: ExternalAccount = {
    sub: `ext-${node.version}-7f3a`,
    email: `agent.node${node.version.split(".")[0]}@example.com`,
    password: "correct horse battery staple",
    given_name: "Ada",
    family_name: `Node${node.version.split(".")[0]}`,
    email_verified: true,
  };

  beforeAll(async () => {
    const found = node.bin();
    if ("skip" in found) {
      skipped = found.skip;
      return;
    }
    bin = found.bin;
    idp = await startExternalIdp({ accounts: [account] });
    const common = { root: tree, node: bin, ...nobody };
    // Both portals at once (two cores): one with the built-in provider and the demo accounts,
    // one pointed at the external provider as a deployment is (no demo data), with two HTTP
    // processes so that the sign-in's requests are served by a forked one.
    const started = await Promise.allSettled([
      startApp({ ...common, dataDir: dataDir(), env: { NODE_ENV: "production" } }),
      startApp({
        ...common,
        dataDir: dataDir(),
        env: {
          NODE_ENV: "production",
          SEED_DEMO_DATA: undefined,
          WEB_CONCURRENCY: "2",
          OIDC_ISSUER: idp.issuer,
          OIDC_CLIENT_ID: EXTERNAL_CLIENT.client_id,
          OIDC_CLIENT_SECRET: EXTERNAL_CLIENT.client_secret,
        },
      }),
    ]);
    const failedStart = started.find((r) => r.status === "rejected");
    if (failedStart) {
      for (const r of started) if (r.status === "fulfilled") await r.value.dispose();
      throw failedStart.reason;
    }
    [builtIn, external] = started.map((r) => (r as PromiseFulfilledResult<AppHandle>).value) as [AppHandle, AppHandle];
    idp.register({ ...EXTERNAL_CLIENT, redirect_uris: [`${external.url}/auth/callback`], post_logout_redirect_uris: [`${external.url}/`] });
  });

  // Stopped before the next Node's portals start (each exits 0: a clean shutdown on this Node too).
  afterAll(async () => {
    const exits = await Promise.all([builtIn?.dispose(), external?.dispose()]);
    await idp?.stop();
    if (builtIn && external) expect(exits.map((e) => e?.code)).toEqual([0, 0]);
  });

  test(`runs the portal on ${node.label}`, ({ skip }) => {
    skip(skipped !== undefined, skipped);
    expect(execFileSync(bin, ["--version"], { encoding: "utf8" }).trim()).toBe(`v${node.version}`);
    skip(!existsSync("/proc/self/exe"), "no /proc here to read which binary the portal's processes run");
    const want = realpathSync(bin);
    expect(binariesOf(builtIn.pid()!)).toEqual([want]);
    // The main process and its two HTTP processes.
    expect(binariesOf(external.pid()!)).toEqual([want, want, want]);
  });

  test("signs in through the built-in provider (the demo marketing director reaches /home)", async ({ skip }) => {
    skip(skipped !== undefined, skipped);
    const { cookie, page } = await signInAs(builtIn, DEMO_MD);
    await expectHome(builtIn, page);
    expect(cookie).toMatch(/portal_session=/);
  });

  test("signs in through an external OpenID provider (the user is made from its claims and reaches /home)", async ({ skip }) => {
    skip(skipped !== undefined, skipped);
    const { cookie, page } = await signInAs({ url: external.url, idpUrl: idp.issuer }, account.email, account.password);
    await expectHome(external, page);
    expect(cookie).toMatch(/portal_session=/);
    const rows = await query(
      external.databaseUrl!,
      `select user_name, first_name, last_name, email_verified, user_role_code, last_login_at is not null as signed_in
         from users where external_id = $1`,
      [account.sub],
    );
    expect(rows).toEqual([
      {
        user_name: account.email,
        first_name: account.given_name,
        last_name: account.family_name,
        email_verified: true,
        user_role_code: "USRROLE_PROSPECT",
        signed_in: true,
      },
    ]);
  });
});

/** Expects the sign-in to have ended on the portal's /home; else says where it ended and why (the SIGN_IN_FAILED audit row). */
async function expectHome(app: AppHandle, page: { url: string; status: number; body: string }) {
  const home = { url: `${app.url}/home`, status: 200 };
  const got = { url: page.url, status: page.status };
  if (got.url === home.url && got.status === home.status) return;
  const failed = await query(app.databaseUrl!, `select details from audit_log where action = 'SIGN_IN_FAILED' order by id desc limit 1`).catch(
    (e: Error) => [{ details: `(audit_log not read: ${e.message})` }],
  );
  const title = /<h1[^>]*>([^<]*)<\/h1>/.exec(page.body)?.[1];
  expect(got, `ended on ${page.url} (${page.status}, "${title ?? "no h1"}"); SIGN_IN_FAILED: ${JSON.stringify(failed[0]?.details ?? null)}`).toEqual(home);
}

/** The system's node outside this checkout (Node 20 on these machines), if any. */
function systemNode(): { bin: string; version: string } | undefined {
  let found: string[] = [];
  try {
    found = execFileSync("which", ["-a", "node"], { encoding: "utf8" }).split("\n").filter(Boolean);
  } catch {
    return undefined;
  }
  const bin = found.map((f) => realpathSync(f)).find((f) => !f.startsWith(path.join(repoRoot, "node_modules") + path.sep));
  if (!bin) return undefined;
  return { bin, version: execFileSync(bin, ["--version"], { encoding: "utf8" }).trim().replace(/^v/, "") };
}

describe("on Node 20", () => {
  test("the portal started directly stops with exit code 1, naming the version, before it writes anything", async ({ skip }) => {
    const system = systemNode();
    skip(!system, "no node outside node_modules on PATH");
    skip(!system!.version.startsWith("20."), `the system node is ${system!.version}, not 20`);
    const parent = mkdtempSync(path.join(os.tmpdir(), "portal-rel-node20-"));
    cleanups.push(() => rmSync(parent, { recursive: true, force: true }));
    const data = path.join(parent, "data");
    const app = await startApp({ root: tree, node: system!.bin, dataDir: data, databaseUrl: null, noWait: true });
    cleanups.push(() => app.dispose());
    const exit = await app.exited();
    expect(exit.code, app.logs()).toBe(1);
    expect(app.logs()).toContain(`[portal] Node ${system!.version} is not supported: the portal needs Node ${enginesRange()}`);
    expect(existsSync(data)).toBe(false);
  });
});
