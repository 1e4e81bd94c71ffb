// Issue 18 item 4, 'Roles are only checked in the menu': a prospect could
// POST /corr/new (a template row was created), request downline reports and
// open /appoint/paper, /linx and /cartlinks. Now one table of capabilities
// per role (app/lib/permissions.ts, decision 0037) is checked in every
// loader and action and draws the menu. This test is generated from that
// table: against the real built portal, signed in through the built-in
// identity provider as the seeded demo users, it walks every route file of
// app/routes (read from the directory: a new route without an entry fails)
// with GET and POST for anonymous, prospect, agent, director, administrator
// and an administrator impersonating the prospect, and checks:
//  - allowed: not 403 (and a signed-in role is not sent to sign in);
//  - forbidden: 403 with the portal's page, the back-office screens too
//    (decision 0050; anonymous: the way to sign in), and the POST
//    created nothing (templates, reports, invitations, applications,
//    service requests, carts);
//  - the CONFIGURE, bell, REVIEW QUEUE and ADMIN menu entries are shown
//    exactly when the table allows them;
//  - a route's source calls requireCapability with the capability of its
//    entry, and a forbidden POST is refused before its body is read.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  ADMIN_MENU,
  can,
  capabilitiesOf,
  CONFIGURE_MENU,
  REVIEW_QUEUE_ITEM,
  ROUTE_ACCESS,
  type Access,
  type Role,
} from "~/lib/permissions";
import { repoRoot, startApp, type AppHandle } from "../support/app-server";
import { signInToApp } from "../support/app-sign-in";
import { buildIfStale } from "../support/global-app";
import { query } from "../support/mailbox";
import { createTestDatabase } from "../support/postgres";

const ROUTES_DIR = path.join(repoRoot, "app/routes");
const routeFiles = readdirSync(ROUTES_DIR)
  .filter((f) => /\.(tsx?|jsx?)$/.test(f) && !/\.test\./.test(f))
  .map((f) => f.replace(/\.(tsx?|jsx?)$/, ""))
  .sort();

/** Who walks, and their roles in the table (the demo data: the administrator has no agent position). */
type Walker = { name: string; roles: Role[]; email?: string; impersonate?: string };
const WALKERS: Walker[] = [
  { name: "anonymous", roles: ["anonymous"] },
  { name: "prospect", roles: ["prospect"], email: "prospect@portal.localhost" },
  { name: "agent", roles: ["agent"], email: "agent@portal.localhost" },
  { name: "director", roles: ["director"], email: "md@portal.localhost" },
  { name: "administrator", roles: ["prospect", "administrator"], email: "admin@portal.localhost" },
  { name: "administrator impersonating the prospect", roles: ["prospect", "impersonator"], email: "admin@portal.localhost", impersonate: "prospect@portal.localhost" },
  { name: "compliance officer", roles: ["compliance-officer"], email: "compliance@portal.localhost" },
];

/** A sample value for a route parameter (flat routes: $param, ($optional), $ splat). */
const PARAM_SAMPLES: Record<string, string> = { lnk: "ZZPROBE1", token: "not-a-setup-token", file: "probe.png", key: "probe", n: "0" };

/** Paths chosen by hand: the case (a prospect's POST /corr/new created a template). */
const PATH_OVERRIDES: Record<string, string> = { "corr.$id": "/corr/new" };

/** The URL path of a flat route file name. */
function routePath(file: string): string {
  if (PATH_OVERRIDES[file]) return PATH_OVERRIDES[file];
  if (file === "_index") return "/";
  const parts: string[] = [];
  for (const raw of file.split(".")) {
    if (raw === "_index") continue;
    if (raw.startsWith("_")) continue; // pathless layout
    const seg = raw.endsWith("_") ? raw.slice(0, -1) : raw;
    if (seg === "$") parts.push("no-such-page");
    else if (/^\(\$\w+\)$/.test(seg)) continue; // optional parameter: left out
    else if (seg.startsWith("$")) parts.push(PARAM_SAMPLES[seg.slice(1)] ?? "1");
    else parts.push(seg);
  }
  return `/${parts.join("/")}`;
}

