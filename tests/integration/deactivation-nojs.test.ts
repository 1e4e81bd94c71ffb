// Deactivating an agent with a termination reason (issue 37 item 3, decision 0111), on a portal of
// its own:
//  - the form without JavaScript (the form driver): a reason per state from that state's list and
//    the effective date; refused without a reason and with a date the state does not allow (each
//    message beside its field, the agent still active), then deactivated with its terminations;
//  - a director is refused (403);
//  - the API (write:agents): a JSON row that deactivates without terminationReason is refused on
//    its line naming the field; with one, the terminations are made with source API.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "~/features/api/tokens.server";
import { dayOf } from "~/features/licences/status";
import { addDays } from "~/features/state-filings/due";
import { REASON_COLUMN, TERMINATION_MESSAGES as M } from "~/features/state-filings/terminations";
import type { Agent } from "~/generated/prisma/client";
import { prisma } from "~/lib/db.server";
import { startApp, type AppHandle } from "../support/app-server";
import { visitorSignIn } from "../support/app-sign-in";
import { DEMO } from "../support/browser";
import { useTestDatabase } from "../support/db";
import { createAgent, createCarrierWithBlocks } from "../support/factories";
import type { Visitor } from "../support/form-driver";
import { buildIfStale } from "../support/global-app";

const db = useTestDatabase();
const TODAY = dayOf(new Date());
let app: AppHandle;
let admin: Visitor;
let carrierId: number;
let seq = 0;

async function agentWith(states: Record<string, string>): Promise<Agent> {
  const n = ++seq;
  const a = await createAgent(prisma, { blockNumber: 902, firstName: "Dana", lastName: `Gone${n}`, npn: `82000${n}` });
  for (const [stateCode, status] of Object.entries(states)) {
    await prisma.appointmentFiling.create({ data: { agentId: a.id, npn: `82000${n}`, stateCode, lineOfAuthority: "LIFE", carrierId, feeAmount: "10.00", status } });
  }
  return a;
}

beforeAll(async () => {
  buildIfStale();
  app = await startApp({ databaseUrl: db.url });
  ({ visitor: admin } = await visitorSignIn(app, DEMO.admin));
  ({
    carrier: { carrierId },
  } = await createCarrierWithBlocks(prisma, { carrierCode: "GONE", companyNumber: "GO01", blocks: [{ blockNumber: 902, productTypeCode: "LIFE" }] }));
  await prisma.stateRule.update({ where: { stateCode: "TX" }, data: { backdateMaxDays: 5 } });
}, 300_000);
afterAll(async () => {
  await app?.dispose();
});

