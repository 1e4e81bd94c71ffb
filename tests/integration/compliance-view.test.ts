// The compliance view (issue 23 item 5, decision 0073) against a real PostgreSQL, through the
// route's loader and action as the server runs them (a signed-in request with its cookie):
//  - a director sees their downline only, an agent theirs, an administrator every agent; an agent
//    outside the downline never appears, whatever the filters (it matches all of them);
//  - each filter (standing, expiring in 60 days, carrier, appointed state, credential) and the
//    counts per standing; paging; a filter that cannot be read answers 400;
//  - GET /compliance runs 2 statements (the session with the shell, the page with its counts);
//  - the pipeline card's 'Not in good order' count of the downline;
//  - the export: POST queues report 3, the job writes an xlsx (read back with exceljs) holding the
//    same rows as the view, the requester's downline (every agent for an administrator).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Agent, User } from "~/generated/prisma/client";
import { compliancePage } from "~/features/licences/compliance-view.server";
import { refreshStanding } from "~/features/licences/compliance.server";
import { dayOf, type Standing } from "~/features/licences/status";
import { getPipeline } from "~/features/pipeline/pipeline.server";
import { REPORT_STATUS, runReport } from "~/features/reports/run.server";
import { COMPLIANCE_REPORT_ID } from "~/features/reports/schema";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { stopWorker } from "~/lib/jobs.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { createSession } from "~/lib/session.server";
import { action as complianceAction, loader as complianceLoader } from "~/routes/compliance";
import { loader as downloadRoute } from "~/routes/reports_.$id.download";
import { countStatements } from "../support/count-statements";
import { useTestDatabase } from "../support/db";
import { createAgent, createCarrierWithBlocks, createCredential, createLicence, createUser, seedReferenceData } from "../support/factories";
import { makeDownline } from "./downline-fixtures";

useTestDatabase();

const APP_URL = "http://localhost:3000";
/** GET /compliance: the session's statement (with the shell) and the page's (rows, counts, carriers). */
const COMPLIANCE_STATEMENTS = 2;
let dataDir: string;

const today = dayOf(new Date());
const inDays = (n: number) => dayOf(new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000));

type World = {
  mdUser: User;
  bUser: User;
  otherUser: User;
  admin: User;
  b: Agent; // in good order (TX), AML expiring in 20 days
  c: Agent; // not: no CA licence (appointed TX, CA)
  s: Agent; // not: no E&O (FL)
  x: Agent; // no NPN: no licence records; carrier 2, NY
  o2: Agent; // another hierarchy: matches every filter
  carrier1: number;
  carrier2: number;
};
let w: World;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "compliance-view-test-"));
  process.env.DATA_DIR = dataDir;
  process.env.APP_URL = APP_URL;
  process.env.ENCRYPTION_KEY = "compliance-view-key-0123456789abcdef0123456789";
  process.env.BENCH_ROUTES = "1"; // counts statements (queryLog)
  resetEnvCache();
  resetSecretsCache();
  await seedReferenceData();
  const d = await makeDownline({ carrierCode: "CMP", carrierName: "Compliance Carrier", companyNumber: "CM01", blockNumber: 9811 });
  const { carrier: carrier2 } = await createCarrierWithBlocks(prisma, {
    carrierCode: "CMQ",
    name: "Second Carrier",
    companyNumber: "CM02",
    blocks: [{ blockNumber: 9812, productTypeCode: "LIFE" }],
  });
  const md2 = await createAgent(prisma, { blockNumber: 9812, userId: d.mdUser.id, firstName: "Mara", lastName: "Director" });
  const x = await createAgent(prisma, { parentId: md2.id, firstName: "Xena", lastName: "Nonpn", licensedStates: ["NY"] });
  const o2 = await createAgent(prisma, { parentId: d.other.id, firstName: "Olga", lastName: "Outside", npn: "9000005", licensedStates: ["TX"] });
  const set = (a: Agent, npn: string, states: string[]) =>
    prisma.$transaction([
      prisma.agent.update({ where: { id: a.id }, data: { npn } }),
      prisma.agentLicensedState.createMany({ data: states.map((stateCode) => ({ agentId: a.id, stateCode })) }),
    ]);
  await set(d.b, "9000001", ["TX"]);
  await set(d.c, "9000002", ["TX", "CA"]);
  await set(d.s, "9000003", ["FL"]);
  await createLicence(prisma, { npn: "9000001", stateCode: "TX" });
  await createCredential(prisma, { npn: "9000001", kind: "EO" });
  await createCredential(prisma, { npn: "9000001", kind: "AML", expiryDate: inDays(20) });
  await createLicence(prisma, { npn: "9000002", stateCode: "TX" });
  await createCredential(prisma, { npn: "9000002", kind: "EO" });
  await createLicence(prisma, { npn: "9000003", stateCode: "FL" });
  await createLicence(prisma, { npn: "9000005", stateCode: "TX" });
  await createCredential(prisma, { npn: "9000005", kind: "AML", expiryDate: inDays(20) });
  const all = await prisma.agent.findMany({ select: { id: true } });
  await refreshStanding(prisma, all.map((a) => a.id), today);
  const admin = await createUser(prisma, { isInternal: true, firstName: "Ada", lastName: "Admin" });
  w = { mdUser: d.mdUser, bUser: d.bUser, otherUser: d.otherUser, admin, b: d.b, c: d.c, s: d.s, x, o2, carrier1: (await prisma.block.findUniqueOrThrow({ where: { blockNumber: 9811 } })).carrierId, carrier2: carrier2.carrierId };
});

