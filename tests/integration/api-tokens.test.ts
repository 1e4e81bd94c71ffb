// Issue 24 items 1 and 4 (decision 0075) on a running portal over HTTP: ADMIN > API Tokens (a token is
// shown once, only its hash is stored, a bad name keeps what was typed with its message, a second
// POST of the form creates nothing, revoking answers 401 at once, others get 403); the agent import
// as an API call (csv and JSON give the screen's run and report, 401/403/415/400/413/404, the
// rate limit counted across two processes, no canary value in any answer); old rate windows purged.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiJson, apiRoute, purgeOldRateWindows } from "~/features/api/http.server";
import { createApiToken } from "~/features/api/tokens.server";
import { TOKEN_MESSAGES as TM } from "~/features/api/token-schema";
import { MAX_IMPORT_REQUEST_BYTES } from "~/features/hierarchy/import-upload.server";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { startApp, type AppHandle } from "../support/app-server";
import { formatDateTimeIn } from "~/lib/format-time";
import { signInToApp } from "../support/app-sign-in";
import { useTestDatabase } from "../support/db";
import { createCarrierWithBlocks } from "../support/factories";
import { buildIfStale } from "../support/global-app";

const RATE_LIMIT = 100;
const db = useTestDatabase();
process.env.ENCRYPTION_KEY ??= "api tokens test key 0123456789abcdef0123";

let app: AppHandle;
let admin = "";
let md = "";
beforeAll(async () => {
  // This process counts calls in the same table as the portal: two processes, one limit.
  process.env.API_RATE_LIMIT = String(RATE_LIMIT);
  resetEnvCache();
  buildIfStale();
  await createCarrierWithBlocks(prisma, { carrierCode: "MIAC", companyNumber: "MI01", blocks: [{ blockNumber: 72, productTypeCode: "HEALTH" }] });
  app = await startApp({ databaseUrl: db.url, env: { API_RATE_LIMIT: String(RATE_LIMIT) } });
  admin = await signInToApp(app, "admin@portal.localhost");
  md = await signInToApp(app, "md@portal.localhost");
}, 300_000);
afterAll(async () => {
  await app?.dispose();
});

const page = async (cookie: string, path = "/admin/api-tokens") => {
  const r = await fetch(new URL(path, app.url), { headers: { Cookie: cookie } });
  return { status: r.status, body: await r.text() };
};
const post = async (cookie: string, form: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
  const r = await fetch(new URL("/admin/api-tokens", app.url), {
    method: "POST",
    headers: { Cookie: cookie, Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
    body,
    redirect: "manual",
  });
  return { status: r.status, body: await r.text() };
};
const formTokenOf = (html: string) => /name="formToken" value="([0-9a-f-]{36})"/.exec(html)?.[1] ?? "";
const TOKEN_RE = /apt_[A-Za-z0-9_-]{43}/;
const api = (token: string | null, path: string, init: RequestInit = {}) =>
  fetch(new URL(path, app.url), { ...init, headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(init.headers as Record<string, string>) } });
const decode = (s: string) => s.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

