// ADMIN > State Filings > Terminations and ADMIN > Carriers (issue 37 items 3 and 5, decision
// 0118) without JavaScript, on a portal of its own, with terminations seeded for the demo agent
// and an agent of another carrier:
//  - 'Terminations' a tab away from 'Appointments' (and back); overdue first, the most overdue
//    first, then by due date; reason (code and meaning), for cause, effective and due dates;
//  - each filter (state, carrier, status, overdue) in the address;
//  - each action: mark filed (a refused date first), mark rejected (the reason required, what
//    was typed kept), resubmit, mark accepted, an old form replayed 409; each audited;
//  - the for-cause case: the notice's day (refused empty, then recorded once), the producer's
//    copy, a document refused (none, not a PDF) then uploaded, listed, downloaded (audited);
//  - a director is refused (403: the list, an action, a case document) and changes nothing;
//  - the agent page links to the deactivation for an administrator only;
//  - ADMIN > Carriers: a bad NAIC code refused beside its field (kept), a good one saved and
//    audited, and the carrier's filing, skipped by a run before, filed by the next.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileAdapter } from "~/features/state-filings/adapter.server";
import { FILING_MESSAGES as FM } from "~/features/state-filings/board";
import { TERMINATION_SCREEN_MESSAGES as M } from "~/features/state-filings/termination-board";
import { NAIC_MESSAGES } from "~/features/state-filings/naic";
import { addDays, dayOf } from "~/lib/days";
import { prisma } from "~/lib/db.server";
import { startApp, type AppHandle } from "../support/app-server";
import { signInToApp, visitorSignIn } from "../support/app-sign-in";
import { DEMO } from "../support/browser";
import { useTestDatabase } from "../support/db";
import { createAgent, createCarrierWithBlocks } from "../support/factories";
import type { Page, Visitor } from "../support/form-driver";
import { buildIfStale } from "../support/global-app";
import { eoCertificatePdf } from "../support/pdf-files";

const db = useTestDatabase();
let app: AppHandle;
let admin: Visitor;
const today = dayOf(new Date());
const date = (d: string | null) => (d ? new Date(`${d}T00:00:00Z`) : null);
const fmt = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
const PATH = "/admin/state-filings/terminations";

type Seed = { state: string; status: string; due: string; code?: string; label?: string; forCause?: boolean; rejected?: string };
let demoAgent: { id: number; agentNumber: string; blockNumber: number };
let otherCarrier: { carrierId: number };
let otherAgentId: number;
const ids: Record<string, string> = {};

async function seedTerminations(agent: { id: number; npn: string; carrierId: number }, key: string, rows: Seed[]) {
  for (const r of rows) {
    const t = await prisma.termination.create({
      data: {
        agentId: agent.id,
        npn: agent.npn,
        stateCode: r.state,
        licenceNumber: `${r.state}-9`,
        carrierId: agent.carrierId,
        reasonCode: r.code ?? "VOL",
        reasonLabel: r.label ?? "Voluntary",
        forCause: r.forCause ?? false,
        effectiveDate: date(addDays(today, -3))!,
        dueDate: date(r.due)!,
        status: r.status,
        rejectionReason: r.rejected ?? null,
        filedDate: r.status === "TO_FILE" ? null : date(addDays(today, -2)),
        source: "SCREEN",
        noticeMethod: r.forCause ? "LETTER" : null,
        producerCopyDueDate: r.forCause ? date(addDays(today, 5)) : null,
      },
    });
    ids[`${key}:${r.state}`] = t.id;
  }
}