afterAll(async () => {
  delete process.env.BENCH_ROUTES;
  resetEnvCache();
  await stopWorker();
  rmSync(dataDir, { recursive: true, force: true });
});

async function cookieOf(user: User): Promise<string> {
  return (await createSession(new Request(`${APP_URL}/`), { userId: user.id })).split(";")[0]!;
}

async function call(fn: () => Promise<unknown>): Promise<{ status: number; body: unknown; location?: string | null }> {
  try {
    const r = await fn();
    if (r instanceof Response) return { status: r.status, body: r, location: r.headers.get("Location") };
    const init = (r as { init?: { status?: number } } | null)?.init;
    return { status: init?.status ?? 200, body: (r as { data?: unknown }).data ?? r };
  } catch (e) {
    if (e instanceof Response) return { status: e.status, body: e, location: e.headers.get("Location") };
    const init = (e as { init?: { status?: number } } | null)?.init;
    if (init?.status) return { status: init.status, body: (e as { data?: unknown }).data };
    throw e;
  }
}

type ViewData = {
  rows: Array<{ agentNumber: string; standing: Standing; reasons: Array<{ code: string }>; via: number | null; npn: string | null }>;
  counts: Record<Standing, number>;
  total: number;
};

async function view(user: User, query = "") {
  const cookie = await cookieOf(user);
  const request = new Request(`${APP_URL}/compliance${query ? `?${query}` : ""}`, { headers: { Cookie: cookie } });
  const r = await call(() => complianceLoader({ request, params: {}, context: {} }));
  return { status: r.status, data: r.body as ViewData };
}

const numbers = (d: ViewData) => d.rows.map((r) => r.agentNumber).sort();
const sorted = (...a: Agent[]) => a.map((x) => x.agentNumber).sort();