describe("ADMIN > API Tokens", () => {
  it("creates a token shown once and stored hashed; a second POST of the form creates nothing", async () => {
    const first = await page(admin);
    expect(first.status).toBe(200);
    const formToken = formTokenOf(first.body);
    expect(formToken).not.toBe("");
    const created = await post(admin, { intent: "create", name: "Commissions system", scopes: ["write:agents", "read:agents"], formToken });
    expect(created.status).toBe(200);
    const token = TOKEN_RE.exec(created.body)?.[0] ?? "";
    expect(token).not.toBe("");
    expect(decode(created.body)).toContain(TM.created);
    // The same form again (a double click, a reload of the POST): nothing more is created.
    const again = await post(admin, { intent: "create", name: "Commissions system", scopes: ["write:agents"], formToken });
    expect(again.status).toBe(409);
    expect(again.body).not.toMatch(TOKEN_RE);
    expect(await prisma.apiToken.count({ where: { name: "Commissions system" } })).toBe(1);
    // The list shows it without its secret.
    const list = await page(admin);
    expect(list.body).toContain("Commissions system");
    expect(list.body).toContain(token.slice(0, 12));
    expect(list.body).not.toContain(token);
    // The database holds only the hash: the token's text is in no row of api_tokens or audit_log.
    const rows = await prisma.$queryRaw<Array<{ t: string }>>`SELECT row_to_json(a)::text AS t FROM api_tokens a UNION ALL SELECT row_to_json(l)::text FROM audit_log l`;
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.filter((r) => r.t.includes(token.slice(4)))).toEqual([]);
    const row = await prisma.apiToken.findFirstOrThrow({ where: { name: "Commissions system" } });
    expect(row.scopes.sort()).toEqual(["read:agents", "write:agents"]);
    expect(await prisma.auditLog.count({ where: { action: "API_TOKEN_CREATED", targetId: row.id } })).toBe(1);
    // It works, and its last use shows.
    expect((await api(token, "/api/v1/agent-imports")).status).toBe(200);
    expect((await prisma.apiToken.findUniqueOrThrow({ where: { id: row.id } })).lastUsedAt).not.toBeNull();
    // The only token so far: its 'Last used' is a time now, not 'Never'.
    expect((await page(admin)).body).not.toContain("<td>Never</td>");
  });

  it("times are in the viewer's zone: the browser's tz cookie, else TIME_ZONE (America/New_York); a bad cookie is ignored", async () => {
    const first = await page(admin);
    await post(admin, { intent: "create", name: "Zone check", scopes: ["read:agents"], formToken: formTokenOf(first.body) });
    const created = await prisma.apiToken.findFirstOrThrow({ where: { name: "Zone check" } });
    const shown = (zone: string) => formatDateTimeIn(created.createdAt, zone);
    const row = (html: string) => decode(html).split("Zone check")[1]!.slice(0, 400);
    expect(row((await page(admin)).body)).toContain(shown("America/New_York"));
    expect(shown("America/New_York")).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M E[SD]T$/);
    expect(row((await page(`${admin}; tz=America%2FChicago`)).body)).toContain(shown("America/Chicago"));
    expect(row((await page(`${admin}; tz=Mars%2FOlympus`)).body)).toContain(shown("America/New_York"));
    expect((await page(admin)).body).not.toMatch(/\d\d:\d\d (AM|PM) UTC/);
  });

  it("a bad name or no scope: the message next to the field, what was typed kept, nothing created", async () => {
    const before = await prisma.apiToken.count();
    const formToken = formTokenOf((await page(admin)).body);
    const long = "Partner " + "x".repeat(80);
    const r = await post(admin, { intent: "create", name: long, scopes: ["read:agents"], formToken });
    expect(r.status).toBe(400);
    expect(r.body).toMatch(new RegExp(`id="f-name-error"[^>]*>${TM.nameTooLong}`));
    expect(r.body).toContain(`value="${long}"`);
    expect(r.body).toMatch(/name="scopes" checked="" value="read:agents"/);
    const none = await post(admin, { intent: "create", name: "  ", formToken });
    expect(none.status).toBe(400);
    expect(decode(none.body)).toMatch(new RegExp(`id="f-name-error"[^>]*>${TM.nameRequired.replace(/[().]/g, "\\$&")}`));
    expect(none.body).toMatch(new RegExp(`id="f-scopes-error"[^>]*>${TM.scopesRequired}`));
    // A live token's name is not given twice.
    const taken = await post(admin, { intent: "create", name: "commissions SYSTEM", scopes: ["read:agents"], formToken });
    expect(taken.status).toBe(400);
    expect(decode(taken.body)).toContain(TM.nameTaken);
    // A scope the form does not offer (a tampered form): the message beside the scopes, the name kept.
    const unknown = await post(admin, { intent: "create", name: "Partner", scopes: ["read:agents", "admin:all"], formToken });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatch(new RegExp(`id="f-scopes-error"[^>]*>${TM.scopesRequired}`));
    expect(unknown.body).toContain(`value="Partner"`);
    // An intent the screen has not: refused, not taken for 'create'.
    expect((await post(admin, { intent: "drop", name: "Partner", scopes: ["read:agents"], formToken })).status).toBe(400);
    expect(await prisma.apiToken.count()).toBe(before);
  });

  it("revoke: a confirmation, then the token answers 401 at once; audited", async () => {
    const t = await createApiToken(prisma, { name: "To revoke", scopes: ["write:agents"] });
    expect((await api(t.token, "/api/v1/agent-imports")).status).toBe(200);
    const confirm = await page(admin, `/admin/api-tokens?revoke=${t.id}`);
    expect(decode(confirm.body)).toContain(TM.revokeConfirm("To revoke"));
    const r = await post(admin, { intent: "revoke", tokenId: t.id });
    expect(r.status).toBe(200);
    expect(decode(r.body)).toContain(TM.revoked("To revoke"));
    expect((await api(t.token, "/api/v1/agent-imports")).status).toBe(401);
    expect(await prisma.auditLog.count({ where: { action: "API_TOKEN_REVOKED", targetId: t.id } })).toBe(1);
    expect((await post(admin, { intent: "revoke", tokenId: t.id })).status).toBe(404);
    expect(decode((await page(admin)).body)).toMatch(/To revoke[\s\S]*?Revoked \d/);
  });

  it("anyone but an administrator: 403 for GET and POST, nothing created or revoked", async () => {
    const live = await createApiToken(prisma, { name: "Untouchable", scopes: ["write:agents"] });
    const before = await prisma.apiToken.count();
    expect((await page(md)).status).toBe(403);
    expect((await post(md, { intent: "create", name: "Sneaky", scopes: ["write:agents"], formToken: crypto.randomUUID() })).status).toBe(403);
    expect((await post(md, { intent: "revoke", tokenId: live.id })).status).toBe(403);
    expect(await prisma.apiToken.count()).toBe(before);
    expect((await api(live.token, "/api/v1/agent-imports")).status).toBe(200);
  });
});