let app: AppHandle;
let databaseUrl: string;
const cookies = new Map<string, string>();

beforeAll(async () => {
  buildIfStale();
  const db = await createTestDatabase(undefined, { url: inject("pgUrl"), template: inject("pgTemplate") });
  databaseUrl = db.url;
  app = await startApp({ databaseUrl });
  for (const w of WALKERS) {
    if (!w.email) {
      cookies.set(w.name, "");
      continue;
    }
    const cookie = await signInToApp(app, w.email);
    if (w.impersonate) {
      const res = await fetch(`${app.url}/auth/impersonate`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "start", email: w.impersonate }).toString(),
        redirect: "manual",
      });
      expect(res.headers.get("location"), "impersonation started").toMatch(/\/home$/);
    }
    cookies.set(w.name, cookie);
  }
}, 240_000);

afterAll(async () => {
  await app?.dispose();
});

type Answer = { status: number; location: string; contentType: string; body: string };

async function send(method: "GET" | "POST", urlPath: string, cookie: string, body?: string, contentType = "application/x-www-form-urlencoded"): Promise<Answer> {
  const headers: Record<string, string> = { Origin: app.url, Accept: "text/html" };
  if (cookie) headers.Cookie = cookie;
  if (body !== undefined) headers["Content-Type"] = contentType;
  const res = await fetch(new URL(urlPath, app.url), { method, headers, body, redirect: "manual" });
  return { status: res.status, location: res.headers.get("location") ?? "", contentType: res.headers.get("content-type") ?? "", body: await res.text() };
}

/** A form that would do something on most of the portal's forms (a template, a report, an invitation...). */
const PROBE_FORM = new URLSearchParams({
  name: "Role probe",
  description: "Role probe",
  body: "<p>probe</p>",
  reportId: "1",
  appointmentStatusId: "0",
  recruiterName: "",
  email: "role.probe@example.com",
  emailAddress: "role.probe@example.com",
  firstName: "Role",
  lastName: "Probe",
  apptTypeCode: "APPTTYP_IND",
}).toString();

/** What a forbidden POST must not have created. */
const COUNTS_SQL = `SELECT
  (SELECT count(*) FROM email_templates) AS templates,
  (SELECT count(*) FROM report_requests) AS reports,
  (SELECT count(*) FROM invitations) AS invitations,
  (SELECT count(*) FROM appointments) AS appointments,
  (SELECT count(*) FROM service_requests) AS service_requests`;
const counts = async () => JSON.stringify((await query(databaseUrl, COUNTS_SQL))[0]);

const allowedFor = (roles: Role[], access: Access) => access === "public" || (access !== "none" && can(capabilitiesOf(roles), access));

/** Sign-out last: it ends the walker's session. */
const walkOrder = [...routeFiles.filter((f) => f !== "auth.logout"), ...routeFiles.filter((f) => f === "auth.logout")];