describe("whose agents", () => {
  it("a director sees their downline (both hierarchies), never another hierarchy's agent", async () => {
    const r = await view(w.mdUser);
    expect(r.status).toBe(200);
    expect(numbers(r.data)).toEqual(sorted(w.b, w.c, w.s, w.x));
    expect(r.data.counts).toEqual({ IN_GOOD_ORDER: 1, NOT_IN_GOOD_ORDER: 2, UNVERIFIED: 1 });
    // Each row links to the agent's page under the director's own position above it.
    for (const row of r.data.rows) expect(row.via).not.toBeNull();
    const c = r.data.rows.find((x) => x.agentNumber === w.c.agentNumber)!;
    expect(c.reasons.map((x) => x.code)).toEqual(["LICENCE_MISSING"]);
  });

  it("an agent sees their own downline only; another director only theirs", async () => {
    expect(numbers((await view(w.bUser)).data)).toEqual(sorted(w.b, w.c));
    expect(numbers((await view(w.otherUser)).data)).toEqual(sorted(w.o2));
  });

  it("an administrator sees every agent", async () => {
    const r = await view(w.admin);
    expect(numbers(r.data)).toEqual(sorted(w.b, w.c, w.s, w.x, w.o2));
    expect(r.data.rows.every((x) => x.via === null)).toBe(true);
  });

  it("no filter brings another hierarchy's agent into a director's view (IDOR through the filter parameters)", async () => {
    const o2Matches = [
      "standing=NOT_IN_GOOD_ORDER",
      "expiring=60",
      `carrier=${w.carrier1}`,
      "state=TX",
      "credential=EO",
      "credential=AML",
      `standing=NOT_IN_GOOD_ORDER&expiring=60&carrier=${w.carrier1}&state=TX&credential=EO`,
    ];
    const admin = await view(w.admin, o2Matches.at(-1));
    expect(numbers(admin.data), "the outside agent matches every filter").toEqual(sorted(w.o2));
    for (const q of o2Matches) {
      const r = await view(w.mdUser, q);
      expect(r.status, q).toBe(200);
      expect(numbers(r.data), q).not.toContain(w.o2.agentNumber);
    }
  });
});

describe("filters and counts", () => {
  it.each([
    ["standing=NOT_IN_GOOD_ORDER", () => sorted(w.c, w.s)],
    ["standing=IN_GOOD_ORDER", () => sorted(w.b)],
    ["standing=UNVERIFIED", () => sorted(w.x)],
    ["expiring=60", () => sorted(w.b)],
    ["state=TX", () => sorted(w.b, w.c)],
    ["state=CA", () => sorted(w.c)],
    ["credential=EO", () => sorted(w.s)],
    ["credential=AML", () => sorted(w.b)],
    ["credential=PRODUCT_TRAINING", () => []],
  ])("%s", async (q, expected) => {
    const r = await view(w.mdUser, q);
    expect(numbers(r.data)).toEqual(expected());
  });

  it("carrier: the carrier of the position's block", async () => {
    expect(numbers((await view(w.mdUser, `carrier=${w.carrier2}`)).data)).toEqual(sorted(w.x));
    expect(numbers((await view(w.mdUser, `carrier=${w.carrier1}`)).data)).toEqual(sorted(w.b, w.c, w.s));
  });

  it("counts per standing under the other filters; the total follows the standing", async () => {
    const r = await view(w.mdUser, "state=TX&standing=NOT_IN_GOOD_ORDER");
    expect(r.data.counts).toEqual({ IN_GOOD_ORDER: 1, NOT_IN_GOOD_ORDER: 1, UNVERIFIED: 0 });
    expect(r.data.total).toBe(1);
    expect(numbers(r.data)).toEqual(sorted(w.c));
  });

  it("pages hold every row once", async () => {
    const scope = { userId: w.mdUser.id, everyAgent: false };
    const p0 = await compliancePage(scope, {}, today, 0, 3);
    const p1 = await compliancePage(scope, {}, today, 1, 3);
    expect(p0.rows.length).toBe(3);
    expect(p1.rows.length).toBe(1);
    expect([...p0.rows, ...p1.rows].map((r) => r.agentNumber).sort()).toEqual(sorted(w.b, w.c, w.s, w.x));
    expect(p0.total).toBe(4);
  });

  it.each(["standing=BOGUS", "carrier=abc", "state=ZZ", "credential=LICENCE", "expiring=yes"])("%s answers 400", async (q) => {
    const r = await view(w.mdUser, q);
    expect(r.status).toBe(400);
    expect(r.data.rows).toEqual([]);
  });

  it(`GET /compliance runs ${COMPLIANCE_STATEMENTS} statements, filtered or not, for a director and an administrator`, async () => {
    for (const [user, q] of [
      [w.mdUser, ""],
      [w.mdUser, `standing=NOT_IN_GOOD_ORDER&expiring=60&carrier=${w.carrier1}&state=TX&credential=EO`],
      [w.admin, "state=TX"],
    ] as const) {
      const cookie = await cookieOf(user);
      const get = () => complianceLoader({ request: new Request(`${APP_URL}/compliance?${q}`, { headers: { Cookie: cookie } }), params: {}, context: {} });
      await get(); // the session's last-seen touch is not part of the count
      const counted = await countStatements(get);
      expect(counted.count, counted.recent.join("\n")).toBe(COMPLIANCE_STATEMENTS);
    }
  });
});