const HEADER = "agentNumber,companyNumber,blockNumber,carrierCode,mgaCode,level,firstName,middleName,lastName,companyName,uplineAgentNumber,email,phone,status,activeDate,terminatedDate";
const csvOf = (...rows: string[]) => [HEADER, ...rows].join("\n") + "\n";
/** The same rows as the API's JSON (a blank cell as null). */
const jsonOf = (csv: string) => {
  const [head, ...lines] = csv.trim().split("\n");
  const cols = head!.split(",");
  return JSON.stringify({ rows: lines.map((l) => Object.fromEntries(l.split(",").map((v, i) => [cols[i]!, v === "" ? null : v]))) });
};
const SSN_CANARY = "123-45-6789";
const BAD = csvOf("900,MI01,72,MIAC,HM1850,1,Ann,,Api,,0000,,123-45-6789,,,", "901,MI01,72,MIAC,HM1850,99,Bob,,Api,,900,,,,,", "902,MI01,72,MIAC,HM1850,2,Cy,,Api,,900,,,,,");
const GOOD = csvOf("910,MI01,72,MIAC,HM1850,1,Api,,Top,,0000,,,,,", "911,MI01,72,MIAC,HM1850,2,Api,,Child,,910,,,,,");

type Report = { id: number; status: string; finished: boolean; rows_read: number; inserted: number; updated: number; moved: number; error_count: number; errors: unknown[] };
const seen: string[] = [];
const text = async (r: Response) => {
  const t = await r.text();
  seen.push(t);
  return t;
};

/** Waits for the run to finish (read from the database: polling the API would spend the rate limit). */
async function finished(runId: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const run = await prisma.agentImportRun.findUniqueOrThrow({ where: { id: runId } });
    if (["COMPLETED", "REJECTED", "FAILED"].includes(run.status)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`import run ${runId} did not finish`);
}
async function report(token: string, runId: number): Promise<Report> {
  await finished(runId);
  const r = await api(token, `/api/v1/agent-imports/${runId}`);
  expect(r.status).toBe(200);
  return JSON.parse(await text(r)) as Report;
}
async function viaApi(token: string, body: string, type: string): Promise<number> {
  const r = await api(token, "/api/v1/agent-imports", { method: "POST", body, headers: { "Content-Type": type } });
  const b = await text(r);
  expect(r.status, b).toBe(202);
  const { id } = JSON.parse(b) as { id: number };
  expect(r.headers.get("Location")).toBe(`/api/v1/agent-imports/${id}`);
  return id;
}
async function viaScreen(csv: string): Promise<number> {
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "agents.csv");
  const r = await fetch(new URL("/admin/import/upload", app.url), { method: "POST", body: form, headers: { Cookie: admin, Origin: app.url, Accept: "application/json" } });
  expect(r.status).toBe(200);
  return ((await r.json()) as { runId: number }).runId;
}
const sameReport = (r: Report) => ({ status: r.status, rows_read: r.rows_read, inserted: r.inserted, updated: r.updated, moved: r.moved, error_count: r.error_count, errors: r.errors });