describe("the capability table", () => {
  it("has an entry for every route file of app/routes, and none for a route that is gone", () => {
    const missing = routeFiles.filter((f) => !ROUTE_ACCESS[f]);
    expect(missing, "route files without an entry in ROUTE_ACCESS (app/lib/permissions.ts)").toEqual([]);
    expect(Object.keys(ROUTE_ACCESS).filter((k) => !routeFiles.includes(k)), "entries without a route file").toEqual([]);
  });

  it("is what each route checks: requireCapability with its entry's capability (the signed-in portal: a sign-in check)", () => {
    const wrong: string[] = [];
    for (const f of routeFiles) {
      const entry = ROUTE_ACCESS[f];
      if (!entry) continue;
      const file = readdirSync(ROUTES_DIR).find((n) => n.replace(/\.(tsx?|jsx?)$/, "") === f)!;
      const source = readFileSync(path.join(ROUTES_DIR, file), "utf8");
      for (const access of [entry.GET, entry.POST]) {
        if (access === "public" || access === "none") continue;
        const checks =
          access === "use:portal"
            ? /requireCapability\(request, "use:portal"|requireUser\(|getCurrentUser\(|requireUserAndAppointmentAccess\(/.test(source)
            : source.includes(`requireCapability(request, "${access}"`);
        if (!checks) wrong.push(`${f}: ${access}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("the menu is drawn from the table", () => {
  const signedIn = WALKERS.filter((w) => w.email);
  it.each(signedIn)("$name sees exactly the entries the table allows", async (walker) => {
    // /help: every signed-in user's page (the officer's /home is the audit log, a redirect).
    const a = await send("GET", "/help", cookies.get(walker.name)!);
    expect(a.status).toBe(200);
    const caps = capabilitiesOf(walker.roles);
    const nav = /<nav id="main-nav"[\s\S]*?<\/nav>/.exec(a.body)?.[0] ?? "";
    expect(nav).not.toBe("");
    for (const item of [...CONFIGURE_MENU, ...ADMIN_MENU, REVIEW_QUEUE_ITEM]) {
      expect(nav.includes(`href="${item.to}"`), `${walker.name}: ${item.label} (${item.capability})`).toBe(can(caps, item.capability));
    }
    expect(nav.includes(">CONFIGURE<"), `${walker.name}: CONFIGURE`).toBe(CONFIGURE_MENU.some((i) => can(caps, i.capability)));
  });
});

describe("a forbidden POST is refused before its body is read", () => {
  it("a prospect's POST /corr/new with a body the form reader refuses (JSON) answers 403, not 400, and no template", async () => {
    const before = await counts();
    const a = await send("POST", "/corr/new", cookies.get("prospect")!, JSON.stringify({ name: "x" }), "application/json");
    expect(a.status, a.body.slice(0, 200)).toBe(403);
    expect(await counts()).toBe(before);
  });
});

// Last: the walk signs each walker out at its end (POST /auth/logout).
describe.each(WALKERS)("every route for $name", (walker) => {
  it(
    "answers GET and POST as the table says; a forbidden POST creates nothing",
    async () => {
      const cookie = cookies.get(walker.name)!;
      const problems: string[] = [];
      for (const file of walkOrder) {
        const entry = ROUTE_ACCESS[file];
        if (!entry) {
          problems.push(`${file}: no entry`);
          continue;
        }
        const urlPath = routePath(file);
        for (const method of ["GET", "POST"] as const) {
          const access = entry[method];
          const before = method === "POST" ? await counts() : "";
          const a = await send(method, urlPath, cookie, method === "POST" ? PROBE_FORM : undefined);
          const what = `${method} ${urlPath} (${file}, ${access}): ${a.status} ${a.location} ${a.body.slice(0, 160).replace(/\s+/g, " ")}`;
          const toSignIn = /\/auth\/login|\/session-expired/.test(a.location) || a.status === 401;
          if (access === "none") {
            if (![404, 405].includes(a.status) && !toSignIn) problems.push(`no such method, expected 404/405: ${what}`);
          } else if (allowedFor(walker.roles, access)) {
            if (a.status === 403) problems.push(`allowed but refused: ${what}`);
            else if (walker.roles[0] !== "anonymous" && access !== "public" && toSignIn) problems.push(`allowed but sent to sign in: ${what}`);
          } else if (walker.roles[0] === "anonymous") {
            if (!toSignIn) problems.push(`anonymous, expected the way to sign in: ${what}`);
          } else {
            // One answer for every forbidden route, the review queue and the import included (decision 0050).
            if (a.status !== 403) problems.push(`forbidden, expected 403: ${what}`);
            else if (!a.contentType.includes("text/html")) problems.push(`forbidden, expected the portal's page: ${what} (${a.contentType})`);
            else if (!/do not have access/i.test(a.body)) problems.push(`forbidden, expected the portal's 403 page: ${what}`);
          }
          if (method === "POST" && !allowedFor(walker.roles, access)) {
            const after = await counts();
            if (after !== before) problems.push(`forbidden POST created something: ${what}: ${before} -> ${after}`);
          }
        }
      }
      expect(problems).toEqual([]);
    },
    600_000,
  );
});