describe("the pipeline card", () => {
  it("counts the downline's agents not in good order", async () => {
    expect((await getPipeline(w.mdUser.id)).notInGoodOrder).toBe(2);
    expect((await getPipeline(w.bUser.id)).notInGoodOrder).toBe(1);
    expect((await getPipeline(w.otherUser.id)).notInGoodOrder).toBe(1);
  });
});

describe("the export", () => {
  async function exportAs(user: User, query: string) {
    const cookie = await cookieOf(user);
    const body = new URLSearchParams(query);
    body.set("reportId", String(COMPLIANCE_REPORT_ID));
    const request = new Request(`${APP_URL}/compliance?${query}`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body,
    });
    const r = await call(() => complianceAction({ request, params: {}, context: {} }));
    expect(r.status).toBe(302);
    expect(r.location).toContain("queued=1");
    const req = await prisma.reportRequest.findFirstOrThrow({ where: { requestedById: user.id, reportId: COMPLIANCE_REPORT_ID }, orderBy: { reportRequestId: "desc" } });
    expect(req.statusCode).toBe(REPORT_STATUS.PENDING);
    expect(await runReport(req.reportRequestId)).toMatchObject({ status: "COMPLETED" });
    const dl = await call(() =>
      downloadRoute({ request: new Request(`${APP_URL}/reports/${req.reportRequestId}/download`, { headers: { Cookie: cookie } }), params: { id: String(req.reportRequestId) }, context: {} }),
    );
    expect(dl.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await (dl.body as Response).arrayBuffer()) as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    const rows: Record<string, unknown>[] = [];
    ws.eachRow((row, n) => {
      if (n === 1) return;
      const v = (row.values as unknown[]).slice(1);
      rows.push(Object.fromEntries(header.map((h, i) => [h, v[i]])));
    });
    return { req, rows };
  }

  it("queues report 3 and the job writes the view's rows, in its order, for a director", async () => {
    for (const q of ["", "state=TX", `standing=NOT_IN_GOOD_ORDER&carrier=${w.carrier1}`]) {
      const { req, rows } = await exportAs(w.mdUser, q);
      const page = (await view(w.mdUser, `${q}&pageSize=100`)).data;
      expect(rows.map((r) => String(r["Agent Number"])), q).toEqual(page.rows.map((r) => r.agentNumber));
      expect(rows.map((r) => r["Agent Number"])).not.toContain(w.o2.agentNumber);
      if (q === "state=TX") expect(req.filterText).toBe("State: Texas");
    }
    const { rows } = await exportAs(w.mdUser, "standing=NOT_IN_GOOD_ORDER");
    const c = rows.find((r) => r["Agent Number"] === w.c.agentNumber)!;
    expect(c.Standing).toBe("Not in good order");
    expect(String(c.Reasons)).toContain("California");
    expect(c["Next Expiry"]).toBeInstanceOf(Date);
  });

  it("an administrator's export holds every agent", async () => {
    const { rows } = await exportAs(w.admin, "");
    expect(rows.map((r) => String(r["Agent Number"])).sort()).toEqual(sorted(w.b, w.c, w.s, w.x, w.o2));
  });

  it("a filter that cannot be read queues nothing", async () => {
    const cookie = await cookieOf(w.bUser);
    const before = await prisma.reportRequest.count();
    const request = new Request(`${APP_URL}/compliance`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ reportId: "3", state: "ZZ" }),
    });
    expect((await call(() => complianceAction({ request, params: {}, context: {} }))).status).toBe(400);
    expect(await prisma.reportRequest.count()).toBe(before);
  });
});