describe("POST /api/v1/agent-imports", () => {
  let writer: { token: string; id: string; name: string };
  let reader: { token: string };
  beforeAll(async () => {
    writer = await createApiToken(prisma, { name: "Back office", scopes: ["write:agents"] });
    reader = await createApiToken(prisma, { name: "Reader", scopes: ["read:agents", "read:applications", "read:documents", "read:invitations"] });
  });

  it("a bad row rejects the whole file: csv, JSON and the screen give the same errors with line and field", async () => {
    const screen = await report(writer.token, await viaScreen(BAD));
    const csv = await report(writer.token, await viaApi(writer.token, BAD, "text/csv"));
    const json = await report(writer.token, await viaApi(writer.token, jsonOf(BAD), "application/json; charset=utf-8"));
    expect(screen.status).toBe("REJECTED");
    expect(screen.errors).toEqual(expect.arrayContaining([expect.objectContaining({ line: 2, field: "phone" }), expect.objectContaining({ line: 3, field: "level" })]));
    expect(sameReport(csv)).toEqual(sameReport(screen));
    expect(sameReport(json)).toEqual(sameReport(screen));
    expect(await prisma.agent.count({ where: { agentNumber: { in: ["900", "901", "902"] } } })).toBe(0);
  });

  it("a good file is imported; the same rows as JSON and on the screen give the same report; the runs are listed on the screen", async () => {
    const first = await report(writer.token, await viaApi(writer.token, GOOD, "text/csv"));
    expect(first).toMatchObject({ status: "COMPLETED", rows_read: 2, inserted: 2, error_count: 0 });
    expect(await prisma.agent.count({ where: { agentNumber: { in: ["910", "911"] } } })).toBe(2);
    // Its agent.created events name the token as their actor (decision 0075), not a person.
    const created = await prisma.webhookEvent.findMany({ where: { type: "agent.created", data: { path: ["agent", "company_number"], equals: "MI01" } } });
    const ours = created.filter((e) => ["910", "911"].includes((e.data as { agent: { agent_number: string } }).agent.agent_number));
    expect(ours.map((e) => (e.data as { actor: unknown }).actor)).toEqual([
      { type: "api", token_id: writer.id },
      { type: "api", token_id: writer.id },
    ]);
    const jsonRun = await viaApi(writer.token, jsonOf(GOOD), "application/json");
    const json = await report(writer.token, jsonRun);
    const screen = await report(writer.token, await viaScreen(GOOD));
    expect(json).toMatchObject({ status: "COMPLETED", rows_read: 2, inserted: 0 });
    expect(sameReport(json)).toEqual(sameReport(screen));
    const imports = await page(admin, `/admin/import?run=${jsonRun}`);
    expect(imports.body).toContain("API Back office.json");
    const queued = await prisma.auditLog.findFirstOrThrow({ where: { action: "AGENT_IMPORT_QUEUED", targetId: String(jsonRun) } });
    expect(queued.details).toMatchObject({ apiTokenId: writer.id, apiTokenName: "Back office" });
  });

  it("refuses: no token 401, another scope 403 (every endpoint), another type 415, bad JSON 400, too large 413, an unknown run 404", async () => {
    const runs = await prisma.agentImportRun.count();
    const someRun = (await prisma.agentImportRun.findFirstOrThrow()).id;
    for (const path of ["/api/v1/agent-imports", `/api/v1/agent-imports/${someRun}`]) {
      expect((await api(null, path)).status).toBe(401);
      expect((await api(null, path, { headers: { Cookie: admin } })).status).toBe(401); // a session means nothing on /api
      const refused = await api(reader.token, path);
      expect(refused.status).toBe(403);
      expect(refused.headers.get("Content-Type")).toBe("application/problem+json");
    }
    expect((await api(null, "/api/v1/agent-imports", { method: "POST", body: GOOD, headers: { "Content-Type": "text/csv" } })).status).toBe(401);
    expect((await api(reader.token, "/api/v1/agent-imports", { method: "POST", body: GOOD, headers: { "Content-Type": "text/csv" } })).status).toBe(403);
    expect((await api(writer.token, "/api/v1/agent-imports", { method: "POST", body: GOOD, headers: { "Content-Type": "text/plain" } })).status).toBe(415);
    const form = new FormData();
    form.append("file", new Blob([GOOD]), "agents.csv");
    expect((await api(writer.token, "/api/v1/agent-imports", { method: "POST", body: form })).status).toBe(415);
    const bad = await api(writer.token, "/api/v1/agent-imports", { method: "POST", body: '{"rows": [', headers: { "Content-Type": "application/json" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { detail: string }).detail).toBe("The body is not valid JSON.");
    const shape = await api(writer.token, "/api/v1/agent-imports", { method: "POST", body: '{"rows": [{"agentNumber": {"x": 1}}]}', headers: { "Content-Type": "application/json" } });
    expect(shape.status).toBe(400);
    expect(await tooLarge(writer.token)).toBe(413);
    expect((await api(writer.token, "/api/v1/agent-imports/999999")).status).toBe(404);
    expect((await api(writer.token, "/api/v1/agent-imports/abc")).status).toBe(404);
    expect(await prisma.agentImportRun.count()).toBe(runs);
    // There is no per-token ownership of runs (decision 0075): any import token reads every run.
    const other = await createApiToken(prisma, { name: "Other import", scopes: ["write:agents"] });
    expect((await api(other.token, `/api/v1/agent-imports/${someRun}`)).status).toBe(200);
  });

  it("no answer holds the canary SSN sent in a row", () => {
    expect(seen.length).toBeGreaterThan(5);
    expect(seen.filter((b) => b.includes(SSN_CANARY) || b.includes("123456789"))).toEqual([]);
  });
});

/** A declared body one byte over the import's request cap: refused before a byte of it is read. */
function tooLarge(token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const u = new URL("/api/v1/agent-imports", app.url);
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname, method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/csv", "Content-Length": String(MAX_IMPORT_REQUEST_BYTES + 1) } });
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on("error", reject);
    req.flushHeaders();
  });
}