beforeAll(async () => {
  buildIfStale();
  app = await startApp({ databaseUrl: db.url });
  ({ visitor: admin } = await visitorSignIn(app, DEMO.admin));
  const a = await prisma.agent.findFirstOrThrow({ where: { user: { userName: DEMO.agent } }, orderBy: { id: "asc" }, include: { block: true } });
  demoAgent = { id: a.id, agentNumber: a.agentNumber, blockNumber: a.blockNumber };
  await seedTerminations({ id: a.id, npn: "8800001", carrierId: a.block.carrierId }, "demo", [{ state: "OH", status: "TO_FILE", due: addDays(today, -10) }]);
  const { blocks, carrier } = await createCarrierWithBlocks(prisma, { carrierCode: "ZZTC", name: "Zeta Terminations Co", companyNumber: "ZT01", blocks: [{ blockNumber: 9902, productTypeCode: "HEALTH" }] });
  otherCarrier = carrier;
  const o = await createAgent(prisma, { blockNumber: blocks[0].blockNumber, lastName: "Outside", firstName: "Olga", hierarchyLevel: 1 });
  otherAgentId = o.id;
  await seedTerminations({ id: o.id, npn: "8800002", carrierId: carrier.carrierId }, "other", [
    { state: "NY", status: "TO_FILE", due: addDays(today, -5) },
    { state: "PA", status: "TO_FILE", due: addDays(today, 10) },
    { state: "GA", status: "FILED", due: addDays(today, -20) },
    { state: "FL", status: "TO_FILE", due: addDays(today, -1), code: "MOFL", label: "Misappropriation of funds", forCause: true },
    { state: "TX", status: "REJECTED", due: addDays(today, -2), rejected: "Unknown licence" },
    { state: "IL", status: "ACCEPTED", due: addDays(today, -30) },
  ]);
}, 300_000);
afterAll(async () => {
  await app?.dispose();
});

const list = (q = "") => admin.get(`${app.url}${PATH}${q}`);
/** The body rows: [agent, state, reason, for cause, effective, due, status, actions]. */
const body = (page: Page) => page.within("region", "State terminations").rows().slice(1);
const statesOf = (page: Page) => body(page).map((r) => r[1]);
const terminationOf = (key: string) => prisma.termination.findUniqueOrThrow({ where: { id: ids[key] } });
const open = (key: string) => admin.get(`${app.url}${PATH}?termination=${ids[key]}`);

