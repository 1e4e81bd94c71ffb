// ADMIN > State Filings (issue 37 item 5, decision 0113) without JavaScript, on a portal of its own,
// with filings seeded for the demo agent (the demo director's downline) and an agent of another
// carrier outside it:
//  - the menu's State Filings opens the list (State rules a link away); overdue first, most
//    overdue first, with how overdue; then by due date, none last; held and rejected with their reasons;
//  - each filter (state, carrier, status, overdue) in the address;
//  - each action: mark filed (a refused date first: the message beside the field, what was typed
//    kept), mark rejected (the reason required), resubmit, mark accepted, withdraw after its
//    question, the first business of a just-in-time state; each audited, a Notice after;
//  - a director is refused 403 (GET and POST, nothing changed);
//  - the agent page's APPOINTMENT tab lists each state's appointment for the director, and an agent
//    outside her downline is 404;
//  - the compliance view counts the overdue filings for an administrator, linking to the list.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILING_MESSAGES as M } from "~/features/state-filings/board";
import { addDays } from "~/features/state-filings/due";
import { dayOf } from "~/features/licences/status";
import { prisma } from "~/lib/db.server";
import { startApp, type AppHandle } from "../support/app-server";
import { signInToApp, visitorSignIn } from "../support/app-sign-in";
import { DEMO } from "../support/browser";
import { useTestDatabase } from "../support/db";
import { createAgent, createCarrierWithBlocks } from "../support/factories";
import type { Page, Visitor } from "../support/form-driver";
import { buildIfStale } from "../support/global-app";

const db = useTestDatabase();
let app: AppHandle;
let admin: Visitor;
const today = dayOf(new Date());
const date = (d: string | null) => (d ? new Date(`${d}T00:00:00Z`) : null);
const fmt = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;

type Seed = { state: string; status: string; due: string | null; held?: string; rejected?: string; line?: string };
let demoAgent: { id: number; agentNumber: string; parentId: number | null; blockNumber: number };
let other: { id: number; agentNumber: string; carrierId: number };
let demoCarrierId: number;
const ids: Record<string, string> = {};

async function seedFilings(agent: { id: number; npn: string; carrierId: number }, key: string, rows: Seed[]) {
  for (const r of rows) {
    const f = await prisma.appointmentFiling.create({
      data: {
        agentId: agent.id,
        npn: agent.npn,
        stateCode: r.state,
        lineOfAuthority: r.line ?? "ACCIDENT_HEALTH",
        licenceNumber: `${r.state}-1`,
        carrierId: agent.carrierId,
        effectiveDate: r.due ? date(today) : null,
        dueDate: date(r.due),
        feeAmount: "15.00",
        status: r.status,
        heldReason: r.held ?? null,
        rejectionReason: r.rejected ?? null,
      },
    });
    ids[`${key}:${r.state}`] = f.id;
  }
}

beforeAll(async () => {
  buildIfStale();
  app = await startApp({ databaseUrl: db.url });
  ({ visitor: admin } = await visitorSignIn(app, DEMO.admin));
  const a = await prisma.agent.findFirstOrThrow({ where: { user: { userName: DEMO.agent } }, orderBy: { id: "asc" }, include: { block: true } });
  demoAgent = { id: a.id, agentNumber: a.agentNumber, parentId: a.parentId, blockNumber: a.blockNumber };
  demoCarrierId = a.block.carrierId;
  // The demo agent (in the director's downline): one of each status; TX is just in time, not yet dated.
  await seedFilings({ id: a.id, npn: "8800001", carrierId: demoCarrierId }, "demo", [
    { state: "NY", status: "TO_FILE", due: addDays(today, -3) },
    { state: "PA", status: "TO_FILE", due: addDays(today, 5) },
    { state: "OH", status: "HELD", due: addDays(today, -1), held: "LICENCE_EXPIRED" },
    { state: "GA", status: "FILED", due: addDays(today, -20) },
    { state: "FL", status: "REJECTED", due: addDays(today, -30), rejected: "Licence number does not match" },
    { state: "TX", status: "TO_FILE", due: null },
    { state: "IL", status: "ACCEPTED", due: addDays(today, -40) },
  ]);
  // Another carrier's agent, outside the director's downline: the most overdue.
  const { blocks, carrier } = await createCarrierWithBlocks(prisma, { carrierCode: "ZZFC", name: "Zeta Filing Co", companyNumber: "ZZ01", blocks: [{ blockNumber: 9901, productTypeCode: "HEALTH" }] });
  const o = await createAgent(prisma, { blockNumber: blocks[0].blockNumber, lastName: "Outside", firstName: "Olga", hierarchyLevel: 1 });
  other = { id: o.id, agentNumber: o.agentNumber, carrierId: carrier.carrierId };
  await seedFilings({ id: o.id, npn: "8800002", carrierId: carrier.carrierId }, "other", [{ state: "NY", status: "TO_FILE", due: addDays(today, -10) }]);
}, 300_000);
afterAll(async () => {
  await app?.dispose();
});