describe("the rate limit", () => {
  it("is one count per token across two processes: two concurrent bursts get exactly the limit between them", async () => {
    const burst = 70;
    for (let attempt = 0; attempt < 3; attempt++) {
      const t = await createApiToken(prisma, { name: `burst ${attempt}`, scopes: ["write:agents"] });
      const here = () => apiRoute(new Request(`${app.url}/api/v1/agent-imports`, { headers: { Authorization: `Bearer ${t.token}` } }), "write:agents", async () => apiJson({ ok: true }));
      const there = () => api(t.token, "/api/v1/agent-imports");
      const statuses = (await Promise.all([...Array.from({ length: burst }, here), ...Array.from({ length: burst }, there)])).map((r) => r.status);
      const windows = await prisma.apiRateWindow.findMany({ where: { tokenId: t.id } });
      if (windows.length !== 1) continue; // the minute turned during the burst: try again with a new token
      expect(windows[0]!.calls).toBe(2 * burst);
      expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_LIMIT);
      expect(statuses.filter((s) => s === 429)).toHaveLength(2 * burst - RATE_LIMIT);
      return;
    }
    throw new Error("every attempt spanned two minutes");
  });

  it("the hourly purge removes windows older than an hour and keeps the current one", async () => {
    const t = await createApiToken(prisma, { name: "purge", scopes: ["write:agents"] });
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    await prisma.apiRateWindow.createMany({
      data: [
        { tokenId: t.id, windowStart: new Date(minute - 2 * 3600_000), calls: 5 },
        { tokenId: t.id, windowStart: new Date(minute), calls: 1 },
      ],
    });
    expect(await purgeOldRateWindows()).toBeGreaterThanOrEqual(1);
    expect((await prisma.apiRateWindow.findMany({ where: { tokenId: t.id } })).map((w) => w.windowStart.getTime())).toEqual([minute]);
  });
});