describe("ADMIN > State Filings > Terminations", () => {
  it("a tab away from the appointments: overdue first with how overdue, then by due date; reason, for cause, dates", async () => {
    let page = await (await admin.get(`${app.url}/home`)).within("navigation", "Main").toggle("ADMIN").follow("State Filings");
    page = await page.within("navigation", "State filings").follow("Terminations");
    expect(page.pathname).toBe(PATH);
    expect(statesOf(page)).toEqual(["Ohio (OH)", "New York (NY)", "Florida (FL)", "Georgia (GA)", "Texas (TX)", "Pennsylvania (PA)"]);
    const rows = body(page);
    expect(rows[0][0]).toContain(`#${demoAgent.agentNumber}`);
    expect(rows[0][5]).toBe(`${fmt(addDays(today, -10))} Overdue by 10 days`);
    expect(rows[2]).toEqual([expect.stringContaining("Outside, Olga"), "Florida (FL)", "MOFL Misappropriation of funds", "Yes", fmt(addDays(today, -3)), `${fmt(addDays(today, -1))} Overdue by 1 day`, "To file", expect.stringMatching(/^Case and actions/)]);
    expect(rows[1][3]).toBe("No");
    expect(rows[3][6]).toBe(`Filed, awaiting the state Filed ${fmt(addDays(today, -2))}`);
    expect(rows[4][6]).toContain("The state's reason: Unknown licence");
    expect(rows[5][5]).toBe(`${fmt(addDays(today, 10))} Due in 10 days`);
    page = await page.within("navigation", "State filings").follow("Appointments");
    expect(page.pathname).toBe("/admin/state-filings");
  });

  it("filters by state, carrier, status and overdue, in the address", async () => {
    let page = await list();
    page = await page.form("Filter the terminations").select("State", "New York (NY)").submit("Filter");
    expect(page.searchParams.get("state")).toBe("NY");
    expect(statesOf(page)).toEqual(["New York (NY)"]);
    page = await page.form("Filter the terminations").select("State", "All states").select("Carrier", "Zeta Terminations Co (ZZTC)").submit("Filter");
    expect(statesOf(page)).toEqual(["New York (NY)", "Florida (FL)", "Georgia (GA)", "Texas (TX)", "Pennsylvania (PA)"]);
    page = await page.form("Filter the terminations").select("Carrier", "All carriers").select("Status", "Accepted").submit("Filter");
    expect(statesOf(page)).toEqual(["Illinois (IL)"]);
    page = await page.form("Filter the terminations").select("Status", "All statuses").submit("Filter");
    expect(statesOf(page)).toHaveLength(7);
    page = await page.form("Filter the terminations").select("Status", /^Needing attention/).select("Due", "Overdue").submit("Filter");
    expect(statesOf(page)).toEqual(["Ohio (OH)", "New York (NY)", "Florida (FL)"]);
    expect((await list("?status=bogus&state=%27x")).status).toBe(200);
  });

  it("marks filed (a refused date first), rejected (the reason kept), resubmits, accepts; replayed 409; audited", async () => {
    let page = await open("other:NY");
    expect(page.heading(2)).toContain("Termination: Outside, Olga");
    page = await page.form("Mark filed").fill("Filed on", "").submit("Mark filed");
    expect(page.status).toBe(400);
    expect(page.fieldError("Filed on")).toBe(FM.dateRequired);
    expect(page.banners().join(" ")).toContain(M.refusedTitle);
    expect((await terminationOf("other:NY")).status).toBe("TO_FILE");
    const filedOn = addDays(today, -1);
    page = await page.form("Mark filed").fill("Filed on", filedOn).submit("Mark filed");
    expect(page.pathname).toBe(PATH);
    expect(page.banners().join(" ")).toContain(M.done["mark-filed"].title);
    const filed = await terminationOf("other:NY");
    expect([filed.status, dayOf(filed.filedDate!)]).toEqual(["FILED", filedOn]);
    // termination.filed with the change, as a filing run's marking sends it.
    expect(await prisma.webhookEvent.count({ where: { type: "termination.filed", subjectId: filed.id } })).toBe(1);

    page = await open("other:NY");
    page = await page.form("Mark rejected").fill("The state's reason", "   ").submit("Mark rejected");
    expect(page.status).toBe(400);
    expect(page.fieldError("The state's reason")).toBe(FM.rejectionReasonRequired);
    expect(page.form("Mark rejected").value("The state's reason")).toBe("   ");
    page = await page.form("Mark rejected").fill("The state's reason", "Wrong reason code").submit("Mark rejected");
    expect(page.banners().join(" ")).toContain(M.done["mark-rejected"].title);
    const rejected = await terminationOf("other:NY");
    expect(rejected).toMatchObject({ status: "REJECTED", rejectionReason: "Wrong reason code" });
    expect(rejected.answeredAt).not.toBeNull();

    page = await open("other:NY");
    page = await page.form("Resubmit").submit("Resubmit");
    expect(page.banners().join(" ")).toContain(M.done.resubmit.title);
    expect(await terminationOf("other:NY")).toMatchObject({ status: "TO_FILE", rejectionReason: null, filedDate: null, answeredAt: null, filingBatchId: null });

    page = await open("other:GA");
    page = await page.form("Mark accepted").submit("Mark accepted");
    expect(page.banners().join(" ")).toContain(M.done["mark-accepted"].title);
    expect((await terminationOf("other:GA")).status).toBe("ACCEPTED");
    const again = await fetch(`${app.url}${PATH}?termination=${ids["other:GA"]}`, {
      method: "POST",
      headers: { Cookie: admin.cookies(app.url), Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "mark-rejected", terminationId: ids["other:GA"], reason: "Late" }),
      redirect: "manual",
    });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(M.changedMeanwhile);
    expect((await terminationOf("other:GA")).status).toBe("ACCEPTED");

    const audits = await prisma.auditLog.findMany({ where: { action: "TERMINATION_STATUS_CHANGED", targetId: { in: [ids["other:NY"], ids["other:GA"]] } }, orderBy: { id: "asc" } });
    expect(audits.map((x) => (x.details as { action: string }).action)).toEqual(["mark-filed", "mark-rejected", "resubmit", "mark-accepted"]);
    expect(audits[0].details).toMatchObject({ from: "TO_FILE", to: "FILED", filedDate: filedOn, stateCode: "NY", agentId: otherAgentId });
    expect(audits.every((x) => x.actorUserId && x.targetType === "Termination")).toBe(true);
  });

  it("the for-cause case: the notice's day, the producer's copy, documents uploaded and downloaded", async () => {
    let page = await open("other:FL");
    const facts = page.within("region", "The for-cause case").text();
    expect(facts).toContain("MOFL Misappropriation of funds");
    expect(facts).toContain("By letter to the commissioner, not yet sent");
    expect(facts).toContain(`Due ${fmt(addDays(today, 5))}, not yet sent`);
    page = await page.form("Record the notice").fill("Notice sent to the commissioner on", "").submit("Record the notice");
    expect(page.status).toBe(400);
    expect(page.fieldError("Notice sent to the commissioner on")).toBe(FM.dateRequired);
    const sentOn = addDays(today, -1);
    page = await page.form("Record the notice").fill("Notice sent to the commissioner on", sentOn).submit("Record the notice");
    expect(page.banners().join(" ")).toContain(M.done["notice-sent"].title);
    expect(page.searchParams.get("termination")).toBe(ids["other:FL"]);
    expect(page.within("region", "The for-cause case").text()).toContain(`By letter to the commissioner, sent ${fmt(sentOn)}`);
    expect(page.all("form", "Record the notice")).toHaveLength(0);
    expect(dayOf((await terminationOf("other:FL")).noticeSentOn!)).toBe(sentOn);
    expect(await prisma.auditLog.count({ where: { action: "TERMINATION_NOTICE_RECORDED", targetId: ids["other:FL"] } })).toBe(1);

    // No file, then not a PDF: refused beside the field, nothing kept.
    page = await page.form("Add the document").submit("Add the document");
    expect(page.status).toBe(400);
    expect(page.fieldError(/^Case document/)).toBe(M.documentRequired);
    page = await page.form("Add the document").attach(/^Case document/, { name: "notes.pdf", mimeType: "application/pdf", buffer: "not a pdf at all" }).submit("Add the document");
    expect(page.status).toBe(400);
    expect(page.fieldError(/^Case document/)).toBe(M.documentNotPdf);
    expect(await prisma.terminationDocument.count({ where: { terminationId: ids["other:FL"] } })).toBe(0);
    const pdf = await eoCertificatePdf();
    page = await page.form("Add the document").attach(/^Case document/, { name: "complaint-letter.pdf", mimeType: "application/pdf", buffer: pdf }).submit("Add the document");
    expect(page.banners().join(" ")).toContain(M.done["add-document"].title);
    const docs = page.within("list", "Case documents");
    expect(docs.text()).toContain("complaint-letter.pdf");
    const href = docs.link("complaint-letter.pdf");
    const got = await fetch(href, { headers: { Cookie: admin.cookies(app.url) } });
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await got.arrayBuffer()).equals(pdf)).toBe(true);
    expect(await prisma.auditLog.count({ where: { action: "CASE_DOCUMENT_ADDED", targetId: ids["other:FL"] } })).toBe(1);
    expect(await prisma.auditLog.count({ where: { action: "CASE_DOCUMENT_DOWNLOADED", targetId: ids["other:FL"] } })).toBe(1);

    // Not for cause: no case, and a document posted to it anyway is refused.
    page = await open("other:PA");
    expect(page.all("region", "The for-cause case")).toHaveLength(0);
    const form = new FormData();
    form.set("intent", "add-document");
    form.set("terminationId", ids["other:PA"]);
    form.set("document", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), "letter.pdf");
    const refusedUpload = await fetch(`${app.url}${PATH}?termination=${ids["other:PA"]}`, { method: "POST", headers: { Cookie: admin.cookies(app.url), Origin: app.url }, body: form, redirect: "manual" });
    expect(refusedUpload.status).toBe(409);
    expect(await refusedUpload.text()).toContain(M.notForCause);
    expect(await prisma.terminationDocument.count({ where: { terminationId: ids["other:PA"] } })).toBe(0);
  });

  it("a director is refused (403): the list, an action, a case document; nothing changed", async () => {
    const md = await signInToApp(app, DEMO.marketingDirector);
    expect((await fetch(`${app.url}${PATH}`, { headers: { Cookie: md } })).status).toBe(403);
    const post = await fetch(`${app.url}${PATH}`, {
      method: "POST",
      headers: { Cookie: md, Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "mark-filed", terminationId: ids["other:PA"], date: today }),
      redirect: "manual",
    });
    expect(post.status).toBe(403);
    expect((await terminationOf("other:PA")).status).toBe("TO_FILE");
    const doc = await prisma.terminationDocument.findFirstOrThrow({ where: { terminationId: ids["other:FL"] } });
    expect((await fetch(`${app.url}/admin/state-filings/case-documents/${doc.storedFileId}`, { headers: { Cookie: md } })).status).toBe(403);
    expect((await fetch(`${app.url}/admin/carriers`, { headers: { Cookie: md } })).status).toBe(403);
  });

  it("the agent page links to the deactivation and to 'Appoint in another state' for an administrator, not for a director", async () => {
    const { visitor: md } = await visitorSignIn(app, DEMO.marketingDirector);
    const positions = await prisma.agent.findMany({ where: { user: { userName: DEMO.marketingDirector } }, select: { id: true, blockNumber: true } });
    const h = positions.find((p) => p.blockNumber === demoAgent.blockNumber)!.id;
    const url = `${app.url}/agent?h=${h}&agentNumber=${demoAgent.agentNumber}`;
    expect((await md.get(url)).all("link", "Deactivate agent")).toHaveLength(0);
    expect((await md.get(url)).all("link", "Appoint in another state")).toHaveLength(0);
    // The same person made an administrator: the link, to the deactivation form.
    await prisma.user.update({ where: { userName: DEMO.marketingDirector }, data: { isInternal: true } });
    try {
      const page = await md.get(url);
      expect(page.link("Deactivate agent")).toBe(`${app.url}/admin/agents/${demoAgent.id}/deactivate`);
      expect(page.link("Appoint in another state")).toBe(`${app.url}/admin/agents/${demoAgent.id}/states`);
      // An inactive agent: no link.
      await prisma.agent.update({ where: { id: demoAgent.id }, data: { isActive: false } });
      expect((await md.get(url)).all("link", "Deactivate agent")).toHaveLength(0);
    } finally {
      await prisma.agent.update({ where: { id: demoAgent.id }, data: { isActive: true } });
      await prisma.user.update({ where: { userName: DEMO.marketingDirector }, data: { isInternal: false } });
    }
  });
});

