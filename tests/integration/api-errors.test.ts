// Every answer of the API over HTTP is described by its OpenAPI document (issue 33 item 4): against the
// built portal, crafted query parameters (a year 0, a cursor holding an id no column takes or a date
// JavaScript can hold and PostgreSQL cannot) are 400 problems naming the parameter, not 500; every
// method a path does not answer is a 405 problem with Allow (every api route file walked); a path the
// API does not have is a 404 problem, not the portal's HTML page; the document lists itself and the
// error answers; each answer seen here is checked against the document's description of its status.
import http from "node:http";
import { readdirSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { READ_ENDPOINTS } from "~/features/api/openapi.server";
import { createApiToken } from "~/features/api/tokens.server";
import { disconnectPrisma, prisma } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { startApp, type AppHandle } from "../support/app-server";
import { useTestDatabase } from "../support/db";
import { createAgent, createCarrierWithBlocks, createInvitation } from "../support/factories";
import { buildIfStale } from "../support/global-app";
import { answerChecker, type OpenApiDoc } from "../support/openapi-answers";

const db = useTestDatabase();
let app: AppHandle;
let token: string;
let doc: OpenApiDoc;
let check: ReturnType<typeof answerChecker>;

beforeAll(async () => {
  buildIfStale();
  token = (await createApiToken(prisma, { name: "everything", scopes: ["read:agents", "read:applications", "read:documents", "read:invitations", "read:filings", "write:agents", "write:filings"] })).token;
  await createCarrierWithBlocks(prisma, { carrierCode: "ERRC", name: "Errors Carrier", companyNumber: "78", blocks: [{ blockNumber: 780, productTypeCode: "LIFE" }] });
  const md = await createAgent(prisma, { blockNumber: 780, firstName: "Edge", lastName: "Case", npn: "7800001" });
  await createInvitation(prisma, { inviterAgentId: md.id, prospectEmailAddress: "edge@example.com" });
  app = await startApp({ databaseUrl: db.url });
  doc = (await (await fetch(`${app.url}/api/v1/openapi.json`)).json()) as OpenApiDoc;
  check = answerChecker(doc);
}, 300_000);

afterAll(async () => {
  await app?.dispose();
  await disconnectPrisma();
});

/** Every answer a test saw, checked against the document after the test's own assertions. */
const seen: Array<{ method: string; pattern: string | null; res: Response }> = [];
afterEach(async () => {
  for (const { method, pattern, res } of seen.splice(0)) await check(method, pattern, res);
});

/** One call of the API (`pattern` null: a path the API does not have). */
async function call(method: string, pattern: string | null, address: string, opts: { token?: string | null; body?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  if (opts.token !== null) headers.Authorization = `Bearer ${opts.token ?? token}`;
  const res = await fetch(`${app.url}${address}`, { method, headers, body: opts.body });
  seen.push({ method, pattern, res: res.clone() });
  return res;
}

/** A cursor as the API makes them (paging.server.ts): base64url of the JSON [updated_at, id]. */
const cursor = (at: string, id: number | string) => Buffer.from(JSON.stringify([at, id]), "utf8").toString("base64url");

const LISTS = READ_ENDPOINTS.filter((e) => e.list).map((e) => e.path);
/** The lists keyed by a uuid (the state filings'): their cursor's id is one. */
const UUID_LISTS = ["/api/v1/filings", "/api/v1/terminations"];

describe("crafted parameters", () => {
  it("a date or id outside what PostgreSQL and the columns take is a 400 problem naming the parameter, on every list", async () => {
    expect(LISTS.length).toBe(5);
    const refused: Array<[string, string]> = [
      ["updated_since=0000-01-01", "updated_since"],
      ["updated_since=0001-01-01T00:00:00%2B01:00", "updated_since"], // 0000-12-31T23:00Z: year 0
      [`cursor=${cursor("2026-01-01T00:00:00.000Z", 9007199254740991)}`, "cursor"],
      [`cursor=${cursor("2026-01-01T00:00:00.000Z", 2147483648)}`, "cursor"], // one past int4
      [`cursor=${cursor("-271821-04-20T00:00:00.000Z", 1)}`, "cursor"],
      [`cursor=${cursor("-271821-04-20", 1)}`, "cursor"],
      [`cursor=${cursor("0000-01-01T00:00:00.000Z", 1)}`, "cursor"],
      [`cursor=${cursor("+275760-09-13T00:00:00.000Z", 1)}`, "cursor"],
    ];
    for (const list of LISTS) {
      for (const [query, parameter] of refused) {
        const r = await call("GET", list, `${list}?${query}`);
        expect(r.status, `${list}?${query}`).toBe(400);
        expect(r.headers.get("Content-Type")).toBe("application/problem+json");
        expect(((await r.json()) as { parameter?: string }).parameter, `${list}?${query}`).toBe(parameter);
      }
      // The edges of the range are answered.
      const lastId = UUID_LISTS.includes(list) ? "ffffffff-ffff-ffff-ffff-ffffffffffff" : 2147483647;
      for (const query of ["updated_since=0001-01-01", "updated_since=9999-12-31T23:59:59Z", `cursor=${cursor("0001-01-01T00:00:00.000Z", lastId)}`]) {
        const r = await call("GET", list, `${list}?${query}`);
        expect(r.status, `${list}?${query}`).toBe(200);
      }
    }
  });
});

/** Each route file of the API and an address it answers (a route file not here fails the walk). */
const ROUTE_FILES: Record<string, { pattern: string | null; address: string }> = {
  "api.v1.agents.ts": { pattern: "/api/v1/agents", address: "/api/v1/agents" },
  "api.v1.agents.$id.ts": { pattern: "/api/v1/agents/{id}", address: "/api/v1/agents/1" },
  "api.v1.applications.ts": { pattern: "/api/v1/applications", address: "/api/v1/applications" },
  "api.v1.applications.$id.ts": { pattern: "/api/v1/applications/{id}", address: "/api/v1/applications/1" },
  "api.v1.applications.$id.documents.ts": { pattern: "/api/v1/applications/{id}/documents", address: "/api/v1/applications/1/documents" },
  "api.v1.documents.$id.ts": { pattern: "/api/v1/documents/{id}", address: "/api/v1/documents/00000000-0000-4000-8000-000000000000" },
  "api.v1.invitations.ts": { pattern: "/api/v1/invitations", address: "/api/v1/invitations" },
  "api.v1.filings.ts": { pattern: "/api/v1/filings", address: "/api/v1/filings" },
  "api.v1.terminations.ts": { pattern: "/api/v1/terminations", address: "/api/v1/terminations" },
  "api.v1.agents.$agentNumber.first-business.ts": { pattern: "/api/v1/agents/{agent_number}/first-business", address: "/api/v1/agents/1/first-business" },
  "api.v1.agent-imports.ts": { pattern: "/api/v1/agent-imports", address: "/api/v1/agent-imports" },
  "api.v1.agent-imports.$id.ts": { pattern: "/api/v1/agent-imports/{id}", address: "/api/v1/agent-imports/1" },
  "api.v1.openapi[.]json.ts": { pattern: "/api/v1/openapi.json", address: "/api/v1/openapi.json" },
};

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND"];

describe("methods", () => {
  it("every route file of the API is in the walk, and its path in the document", () => {
    // The carriers' API is /api/v1; the screening vendor's callback (/api/screening/callback, signed
    // by its own secret, decision 0122) is no part of it.
    const files = readdirSync(path.resolve(__dirname, "../../app/routes")).filter((f) => f.startsWith("api.v1."));
    expect(files.sort()).toEqual(Object.keys(ROUTE_FILES).sort());
    expect(Object.values(ROUTE_FILES).map((r) => r.pattern).sort()).toEqual(Object.keys(doc.paths).sort());
  });

  it("a method a path does not answer is a 405 problem with Allow (the document's operations), with or without a token", async () => {
    for (const [file, { pattern, address }] of Object.entries(ROUTE_FILES)) {
      const operations = Object.keys(doc.paths[pattern!]!).map((m) => m.toUpperCase());
      const allow = [...operations.flatMap((m) => (m === "GET" ? ["GET", "HEAD"] : [m]))].sort();
      for (const method of METHODS.filter((m) => !allow.includes(m))) {
        for (const t of [undefined, null]) {
          const r = await call(method, pattern, address, { token: t, body: ["POST", "PUT", "PATCH"].includes(method) ? "{}" : undefined });
          const what = `${method} ${address} (${file}, ${t === null ? "no token" : "token"})`;
          expect(r.status, what).toBe(405);
          expect(r.headers.get("Content-Type"), what).toBe("application/problem+json");
          expect((r.headers.get("Allow") ?? "").split(/,\s*/).sort(), what).toEqual(allow);
          expect(await r.text(), what).not.toContain("Edge");
        }
      }
      // What it allows is answered (not refused as a method): HEAD, or a POST-only path's POST.
      const probe = allow.includes("HEAD") ? "HEAD" : allow[0]!;
      expect((await call(probe, pattern, address, { body: probe === "POST" ? "{}" : undefined })).status, `${probe} ${address}`).not.toBe(405);
    }
  });
});

describe("paths the API does not have", () => {
  it("are 404 problems for every method, not the portal's HTML page", async () => {
    for (const address of ["/api/v1/nothing", "/api/v1/agents/1/extra", "/api/v1", "/api/v2/agents", "/api/v1/openapi.yaml"]) {
      for (const method of ["GET", "POST", "DELETE"]) {
        const r = await call(method, null, address);
        expect(r.status, `${method} ${address}`).toBe(404);
        expect(r.headers.get("Content-Type"), `${method} ${address}`).toBe("application/problem+json");
        expect(((await r.json()) as { status: number }).status).toBe(404);
      }
    }
  });
});

describe("the document", () => {
  it("is valid OpenAPI 3.1, lists itself, and every operation lists its error answers as problems", async () => {
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    const self = doc.paths["/api/v1/openapi.json"]?.get;
    expect(self, "GET /api/v1/openapi.json").toBeDefined();
    expect((self as unknown as { security: unknown[] }).security).toEqual([]);
    const problemRef = { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } };
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const statuses = Object.keys(op.responses);
        const endpoint = READ_ENDPOINTS.find((e) => e.path === p);
        const expected = ["400", "500", "503", ...(endpoint ? ["401", "403", "429"] : []), ...(endpoint?.id ? ["404"] : [])];
        for (const s of expected) expect(statuses, `${method} ${p}`).toContain(s);
        for (const s of statuses.filter((x) => Number(x) >= 400)) expect(op.responses[s]!.content, `${method} ${p} ${s}`).toEqual(problemRef);
      }
    }
    expect(doc.components.responses?.MethodNotAllowed?.headers?.Allow?.required).toBe(true);
    for (const name of ["MethodNotAllowed", "NotFound", "Misdirected"]) expect(doc.components.responses?.[name]?.content, name).toEqual(problemRef);
  });

  it("the answers of tokens, limits and body caps over HTTP match it", async () => {
    expect((await call("GET", "/api/v1/agents", "/api/v1/agents?limit=1", { token: null })).status).toBe(401);
    const imports = (await createApiToken(prisma, { name: "imports only", scopes: ["write:agents"] })).token;
    expect((await call("GET", "/api/v1/invitations", "/api/v1/invitations", { token: imports })).status).toBe(403);
    expect((await call("GET", "/api/v1/agents/{id}", "/api/v1/agents/99999999")).status).toBe(404);
    expect((await call("GET", "/api/v1/agents", "/api/v1/agents?limit=0")).status).toBe(400);
    expect((await call("GET", "/api/v1/openapi.json", "/api/v1/openapi.json", { token: null })).status).toBe(200);
    const busy = await createApiToken(prisma, { name: "busy", scopes: ["read:agents"] });
    const minute = Math.floor(Date.now() / 60_000);
    await prisma.apiRateWindow.create({ data: { tokenId: busy.id, windowStart: new Date(minute * 60_000), calls: env().API_RATE_LIMIT } });
    const limited = await call("GET", "/api/v1/agents", "/api/v1/agents", { token: busy.token });
    // Unless the minute turned meanwhile, the call was over the limit.
    if (Math.floor(Date.now() / 60_000) === minute) expect(limited.status).toBe(429);
    // A declared body over the import's cap: refused before a byte is read (the server's own problem answer).
    const tooLarge = await rawRequest("POST", "/api/v1/agent-imports", { Authorization: `Bearer ${token}`, "Content-Type": "text/csv", "Content-Length": String(2 ** 40) });
    expect(tooLarge.status).toBe(413);
    seen.push({ method: "POST", pattern: "/api/v1/agent-imports", res: tooLarge });
    // A foreign Host (DNS rebinding) under /api: the 421 is a problem too.
    const misdirected = await rawRequest("GET", "/api/v1/agents", { Host: `evil.example:${app.port}` });
    expect(misdirected.status).toBe(421);
    expect(misdirected.headers.get("Content-Type")).toBe("application/problem+json");
    seen.push({ method: "GET", pattern: "/api/v1/agents", res: misdirected });
  });
});

/** A request whose headers fetch would not send (a false Content-Length, another Host); the answer as a Response. */
function rawRequest(method: string, address: string, headers: Record<string, string>): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: app.port, path: address, method, headers: { Host: `localhost:${app.port}`, ...headers }, setHost: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        req.destroy();
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === "string") h.set(k, v);
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode, headers: h }));
      });
    });
    req.on("error", reject);
    req.flushHeaders();
  });
}