const list = (q = "") => admin.get(`${app.url}/admin/state-filings${q}`);
/** The body rows: [agent, state, line, carrier, due, status, fee, actions]. */
const body = (page: Page) => page.within("region", "State filings").rows().slice(1);
const statesOf = (page: Page) => body(page).map((r) => r[1]);
const filingOf = (key: string) => prisma.appointmentFiling.findUniqueOrThrow({ where: { id: ids[key] } });
const openActions = (key: string) => admin.get(`${app.url}/admin/state-filings?filing=${ids[key]}`);

describe("ADMIN > State Filings", () => {
  it("the menu opens the list: overdue first with how overdue, then by due date; held and rejected with reasons", async () => {
    let page = await (await admin.get(`${app.url}/home`)).within("navigation", "Main").toggle("ADMIN").follow("State Filings");
    expect(page.pathname).toBe("/admin/state-filings");
    expect(page.heading()).toBe("State Filings");
    expect(statesOf(page)).toEqual(["New York (NY)", "New York (NY)", "Ohio (OH)", "Florida (FL)", "Georgia (GA)", "Pennsylvania (PA)", "Texas (TX)"]);
    const rows = body(page);
    expect(rows[0][0]).toContain("Outside, Olga");
    expect(rows[0][4]).toBe(`${fmt(addDays(today, -10))} Overdue by 10 days`);
    expect(rows[1][4]).toBe(`${fmt(addDays(today, -3))} Overdue by 3 days`);
    expect(rows[2][4]).toBe(`${fmt(addDays(today, -1))} Overdue by 1 day`);
    expect(rows[2][5]).toContain("Held");
    expect(rows[2][5]).toContain("The license for Ohio has expired");
    expect(rows[3][5]).toBe("Rejected The state's reason: Licence number does not match");
    expect(rows[4][5]).toBe("Filed, awaiting the state");
    expect(rows[5][4]).toBe(`${fmt(addDays(today, 5))} Due in 5 days`);
    expect(rows[6][4]).toBe("At the first business");
    expect(page.shows("8 total records")).toBe(false);
    expect(page.shows("7 total records")).toBe(true);
    // The state rules, a link away, and back.
    page = await page.follow("State rules");
    expect(page.heading()).toBe("State rules");
    page = await page.follow("Back to the filings");
    expect(page.pathname).toBe("/admin/state-filings");
  });

  it("filters by state, carrier, status and overdue, in the address", async () => {
    let page = await list();
    page = await page.form("Filter").select("State", "New York (NY)").submit("Filter");
    expect(page.searchParams.get("state")).toBe("NY");
    expect(statesOf(page)).toEqual(["New York (NY)", "New York (NY)"]);
    page = await page.form("Filter").select("State", "All states").select("Carrier", "Zeta Filing Co (ZZFC)").submit("Filter");
    expect(body(page).map((r) => r[0].split(" #")[0])).toEqual(["Outside, Olga"]);
    page = await page.form("Filter").select("Carrier", "All carriers").select("Status", "Accepted").submit("Filter");
    expect(statesOf(page)).toEqual(["Illinois (IL)"]);
    page = await page.form("Filter").select("Status", "All statuses").submit("Filter");
    expect(statesOf(page)).toHaveLength(8);
    page = await page.form("Filter").select("Status", /^Needing attention/).select("Due", "Overdue").submit("Filter");
    expect(statesOf(page)).toEqual(["New York (NY)", "New York (NY)", "Ohio (OH)"]);
    expect(page.form("Filter").value("Due")).toBe("overdue");
  });

  it("marks filed (a refused date kept beside its field), rejected (reason required), resubmits, accepts; audited", async () => {
    let page = await openActions("demo:NY");
    expect(page.heading(2)).toBeDefined();
    page = await page.form("Mark filed").fill("Filed on", "").submit("Mark filed");
    expect(page.status).toBe(400);
    expect(page.fieldError("Filed on")).toBe(M.dateRequired);
    expect(page.banners().join(" ")).toContain(M.refusedTitle);
    expect((await filingOf("demo:NY")).status).toBe("TO_FILE");
    const filedOn = addDays(today, -1);
    page = await page.form("Mark filed").fill("Filed on", filedOn).submit("Mark filed");
    expect(page.status).toBe(200);
    expect(page.banners().join(" ")).toContain(M.done["mark-filed"].title);
    const filed = await filingOf("demo:NY");
    expect([filed.status, dayOf(filed.filedDate!)]).toEqual(["FILED", filedOn]);

    page = await openActions("demo:NY");
    page = await page.form("Mark rejected").fill("The state's reason", "   ").submit("Mark rejected");
    expect(page.status).toBe(400);
    expect(page.fieldError("The state's reason")).toBe(M.rejectionReasonRequired);
    expect(page.form("Mark rejected").value("The state's reason")).toBe("   ");
    page = await page.form("Mark rejected").fill("The state's reason", "Wrong NAIC code").submit("Mark rejected");
    expect(page.banners().join(" ")).toContain(M.done["mark-rejected"].title);
    expect(await filingOf("demo:NY")).toMatchObject({ status: "REJECTED", rejectionReason: "Wrong NAIC code" });

    page = await openActions("demo:NY");
    page = await page.form("Resubmit").submit("Resubmit");
    expect(page.banners().join(" ")).toContain(M.done.resubmit.title);
    expect(await filingOf("demo:NY")).toMatchObject({ status: "TO_FILE", rejectionReason: null, filedDate: null });

    page = await openActions("demo:GA");
    page = await page.form("Mark accepted").submit("Mark accepted");
    expect(page.banners().join(" ")).toContain(M.done["mark-accepted"].title);
    expect((await filingOf("demo:GA")).status).toBe("ACCEPTED");
    // Accepted: nothing more to do, and an old form sent again is refused, nothing changed.
    page = await openActions("demo:GA");
    expect(page.shows(/Nothing more to do/)).toBe(true);
    const again = await fetch(`${app.url}/admin/state-filings?index&filing=${ids["demo:GA"]}`, {
      method: "POST",
      headers: { Cookie: admin.cookies(app.url), Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "mark-rejected", filingId: ids["demo:GA"], reason: "Late" }),
      redirect: "manual",
    });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(M.changedMeanwhile);
    expect((await filingOf("demo:GA")).status).toBe("ACCEPTED");
    // A filing id that is not one (a tampered form): not found, not a server error.
    const forged = await fetch(`${app.url}/admin/state-filings?index`, {
      method: "POST",
      headers: { Cookie: admin.cookies(app.url), Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "mark-filed", filingId: "not-a-uuid", date: "2026-12-01" }),
      redirect: "manual",
    });
    expect(forged.status).toBe(404);

    const audits = await prisma.auditLog.findMany({ where: { action: "FILING_STATUS_CHANGED", targetId: { in: [ids["demo:NY"], ids["demo:GA"]] } }, orderBy: { id: "asc" } });
    expect(audits.map((x) => (x.details as { action: string }).action)).toEqual(["mark-filed", "mark-rejected", "resubmit", "mark-accepted"]);
    expect(audits[0].details).toMatchObject({ from: "TO_FILE", to: "FILED", filedDate: filedOn, stateCode: "NY" });
    expect(audits.every((x) => x.actorUserId && x.targetType === "AppointmentFiling")).toBe(true);
  });

  it("withdraws after its question (the reason required first); records the first business of a just-in-time state", async () => {
    let page = await openActions("demo:PA");
    page = await page.form("Withdraw").submit("Withdraw");
    expect(page.status).toBe(400);
    expect(page.fieldError("Why it is withdrawn")).toBe(M.withdrawalReasonRequired);
    page = await page.form("Withdraw").fill("Why it is withdrawn", "The agent no longer sells in Pennsylvania").submit("Withdraw");
    expect(page.headings(3)).toContain(M.withdrawHeading);
    expect((await filingOf("demo:PA")).status).toBe("TO_FILE");
    page = await page.form("Yes, withdraw it").submit("Yes, withdraw it");
    expect(page.banners().join(" ")).toContain(M.done.withdraw.title);
    expect(await filingOf("demo:PA")).toMatchObject({ status: "WITHDRAWN", withdrawnReason: "The agent no longer sells in Pennsylvania" });

    page = await openActions("demo:TX");
    // A day after today: the browser refuses it (the field's max), the server too (filings.server.ts).
    expect(page.form("Record the first business").fill("First business on", addDays(today, 2)).refusals("Record the first business")).toEqual([{ control: "First business on", problem: "rangeOverflow" }]);
    page = await page.form("Record the first business").fill("First business on", "").submit("Record the first business");
    expect(page.status).toBe(400);
    expect(page.fieldError("First business on")).toBe(M.dateRequired);
    const fb = addDays(today, -2);
    page = await page.form("Record the first business").fill("First business on", fb).submit("Record the first business");
    expect(page.banners().join(" ")).toContain(M.done["first-business"].title);
    const tx = await filingOf("demo:TX");
    expect([dayOf(tx.firstBusinessDate!), dayOf(tx.dueDate!)]).toEqual([fb, addDays(fb, 15)]);
    expect(await prisma.auditLog.count({ where: { action: "FIRST_BUSINESS_RECORDED", targetId: String(demoAgent.id) } })).toBe(1);
  });

  it("a director is refused (403) and changes nothing", async () => {
    const md = await signInToApp(app, DEMO.marketingDirector);
    expect((await fetch(`${app.url}/admin/state-filings`, { headers: { Cookie: md } })).status).toBe(403);
    const post = await fetch(`${app.url}/admin/state-filings?index`, {
      method: "POST",
      headers: { Cookie: md, Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "mark-accepted", filingId: ids["other:NY"] }),
      redirect: "manual",
    });
    expect(post.status).toBe(403);
    expect((await filingOf("other:NY")).status).toBe("TO_FILE");
  });

  it("the agent page lists each state's appointment for the upline; an agent outside the downline is 404", async () => {
    const { visitor: md } = await visitorSignIn(app, DEMO.marketingDirector);
    const positions = await prisma.agent.findMany({ where: { user: { userName: DEMO.marketingDirector } }, select: { id: true, blockNumber: true } });
    const h = positions.find((p) => p.blockNumber === demoAgent.blockNumber)!.id;
    const page = await md.get(`${app.url}/agent?h=${h}&agentNumber=${demoAgent.agentNumber}&tab=appointment`);
    expect(page.status).toBe(200);
    const items = Array.from(page.document.querySelectorAll("[data-testid=state-appointments] li")).map((li) => li.textContent?.trim());
    expect(items).toEqual([
      "Florida, Accident & Health: Rejected (The state's reason: Licence number does not match)",
      "Georgia, Accident & Health: Accepted (In effect from " + fmt(today) + ")",
      "Illinois, Accident & Health: Accepted (In effect from " + fmt(today) + ")",
      "New York, Accident & Health: To file (Due " + fmt(addDays(today, -3)) + ")",
      expect.stringMatching(/^Ohio, Accident & Health: Held \(The license for Ohio has expired/),
      "Pennsylvania, Accident & Health: Withdrawn",
      "Texas, Accident & Health: To file (Due " + fmt(addDays(addDays(today, -2), 15)) + ")",
    ]);
    expect((await md.get(`${app.url}/agent?h=${h}&agentNumber=${other.agentNumber}&tab=appointment`)).status).toBe(404);
  });

  it("the compliance view counts the overdue filings for an administrator, linking to them", async () => {
    let page = await admin.get(`${app.url}/compliance`);
    // Overdue now: the other agent's NY (-10), the demo agent's NY (-3, to file again) and OH (held, -1).
    expect(page.link("State filings overdue: 3")).toBe(`${app.url}/admin/state-filings?due=overdue`);
    page = await page.follow("State filings overdue: 3");
    expect(body(page)).toHaveLength(3);
    const { visitor: md } = await visitorSignIn(app, DEMO.marketingDirector);
    expect((await md.get(`${app.url}/compliance`)).shows(/State filings overdue/)).toBe(false);
  });
});
