// The filings' fees (issue 37 item 7, decision 0117) against a real database:
//  - a representative (the 'Pay Fees By Credit Card' block filled) pays by CARD, an individual's
//    fees are deducted from COMMISSIONS; decided at the approval (the card is erased after it),
//    kept for a state added later; the approval's fee ledger agrees;
//  - a pre-appointment state (PA) charges at filing, a within-days (NY) and a just-in-time (TX)
//    state at the first business;
//  - the fee report (report 4) through the report job: 'Fees by state' per state and carrier with
//    its totals, 'Fee detail' per filing, read back with exceljs; the period's first and last days
//    included, the days around them, rejected and withdrawn filings and those not charged yet left out.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveSection, submitApplication } from "~/features/appointment/appointment.server";
import { createFromWizard } from "~/features/appointment/create.server";
import { validApplication } from "~/features/appointment/fixtures";
import { SECTION_DATA_KEY } from "~/features/appointment/form-data";
import { DATA_SECTIONS } from "~/features/appointment/model";
import { requestFeeReport } from "~/features/reports/fee-report-request.server";
import { MAX_PENDING_REPORTS, requestReport } from "~/features/reports/reports.server";
import { runReport } from "~/features/reports/run.server";
import { approveApplication } from "~/features/review/decisions.server";
import { FEE_REPORT_ID, FEE_REPORT_MESSAGES } from "~/features/state-filings/fee-report";
import { filingsForStateAdded } from "~/features/state-filings/filings.server";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { readFileBytes } from "~/lib/storage.server";
import { useTestDatabase } from "../support/db";
import { createAgent, createCarrierWithBlocks, createLicence, createUser } from "../support/factories";
import { asUser, consent, formDataOf, newProspect, req, useWorldWithJobs, withQuestions } from "./appointment-fixtures";

useTestDatabase();
const world = useWorldWithJobs();

const admin = () => createUser(prisma, { isInternal: true, userRoleCode: "USRROLE_AGENT" });
let npnSeq = 0;
const newNpn = () => `6${String(Date.now()).slice(-6)}${npnSeq++}`;

beforeAll(async () => {
  await prisma.stateRule.update({ where: { stateCode: "NY" }, data: { appointmentTiming: "WITHIN_DAYS", appointmentDays: 10 } });
  await prisma.stateRule.update({ where: { stateCode: "PA" }, data: { renewalResidentFeeAmount: "10.00", renewalNonResidentFeeAmount: "12.50" } });
});
afterAll(async () => {
  await prisma.stateRule.update({ where: { stateCode: "NY" }, data: { appointmentTiming: "JUST_IN_TIME", appointmentDays: 15 } });
});

/** An application of `type` for `states`, submitted (a representative's through an enrollRep link: set here) and approved. */
async function approved(type: "APPTTYP_IND" | "APPTTYP_REP", states: string[]) {
  const npn = newNpn();
  for (const s of states) await createLicence(prisma, { npn, stateCode: s, licenceNumber: `${s}-${npn}`, source: "ADMIN" });
  const user = asUser(await newProspect());
  const created = await createFromWizard(user, { link: world.linkText, appointmentTypeCode: "APPTTYP_IND" });
  if (!created.ok) throw new Error(created.message);
  const id = created.appointmentId;
  if (type === "APPTTYP_REP") await prisma.appointment.update({ where: { appointmentId: id }, data: { appointmentTypeCode: type } });
  await consent(user, id);
  const data = withQuestions(validApplication(type), world);
  data.documents = { willFax: true, extraWritingNumRequested: false };
  data.fees = { ...data.fees, states };
  data.personal = { ...data.personal, nationalProducerNumber: npn };
  for (const s of DATA_SECTIONS) {
    const r = await saveSection(user, id, s, formDataOf(data[SECTION_DATA_KEY[s]]), req());
    expect(r.saved, `${s}: ${JSON.stringify(r.reply.error)}`).toBe(true);
  }
  expect((await submitApplication(user, id, req(), { cvc: "123" })).ok).toBe(true);
  const a = await admin();
  expect(await approveApplication({ appointmentId: id, adminUserId: a.id, reason: "All verified.", request: req() })).toMatchObject({ ok: true });
  const { agentId } = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id }, select: { agentId: true } });
  return { id, agentId: agentId!, admin: a };
}

