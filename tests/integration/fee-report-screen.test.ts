// ADMIN > State Filings > Fee report (issue 37 item 7, decision 0117) without JavaScript, on a
// portal of its own: the filings' page links to it; a month preset fills the period in; a reversed
// period is refused (400, the message beside its field, what was typed kept); a good one queues
// report 4 (a Notice), which the report job runs and REPORT RESULTS downloads; the filing's detail
// shows its fee, how it is paid and when it is charged (an accepted within-days filing records its
// first business, which charges it); a director is refused 403 (GET and POST,
// nothing queued).
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOf } from "~/features/licences/status";
import { FEE_REPORT_ID, FEE_REPORT_MESSAGES as M, monthPresets } from "~/features/state-filings/fee-report";
import { prisma } from "~/lib/db.server";
import { startApp, type AppHandle } from "../support/app-server";
import { signInToApp, visitorSignIn } from "../support/app-sign-in";
import { DEMO } from "../support/browser";
import { useTestDatabase } from "../support/db";
import type { Visitor } from "../support/form-driver";
import { buildIfStale } from "../support/global-app";
import { waitFor } from "../support/wait";

const db = useTestDatabase();
let app: AppHandle;
let admin: Visitor;
let filingId: string;
let withinDaysId: string;
const preset = monthPresets(dayOf(new Date()))[1]!; // last month: a whole one, in the past
const mdy = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;

beforeAll(async () => {
  buildIfStale();
  app = await startApp({ databaseUrl: db.url });
  ({ visitor: admin } = await visitorSignIn(app, DEMO.admin));
  const a = await prisma.agent.findFirstOrThrow({ where: { user: { userName: DEMO.agent } }, orderBy: { id: "asc" }, include: { block: true } });
  // A pre-appointment fee paid by card, filed on the last month's first day.
  const f = await prisma.appointmentFiling.create({
    data: {
      agentId: a.id,
      npn: "8800011",
      stateCode: "PA",
      lineOfAuthority: "ACCIDENT_HEALTH",
      carrierId: a.block.carrierId,
      feeAmount: "15.00",
      feePaidBy: "CARD",
      feeChargedWhen: "FILING",
      status: "FILED",
      filedDate: new Date(`${preset.from}T00:00:00Z`),
    },
  });
  filingId = f.id;
  // A within-days state's filing, accepted, its fee waiting for the first business.
  await prisma.stateRule.update({ where: { stateCode: "NY" }, data: { appointmentTiming: "WITHIN_DAYS", appointmentDays: 10 } });
  const ny = await prisma.appointmentFiling.create({
    data: { agentId: a.id, npn: "8800011", stateCode: "NY", lineOfAuthority: "ACCIDENT_HEALTH", carrierId: a.block.carrierId, feeAmount: "20.00", feeChargedWhen: "FIRST_BUSINESS", status: "ACCEPTED" },
  });
  withinDaysId = ny.id;
}, 300_000);
afterAll(async () => {
  await app?.dispose();
});

const requestsOf = (userName: string) => prisma.reportRequest.findMany({ where: { reportId: FEE_REPORT_ID, requestedBy: { userName } }, orderBy: { reportRequestId: "asc" } });

describe("ADMIN > State Filings > Fee report", () => {
  it("a preset fills the period; a reversed one is refused beside its field; a good one is queued, run and downloaded", async () => {
    let page = await (await admin.get(`${app.url}/admin/state-filings`)).follow("Fee report");
    expect(page.pathname).toBe("/admin/state-filings/fees");
    expect(page.heading()).toBe("Fee report");
    page = await page.follow(preset.label);
    expect([page.form("Request the fee report").value("First day"), page.form("Request the fee report").value("Last day")]).toEqual([preset.from, preset.to]);

    page = await page.form("Request the fee report").fill("First day", preset.to).fill("Last day", preset.from).submit("Request the fee report");
    expect(page.status).toBe(400);
    expect(page.fieldError("Last day")).toBe(M.reversed);
    expect(page.banners().join(" ")).toContain(M.refusedTitle);
    expect(page.form("Request the fee report").value("First day")).toBe(preset.to);
    expect(await requestsOf(DEMO.admin)).toHaveLength(0);

    page = await page.form("Request the fee report").fill("First day", preset.from).fill("Last day", preset.to).submit("Request the fee report");
    expect(page.status).toBe(200);
    expect(page.banners().join(" ")).toContain("Your report request was successfully queued up.");
    const [queued] = await requestsOf(DEMO.admin);
    expect(queued).toMatchObject({ filterText: `Fees charged ${mdy(preset.from)} to ${mdy(preset.to)}` });
    // The portal's own job runner takes it at once.
    await waitFor("the report", async () => (await prisma.reportRequest.findUniqueOrThrow({ where: { reportRequestId: queued!.reportRequestId } })).statusCode === "RPTSTATUS_COMPLETED", 30_000);
    const dl = await fetch(`${app.url}/reports/${queued!.reportRequestId}/download`, { headers: { Cookie: admin.cookies(app.url) } });
    expect(dl.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await dl.arrayBuffer());
    expect(wb.worksheets.map((w) => w.name)).toEqual(["Fees by state", "Fee detail"]);
    expect((wb.worksheets[0]!.getRow(2).values as unknown[]).slice(1, 2)).toEqual(["PA"]);
    expect(wb.worksheets[1]!.getRow(2).getCell(7).value).toBe("Paid by credit card");
  });

  it("the filing's detail shows its fee, how it is paid and when it is charged", async () => {
    const page = await admin.get(`${app.url}/admin/state-filings?status=ALL&filing=${filingId}`);
    expect(page.shows(`$15.00, paid by credit card; charged when filed (pre-appointment state): ${mdy(preset.from)}`)).toBe(true);
  });

  it("an accepted within-days filing records its first business, which charges its fee", async () => {
    let page = await admin.get(`${app.url}/admin/state-filings?status=ALL&filing=${withinDaysId}`);
    expect(page.shows("$20.00, deducted from commissions; charged at the first business, not yet")).toBe(true);
    const fb = dayOf(new Date(Date.now() - 86_400_000));
    page = await page.form("Record the first business").fill("First business on", fb).submit("Record the first business");
    expect(page.status).toBe(200);
    page = await admin.get(`${app.url}/admin/state-filings?status=ALL&filing=${withinDaysId}`);
    expect(page.shows(`$20.00, deducted from commissions; charged at the first business: ${mdy(fb)}`)).toBe(true);
  });

  it("a director is refused (403) and queues nothing", async () => {
    const md = await signInToApp(app, DEMO.marketingDirector);
    expect((await fetch(`${app.url}/admin/state-filings/fees`, { headers: { Cookie: md } })).status).toBe(403);
    const post = await fetch(`${app.url}/admin/state-filings/fees`, {
      method: "POST",
      headers: { Cookie: md, Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ reportId: String(FEE_REPORT_ID), from: preset.from, to: preset.to }),
      redirect: "manual",
    });
    expect(post.status).toBe(403);
    expect(await requestsOf(DEMO.marketingDirector)).toHaveLength(0);
  });
});