describe("the deactivation form without JavaScript", () => {
  it("refused without a reason and with a date too far back, then deactivated with a termination per appointed state", async () => {
    const a = await agentWith({ FL: "FILED", TX: "ACCEPTED" });
    const url = `${app.url}/admin/agents/${a.id}/deactivate`;
    let page = await admin.get(url);
    expect(page.heading()).toBe(`Deactivate agent: Dana ${a.lastName}`);
    let form = page.form("Deactivate agent");
    expect(form.value("Effective date")).toBe(TODAY);
    // Florida's own codes; Texas the portal's.
    form.select("Reason for FL", "NLRC: No longer represents the company").fill("Effective date", addDays(TODAY, -6));
    page = await form.submit("Deactivate agent");
    expect(page.banners().join(" ")).toContain(M.refusedTitle);
    expect(page.fieldError("Reason for TX")).toBe(M.reasonMissingForState("TX"));
    expect(page.fieldError("Effective date")).toContain(M.dateNoBackdating("FL"));
    expect(page.fieldError("Effective date")).toContain(M.dateTooEarly("TX", 5, addDays(TODAY, -5)));
    expect(await prisma.agent.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({ isActive: true });
    expect(await prisma.termination.count({ where: { agentId: a.id } })).toBe(0);

    // What was chosen is kept; the date corrected, the second reason given.
    form = page.form("Deactivate agent");
    expect(form.value("Reason for FL")).toBe("NLRC");
    form.select("Reason for TX", "VOL: Voluntary: the producer ended the appointment").fill("Effective date", TODAY);
    page = await form.submit("Deactivate agent");
    expect(page.banners().join(" ")).toContain(M.doneTitle);
    expect(page.text()).toContain(M.done(2, 0));
    expect(page.shows(M.alreadyInactive)).toBe(false);
    expect(await prisma.agent.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({ isActive: false, status: "TERMINATED" });
    const rows = await prisma.termination.findMany({ where: { agentId: a.id }, orderBy: { stateCode: "asc" } });
    expect(rows.map((t) => [t.stateCode, t.reasonCode, t.source, dayOf(t.effectiveDate), dayOf(t.dueDate)])).toEqual([
      ["FL", "NLRC", "SCREEN", TODAY, addDays(TODAY, 30)],
      ["TX", "VOL", "SCREEN", TODAY, addDays(TODAY, 30)],
    ]);
    // Opened again: no form, the date of the deactivation.
    page = await admin.get(url);
    expect(page.text()).toContain(M.alreadyInactive);
    expect(() => page.form("Deactivate agent")).toThrow();
  });

  it("a director may not deactivate (403); an unknown agent is 404", async () => {
    const a = await agentWith({ FL: "FILED" });
    const { visitor: md } = await visitorSignIn(app, DEMO.marketingDirector);
    const r = await fetch(`${app.url}/admin/agents/${a.id}/deactivate`, { headers: { cookie: md.cookies(app.url) }, redirect: "manual" });
    expect(r.status).toBe(403);
    const gone = await fetch(`${app.url}/admin/agents/999999999/deactivate`, { headers: { cookie: admin.cookies(app.url) }, redirect: "manual" });
    expect(gone.status).toBe(404);
  });
});

describe("the API", () => {
  async function report(token: string, body: unknown) {
    const r = await fetch(`${app.url}/api/v1/agent-imports`, { method: "POST", body: JSON.stringify(body), headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" } });
    expect(r.status, await r.clone().text()).toBe(202);
    const { id } = (await r.json()) as { id: number };
    for (let i = 0; i < 240; i++) {
      const run = await prisma.agentImportRun.findUniqueOrThrow({ where: { id } });
      if (["COMPLETED", "REJECTED", "FAILED"].includes(run.status)) break;
      await new Promise((res) => setTimeout(res, 250));
    }
    const g = await fetch(`${app.url}/api/v1/agent-imports/${id}`, { headers: { Authorization: `Bearer ${token}` } });
    return (await g.json()) as { status: string; errors: Array<{ line: number; field: string; message: string }> };
  }
  const rowOf = (a: Agent, reason: string | null) => ({
    agentNumber: a.agentNumber,
    companyNumber: "GO01",
    blockNumber: 902,
    carrierCode: "GONE",
    mgaCode: a.mgaCode,
    level: a.hierarchyLevel,
    firstName: a.firstName,
    lastName: a.lastName,
    uplineAgentNumber: "0000",
    status: "TERMINATED",
    terminatedDate: TODAY,
    ...(reason === null ? {} : { terminationReason: reason }),
  });

  it("a row deactivating without terminationReason is refused naming the field; with one, terminations with source API", async () => {
    const { token } = await createApiToken(prisma, { name: "Back office", scopes: ["write:agents"] });
    const a = await agentWith({ FL: "ACCEPTED", NY: "FILED" });
    const refused = await report(token, { rows: [rowOf(a, null)] });
    expect(refused.status).toBe("REJECTED");
    expect(refused.errors).toEqual([expect.objectContaining({ line: 2, field: REASON_COLUMN, message: M.reasonRequiredColumn })]);
    const wrong = await report(token, { rows: [rowOf(a, "FL:AVFS;NY:AVFS")] });
    expect(wrong.errors).toEqual([expect.objectContaining({ line: 2, field: REASON_COLUMN, message: M.reasonNotAccepted("NY", "AVFS", ["VOL", "COMP", "DEATH", "CAUSE"]) })]);
    expect(await prisma.agent.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({ isActive: true });
    const done = await report(token, { rows: [rowOf(a, "FL:AVFS;NY:VOL")] });
    expect(done.status, JSON.stringify(done.errors)).toBe("COMPLETED");
    const rows = await prisma.termination.findMany({ where: { agentId: a.id }, orderBy: { stateCode: "asc" } });
    expect(rows.map((t) => [t.stateCode, t.reasonCode, t.source])).toEqual([
      ["FL", "AVFS", "API"],
      ["NY", "VOL", "API"],
    ]);
  });
});
