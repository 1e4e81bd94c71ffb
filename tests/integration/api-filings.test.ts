// The API's state filings (issue 37 item 6, decision 0116) through the route modules against a real
// database: GET /api/v1/filings and /terminations page by cursor (every row once), updated_since and
// the filters agent_number, state, status (a bad one a 400 naming it), 403 without read:filings,
// never the agent's SSN; POST /api/v1/agents/{agent_number}/first-business (write:filings) dates the
// just-in-time filings of every position with the number, once (409 the second time), refuses bad
// input naming the field, an unknown agent 404, and is audited with the token. Every answer is the
// OpenAPI document's for its status.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "~/features/api/tokens.server";
import { dayOf } from "~/features/licences/status";
import { addDays } from "~/features/state-filings/due";
import { encryptField } from "~/lib/crypto.server";
import { disconnectPrisma, prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import * as firstBusinessRoute from "~/routes/api.v1.agents.$agentNumber.first-business";
import * as filingsRoute from "~/routes/api.v1.filings";
import * as openapiRoute from "~/routes/api.v1.openapi[.]json";
import * as terminationsRoute from "~/routes/api.v1.terminations";
import { useTestDatabase } from "../support/db";
import { createAgent, createCarrierWithBlocks, seedReferenceData } from "../support/factories";
import { answerChecker, type OpenApiDoc } from "../support/openapi-answers";
import { useTempDataDir } from "../support/temp-dir";

useTempDataDir("api-filings");
useTestDatabase();
afterAll(disconnectPrisma);

const SSN_DIGITS = "987650001";
type Loader = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<Response> | Response;

const check = answerChecker((await (await (openapiRoute.loader as () => Response)()).json()) as OpenApiDoc);
const seen: Array<{ method: string; pattern: string; res: Response }> = [];
afterEach(async () => {
  for (const { method, pattern, res } of seen.splice(0)) await check(method, pattern, res);
});

const LISTS = { "/api/v1/filings": filingsRoute.loader as Loader, "/api/v1/terminations": terminationsRoute.loader as Loader };
async function list(pattern: keyof typeof LISTS, token: string, query = ""): Promise<Response> {
  const res = await LISTS[pattern]({ request: new Request(`http://localhost${pattern}${query ? `?${query}` : ""}`, { headers: { Authorization: `Bearer ${token}` } }), params: {}, context: {} });
  seen.push({ method: "GET", pattern, res: res.clone() });
  return res;
}
const FIRST_BUSINESS = "/api/v1/agents/{agent_number}/first-business";
async function firstBusiness(agentNumber: string, token: string, body: unknown, contentType = "application/json"): Promise<Response> {
  const request = new Request(`http://localhost/api/v1/agents/${agentNumber}/first-business`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": contentType, "User-Agent": "vitest" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const res = await (firstBusinessRoute.action as Loader)({ request, params: { agentNumber }, context: {} });
  seen.push({ method: "POST", pattern: FIRST_BUSINESS, res: res.clone() });
  return res;
}
const json = async <T = Record<string, unknown>>(r: Response) => (await r.json()) as T;

let reader: string;
let writer: string;
let agentsOnly: string;
let writerId: string;
let carrierId: number;
const filingIds: string[] = [];
let agentA: { id: number; agentNumber: string };
let twinB: { id: number };
const today = dayOf(new Date());

beforeAll(async () => {
  resetEnvCache();
  await seedReferenceData();
  // Texas appoints just in time, 15 days after the first business (set here, whatever the defaults say).
  await prisma.stateRule.update({ where: { stateCode: "TX" }, data: { appointmentTiming: "JUST_IN_TIME", appointmentDays: 15 } });
  reader = (await createApiToken(prisma, { name: "filings reader", scopes: ["read:filings"] })).token;
  const w = await createApiToken(prisma, { name: "first business", scopes: ["write:filings"] });
  writer = w.token;
  writerId = w.id;
  agentsOnly = (await createApiToken(prisma, { name: "agents only", scopes: ["read:agents", "write:agents"] })).token;
  const c = await createCarrierWithBlocks(prisma, { carrierCode: "APFC", naicCompanyCode: "99303", companyNumber: "AF01", blocks: [{ blockNumber: 983, productTypeCode: "HEALTH" }, { blockNumber: 984, productTypeCode: "HEALTH" }] });
  carrierId = c.carrier.carrierId;
  // One person in two blocks (two positions, one agent number), and another agent.
  const a = await createAgent(prisma, { blockNumber: 983, npn: "8710001", agentNumber: "871001" });
  const b = await createAgent(prisma, { blockNumber: 984, npn: "8710001", agentNumber: "871001" });
  const other = await createAgent(prisma, { blockNumber: 983, npn: "8710002", agentNumber: "871002" });
  for (const p of [a, b, other]) await prisma.agent.update({ where: { id: p.id }, data: { ssnEncrypted: encryptField(SSN_DIGITS), ssnLast4: "0001" } });
  agentA = { id: a.id, agentNumber: a.agentNumber };
  twinB = { id: b.id };
  const rows: Array<[number, string, string, string | null]> = [
    [a.id, "NY", "FILED", "2026-11-20"],
    [a.id, "TX", "TO_FILE", null],
    [b.id, "TX", "TO_FILE", null],
    [other.id, "NY", "ACCEPTED", "2026-11-25"],
    [other.id, "OH", "REJECTED", "2026-11-25"],
  ];
  for (const [agentId, stateCode, status, due] of rows) {
    const f = await prisma.appointmentFiling.create({
      data: {
        agentId,
        npn: agentId === other.id ? "8710002" : "8710001",
        stateCode,
        lineOfAuthority: "ACCIDENT_HEALTH",
        licenceNumber: `${stateCode}-77`,
        carrierId,
        effectiveDate: due ? new Date("2026-11-10") : null,
        dueDate: due ? new Date(due) : null,
        feeAmount: "12.50",
        status,
        rejectionReason: status === "REJECTED" ? "Licence inactive" : null,
      },
    });
    filingIds.push(f.id);
  }
  const base = { npn: "8710002", licenceNumber: "NY-77", carrierId, reasonCode: "VOL", reasonLabel: "Voluntary", forCause: false, source: "API" };
  await prisma.termination.create({ data: { ...base, agentId: other.id, stateCode: "NY", effectiveDate: new Date("2026-12-01"), dueDate: new Date("2026-12-31"), status: "FILED", filedDate: new Date("2026-12-02") } });
  await prisma.termination.create({ data: { ...base, agentId: other.id, stateCode: "OH", effectiveDate: new Date("2026-12-01"), dueDate: new Date("2026-12-31") } });
}, 120_000);

type Page<T> = { data: T[]; next_cursor: string | null };
type Filing = { id: string; agent: { agent_number: string }; state_code: string; status: string; rejection_reason: string | null; updated_at: string };

describe("GET /api/v1/filings", () => {
  it("pages by cursor: every filing once, as the webhook data; nothing sensitive", async () => {
    const got: Filing[] = [];
    let cursor: string | null = null;
    let pages = 0;
    let text = "";
    do {
      const r = await list("/api/v1/filings", reader, `limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(r.status).toBe(200);
      const raw = await r.text();
      text += raw;
      const body = JSON.parse(raw) as Page<Filing>;
      expect(body.data.length).toBeLessThanOrEqual(2);
      got.push(...body.data);
      cursor = body.next_cursor;
    } while (cursor && ++pages < 10);
    expect(got.map((f) => f.id).sort()).toEqual([...filingIds].sort());
    expect(got.find((f) => f.state_code === "OH")).toMatchObject({ status: "REJECTED", rejection_reason: "Licence inactive", agent: { agent_number: "871002" }, carrier: { code: "APFC", naic_company_code: "99303" } });
    expect(text).not.toMatch(new RegExp(`${SSN_DIGITS}|ssn`, "i"));
  });

  it("filters by agent_number, state and status, and updated_since; a malformed filter is a 400 naming it", async () => {
    const ids = async (query: string) => (await json<Page<Filing>>(await list("/api/v1/filings", reader, query))).data.map((f) => `${f.agent.agent_number}:${f.state_code}:${f.status}`).sort();
    expect(await ids("agent_number=871001")).toEqual(["871001:NY:FILED", "871001:TX:TO_FILE", "871001:TX:TO_FILE"]);
    expect(await ids("state=ny")).toEqual(["871001:NY:FILED", "871002:NY:ACCEPTED"]);
    expect(await ids("status=REJECTED")).toEqual(["871002:OH:REJECTED"]);
    expect(await ids("agent_number=871002&state=NY&status=ACCEPTED")).toEqual(["871002:NY:ACCEPTED"]);
    await prisma.$executeRaw`UPDATE appointment_filings SET updated_at = '2026-01-01T00:00:00Z'`;
    await prisma.$executeRaw`UPDATE appointment_filings SET updated_at = '2026-06-01T00:00:00Z' WHERE id = ${filingIds[4]}::uuid`;
    expect(await ids("updated_since=2026-03-01T00:00:00Z")).toEqual(["871002:OH:REJECTED"]);
    for (const [query, parameter] of [
      ["state=Texas", "state"],
      ["status=DONE", "status"],
      ["agent_number=%27%3B--", "agent_number"],
      ["state=NY&state=OH", "state"],
      ["updated_since=yesterday", "updated_since"],
    ] as const) {
      const r = await list("/api/v1/filings", reader, query);
      expect(r.status, query).toBe(400);
      expect((await json(r)).parameter, query).toBe(parameter);
    }
  });

  it("a token without read:filings is refused 403 on both lists", async () => {
    for (const pattern of ["/api/v1/filings", "/api/v1/terminations"] as const) {
      const r = await list(pattern, agentsOnly);
      expect(r.status, pattern).toBe(403);
      expect(await r.text()).not.toContain("871");
    }
    expect((await list("/api/v1/filings", writer)).status).toBe(403);
  });
});

describe("GET /api/v1/terminations", () => {
  it("lists the terminations, filtered by status; nothing sensitive", async () => {
    const r = await list("/api/v1/terminations", reader);
    const text = await r.text();
    const body = JSON.parse(text) as Page<{ state_code: string; status: string; reason_code: string; agent: { agent_number: string } }>;
    expect(body.data.map((t) => [t.agent.agent_number, t.state_code, t.status, t.reason_code]).sort()).toEqual([
      ["871002", "NY", "FILED", "VOL"],
      ["871002", "OH", "TO_FILE", "VOL"],
    ]);
    expect(text).not.toMatch(new RegExp(`${SSN_DIGITS}|ssn`, "i"));
    const filed = await json<Page<{ state_code: string }>>(await list("/api/v1/terminations", reader, "status=FILED"));
    expect(filed.data.map((t) => t.state_code)).toEqual(["NY"]);
    expect((await list("/api/v1/terminations", reader, "status=WITHDRAWN")).status).toBe(400);
  });
});

describe("POST /api/v1/agents/{agent_number}/first-business", () => {
  it("bad input is refused naming the field, an unknown agent is 404, a token without write:filings 403; nothing is dated", async () => {
    const refused: Array<[unknown, number, string | undefined]> = [
      ["not json", 400, undefined],
      [[], 400, undefined],
      [{ date: addDays(today, -1) }, 400, "state"],
      [{ state: "Texas", date: addDays(today, -1) }, 400, "state"],
      [{ state: "TX" }, 400, "date"],
      [{ state: "TX", date: "02/12/2026" }, 400, "date"],
      [{ state: "TX", date: "2026-02-30" }, 400, "date"],
      [{ state: "TX", date: addDays(today, 1) }, 400, "date"],
    ];
    for (const [body, status, field] of refused) {
      const r = await firstBusiness(agentA.agentNumber, writer, body);
      const what = JSON.stringify(body);
      expect(r.status, what).toBe(status);
      expect(r.headers.get("Content-Type"), what).toBe("application/problem+json");
      expect((await json(r)).field, what).toBe(field);
    }
    expect((await firstBusiness(agentA.agentNumber, writer, "state=TX", "application/x-www-form-urlencoded")).status).toBe(415);
    expect((await firstBusiness("999999", writer, { state: "TX", date: today })).status).toBe(404);
    expect((await firstBusiness(agentA.agentNumber, reader, { state: "TX", date: today })).status).toBe(403);
    const tx = await prisma.appointmentFiling.findMany({ where: { stateCode: "TX", agentId: { in: [agentA.id, twinB.id] } } });
    expect(tx.map((f) => [f.firstBusinessDate, f.dueDate])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it("dates the just-in-time filings of every position with the number, audited with the token; the second time is 409", async () => {
    const day = addDays(today, -2);
    const r = await firstBusiness(agentA.agentNumber, writer, { state: "tx", date: day });
    expect(r.status).toBe(200);
    expect(await json(r)).toEqual({ agent_number: agentA.agentNumber, state: "TX", date: day, filings: 2, dated: 2 });
    const tx = await prisma.appointmentFiling.findMany({ where: { stateCode: "TX", agentId: { in: [agentA.id, twinB.id] } } });
    for (const f of tx) expect([dayOf(f.firstBusinessDate!), dayOf(f.effectiveDate!), dayOf(f.dueDate!)]).toEqual([day, day, addDays(day, 15)]);
    const audits = await prisma.auditLog.findMany({ where: { action: "FIRST_BUSINESS_RECORDED", targetId: { in: [String(agentA.id), String(twinB.id)] } } });
    expect(audits).toHaveLength(2);
    for (const a of audits) expect(a.details).toMatchObject({ stateCode: "TX", firstBusinessDate: day, dated: 1, apiTokenId: writerId });

    const again = await firstBusiness(agentA.agentNumber, writer, { state: "TX", date: day });
    expect(again.status).toBe(409);
    expect((await json(again)).detail).toMatch(/recorded already/);
    // A state where the agent has no filing: nothing to record either.
    expect((await firstBusiness(agentA.agentNumber, writer, { state: "GA", date: day })).status).toBe(409);
    // The list shows the dates (the API's read of the same filings).
    const listed = await json<Page<{ first_business_date: string | null; due_date: string | null }>>(await list("/api/v1/filings", reader, "agent_number=871001&state=TX"));
    expect(listed.data.map((f) => [f.first_business_date, f.due_date])).toEqual([
      [day, addDays(day, 15)],
      [day, addDays(day, 15)],
    ]);
  });
});