const feesOf = async (agentId: number) =>
  (await prisma.appointmentFiling.findMany({ where: { agentId }, orderBy: { stateCode: "asc" } })).map((f) => [f.stateCode, f.feePaidBy, f.feeChargedWhen]);

describe("how a filing's fee is paid and when it is charged", () => {
  it("a representative pays by card; pre-appointment at filing, within days and just in time at the first business", async () => {
    const { id, agentId } = await approved("APPTTYP_REP", ["PA", "NY", "TX"]);
    expect(await feesOf(agentId)).toEqual([
      ["NY", "CARD", "FIRST_BUSINESS"],
      ["PA", "CARD", "FILING"],
      ["TX", "CARD", "FIRST_BUSINESS"],
    ]);
    // The ledger agrees; the card itself is gone after the decision, never copied.
    const ledger = await prisma.feeCollection.findMany({ where: { appointmentId: id, feeTypeCode: "STATE" } });
    expect(ledger.map((l) => l.methodCode)).toEqual(["CARD", "CARD", "CARD"]);
    expect((await prisma.appointmentCardInfo.findUniqueOrThrow({ where: { appointmentId: id } })).cardNumberEncrypted).toBeNull();
    // A state added later keeps what the approval decided (the card is erased by then).
    await createLicence(prisma, { npn: (await prisma.agent.findUniqueOrThrow({ where: { id: agentId } })).npn!, stateCode: "OH", licenceNumber: "OH-1", source: "ADMIN" });
    expect(await filingsForStateAdded(agentId, "OH", { now: new Date(), actorId: null })).toMatchObject({ created: 1 });
    expect((await feesOf(agentId)).find((f) => f[0] === "OH")).toEqual(["OH", "CARD", "FIRST_BUSINESS"]);
  });

  it("an individual's fees are deducted from commissions", async () => {
    const { id, agentId } = await approved("APPTTYP_IND", ["PA", "TX"]);
    expect(await feesOf(agentId)).toEqual([
      ["PA", "COMMISSIONS", "FILING"],
      ["TX", "COMMISSIONS", "FIRST_BUSINESS"],
    ]);
    expect((await prisma.feeCollection.findMany({ where: { appointmentId: id } })).every((l) => l.methodCode === "COMMISSION")).toBe(true);
  });
});