describe("ADMIN > Carriers", () => {
  it("a bad NAIC code is refused beside its field; a good one saved, audited; the carrier's filing then filed", async () => {
    const filing = await prisma.appointmentFiling.create({
      data: { agentId: otherAgentId, npn: "8800002", stateCode: "OR", lineOfAuthority: "ACCIDENT_HEALTH", licenceNumber: "OR-9", carrierId: otherCarrier.carrierId, effectiveDate: date(today), dueDate: date(addDays(today, -1)), feeAmount: "15.00", status: "TO_FILE" },
    });
    const period = { from: addDays(today, -40), to: today };
    const before = await fileAdapter().run({ period, actorId: null });
    expect(before.skipped).toContainEqual({ filingId: filing.id, reason: "NAIC_MISSING" });

    let page = await (await admin.get(`${app.url}/home`)).within("navigation", "Main").toggle("ADMIN").follow("Carriers");
    expect(page.pathname).toBe("/admin/carriers");
    const row = body2(page).find((r) => r[0] === "Zeta Terminations Co (ZZTC)")!;
    expect(row[2]).toBe("1");
    const naicForm = () => page.form("NAIC company code of Zeta Terminations Co");
    // The browser refuses it (the field's pattern, naic.ts's); one that does not check: the server.
    expect(naicForm().fill(/^NAIC company code/, "12a45").refusals(/^Save/)).toEqual([{ control: "NAIC company code of Zeta Terminations Co", problem: "patternMismatch" }]);
    page.document.getElementById(`naic-${otherCarrier.carrierId}`)!.removeAttribute("pattern");
    page = await naicForm().fill(/^NAIC company code/, "12a45").submit(/^Save/);
    expect(page.status).toBe(400);
    expect(naicForm().value(/^NAIC company code/)).toBe("12a45");
    expect(page.fieldError(/^NAIC company code of Zeta/)).toBe(NAIC_MESSAGES.invalid);
    expect((await prisma.carrier.findUniqueOrThrow({ where: { carrierId: otherCarrier.carrierId } })).naicCompanyCode).toBeNull();
    page = await naicForm().fill(/^NAIC company code/, "12345").submit(/^Save/);
    expect(page.banners().join(" ")).toContain("The NAIC company code of Zeta Terminations Co is 12345.");
    expect((await prisma.carrier.findUniqueOrThrow({ where: { carrierId: otherCarrier.carrierId } })).naicCompanyCode).toBe("12345");
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "CARRIER_NAIC_CODE_CHANGED", targetId: String(otherCarrier.carrierId) } });
    expect(audit.details).toMatchObject({ carrierCode: "ZZTC", from: null, to: "12345" });

    const after = await fileAdapter().run({ period, actorId: null });
    expect(after.skipped.map((s) => s.filingId)).not.toContain(filing.id);
    expect((await prisma.appointmentFiling.findUniqueOrThrow({ where: { id: filing.id } })).status).toBe("FILED");
  });
});

const body2 = (page: Page) => page.within("region", "Carriers and their NAIC codes").rows().slice(1);