describe("the fee report", () => {
  type Seed = { state: string; line?: string; fee: string; by: "CARD" | "COMMISSIONS"; when: "FILING" | "FIRST_BUSINESS"; status: string; filed?: string; fb?: string };
  const date = (d?: string) => (d ? new Date(`${d}T00:00:00Z`) : null);
  let carriers: { a: { id: number; name: string }; b: { id: number; name: string } };
  const agents: Array<{ id: number; agentNumber: string; npn: string }> = [];

  async function seed(carrierBlock: number, carrierId: number, rows: Seed[]) {
    for (const r of rows) {
      const npn = newNpn();
      const a = await createAgent(prisma, { blockNumber: carrierBlock, firstName: "Fee", lastName: `Payer${agents.length}`, hierarchyLevel: 1, npn });
      agents.push({ id: a.id, agentNumber: a.agentNumber, npn });
      await prisma.appointmentFiling.create({
        data: {
          agentId: a.id,
          npn,
          stateCode: r.state,
          lineOfAuthority: r.line ?? "LIFE",
          carrierId,
          feeAmount: r.fee,
          feePaidBy: r.by,
          feeChargedWhen: r.when,
          status: r.status,
          rejectionReason: r.status === "REJECTED" ? "No" : null,
          withdrawnReason: r.status === "WITHDRAWN" ? "No" : null,
          filedDate: date(r.filed),
          firstBusinessDate: date(r.fb),
        },
      });
    }
  }

  beforeAll(async () => {
    const ca = await createCarrierWithBlocks(prisma, { carrierCode: "FEEA", name: "Fee Alpha Life", companyNumber: "FA01", blocks: [{ blockNumber: 9711, productTypeCode: "HEALTH" }] });
    const cb = await createCarrierWithBlocks(prisma, { carrierCode: "FEEB", name: "Fee Beta Health", companyNumber: "FB01", blocks: [{ blockNumber: 9712, productTypeCode: "HEALTH" }] });
    carriers = { a: { id: ca.carrier.carrierId, name: "Fee Alpha Life" }, b: { id: cb.carrier.carrierId, name: "Fee Beta Health" } };
    await seed(9711, ca.carrier.carrierId, [
      { state: "PA", fee: "15.00", by: "CARD", when: "FILING", status: "FILED", filed: "2026-11-01" }, // the first day: in
      { state: "PA", fee: "15.00", by: "COMMISSIONS", when: "FILING", status: "ACCEPTED", filed: "2026-11-30" }, // the last day: in
      { state: "PA", fee: "15.00", by: "CARD", when: "FILING", status: "FILED", filed: "2026-10-31" }, // the day before: out
      { state: "PA", fee: "15.00", by: "CARD", when: "FILING", status: "ACCEPTED", filed: "2026-12-01" }, // the day after: out
      { state: "PA", fee: "15.00", by: "CARD", when: "FILING", status: "REJECTED", filed: "2026-11-10" }, // rejected: out
      { state: "PA", fee: "15.00", by: "CARD", when: "FILING", status: "TO_FILE", fb: "2026-11-10" }, // not filed yet: out
      { state: "NY", fee: "20.00", by: "COMMISSIONS", when: "FIRST_BUSINESS", status: "TO_FILE", fb: "2026-11-15" }, // first business: in
      { state: "NY", fee: "20.00", by: "COMMISSIONS", when: "FIRST_BUSINESS", status: "ACCEPTED", filed: "2026-11-03" }, // no first business: out
      { state: "TX", fee: "25.00", by: "CARD", when: "FIRST_BUSINESS", status: "WITHDRAWN", fb: "2026-11-21" }, // withdrawn: out
    ]);
    await seed(9712, cb.carrier.carrierId, [
      { state: "TX", fee: "25.00", by: "CARD", when: "FIRST_BUSINESS", status: "ACCEPTED", filed: "2026-09-01", fb: "2026-11-20" }, // in
      { state: "TX", line: "ACCIDENT_HEALTH", fee: "25.00", by: "COMMISSIONS", when: "FIRST_BUSINESS", status: "FILED", fb: "2026-11-30" }, // in
    ]);
  });

  async function sheets(user: CurrentUser, input: Record<string, unknown>) {
    const { reportRequestId } = await requestReport(user, { reportId: String(FEE_REPORT_ID), ...input } as never);
    const run = await runReport(reportRequestId);
    if (run.status !== "COMPLETED") return { run, byState: [], detail: [] };
    const r = await prisma.reportRequest.findUniqueOrThrow({ where: { reportRequestId }, include: { outputFile: true } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFileBytes(r.outputFile!)) as unknown as ArrayBuffer);
    const read = (ws: ExcelJS.Worksheet) => {
      const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
      const rows: Record<string, unknown>[] = [];
      ws.eachRow((row, n) => {
        if (n > 1) rows.push(Object.fromEntries(header.map((h, i) => [h, (row.values as unknown[])[i + 1] ?? null])));
      });
      return rows;
    };
    expect(wb.worksheets.map((w) => w.name)).toEqual(["Fees by state", "Fee detail"]);
    return { run, byState: read(wb.worksheets[0]!), detail: read(wb.worksheets[1]!), request: r };
  }

  it("lists by state and carrier the fees charged in the period, of which by card and from commissions, with the renewal fees and a total", async () => {
    const a = asUser(await admin());
    const { byState, detail, request } = await sheets(a, { from: "2026-11-01", to: "2026-11-30" });
    const pick = (r: Record<string, unknown>) => [r.State, r.Carrier, r.Filings, r["Fees Charged"], r["Paid by Card"], r["From Commissions"]];
    expect(byState.map(pick)).toEqual([
      ["NY", carriers.a.name, 1, 20, 0, 20],
      ["PA", carriers.a.name, 2, 30, 15, 15],
      ["TX", carriers.b.name, 2, 50, 25, 25],
      ["Total", null, 5, 100, 40, 60],
    ]);
    const pa = byState.find((r) => r.State === "PA")!;
    expect([pa["State Name"], pa["Renewal Fee (Resident)"], pa["Renewal Fee (Non-Resident)"]]).toEqual(["Pennsylvania", 10, 12.5]);
    expect(request?.filterText).toBe("Fees charged 11/01/2026 to 11/30/2026");

    const first = agents[0]!;
    expect(detail).toHaveLength(5);
    expect(detail.find((r) => r["Agent Number"] === first.agentNumber)).toEqual({
      "Agent Number": first.agentNumber,
      Name: "Fee Payer0",
      NPN: first.npn,
      State: "PA",
      Line: "Life",
      Fee: 15,
      "Paid By": "Paid by credit card",
      "Charged On": new Date("2026-11-01T00:00:00Z"),
      Carrier: carriers.a.name,
      Status: "Filed, awaiting the state",
    });
    expect(detail.map((r) => [r.State, (r["Charged On"] as Date).toISOString().slice(0, 10), r["Paid By"]])).toEqual([
      ["NY", "2026-11-15", "Deducted from commissions"],
      ["PA", "2026-11-01", "Paid by credit card"],
      ["PA", "2026-11-30", "Deducted from commissions"],
      ["TX", "2026-11-20", "Paid by credit card"],
      ["TX", "2026-11-30", "Deducted from commissions"],
    ]);
  });

  it("one day, one carrier; a period with nothing charged is NO DATA; a requester no longer an administrator gets nothing", async () => {
    const a = asUser(await admin());
    let r = await sheets(a, { from: "2026-11-30", to: "2026-11-30", carrier: carriers.b.id, carrierName: carriers.b.name });
    expect(r.byState.map((x) => [x.State, x.Filings, x["Fees Charged"]])).toEqual([
      ["TX", 1, 25],
      ["Total", 1, 25],
    ]);
    expect(r.request?.filterText).toBe(`Fees charged 11/30/2026 to 11/30/2026; Carrier: ${carriers.b.name}`);
    r = await sheets(a, { from: "2026-10-01", to: "2026-10-30" });
    expect(r.run.status).toBe("NO_DATA");
    const former = await admin();
    const { reportRequestId } = await requestReport(asUser(former), { reportId: String(FEE_REPORT_ID), from: "2026-11-01", to: "2026-11-30" } as never);
    await prisma.user.update({ where: { id: former.id }, data: { isInternal: false } });
    expect(await runReport(reportRequestId)).toEqual({ status: "NO_DATA" });
  });

  it("the request: a carrier that does not exist is refused beside its field; past the pending cap it says so", async () => {
    const a = asUser(await admin());
    const form = (v: Record<string, string>) => {
      const f = new FormData();
      for (const [k, x] of Object.entries({ reportId: String(FEE_REPORT_ID), from: "2026-11-01", to: "2026-11-30", ...v })) f.set(k, x);
      return f;
    };
    const refused = await requestFeeReport(a, form({ carrier: "999999" }));
    expect(refused).toMatchObject({ ok: false, reply: { error: { carrier: [FEE_REPORT_MESSAGES.carrierInvalid] } } });
    const named = await requestFeeReport(a, form({ carrier: String(carriers.a.id) }));
    expect(named.ok).toBe(true);
    expect((await prisma.reportRequest.findFirstOrThrow({ where: { requestedById: a.id } })).filterText).toBe("Fees charged 11/01/2026 to 11/30/2026; Carrier: Fee Alpha Life (FEEA)");
    for (let i = 1; i < MAX_PENDING_REPORTS; i++) expect((await requestFeeReport(a, form({}))).ok).toBe(true);
    expect(await requestFeeReport(a, form({}))).toEqual({ ok: false, busy: true });
  });
});
