// Appointing an active agent in one more state after its approval (issue 37 item 2: 'an agent
// adding a state later creates a request for it'), on a portal of its own, without JavaScript (the
// form driver): refused without a state (the message beside the field, nothing written); Texas
// added with its licence makes a filing to file due by Texas's rule; Georgia without a licence is
// held with the licence's reason; the same state twice is refused; a director 403, an unknown
// agent 404, an inactive agent has no form and its POST is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOf } from "~/features/licences/status";
import { ADD_STATE_MESSAGES as M } from "~/features/state-filings/add-state";
import { addAgentState } from "~/features/state-filings/add-state.server";
import { appointmentDueDate } from "~/features/state-filings/due";
import { stateRuleOf } from "~/features/state-filings/rules.server";
import { prisma } from "~/lib/db.server";
import { startApp, type AppHandle } from "../support/app-server";
import { visitorSignIn } from "../support/app-sign-in";
import { DEMO } from "../support/browser";
import { useTestDatabase } from "../support/db";
import { createAgent, createCarrierWithBlocks, createLicence } from "../support/factories";
import type { Visitor } from "../support/form-driver";
import { buildIfStale } from "../support/global-app";

const db = useTestDatabase();
const TODAY = dayOf(new Date());
let app: AppHandle;
let admin: Visitor;
let adminId: string;

beforeAll(async () => {
  buildIfStale();
  app = await startApp({ databaseUrl: db.url });
  ({ visitor: admin } = await visitorSignIn(app, DEMO.admin));
  adminId = (await prisma.user.findFirstOrThrow({ where: { userName: DEMO.admin } })).id;
  await createCarrierWithBlocks(prisma, { carrierCode: "MORE", companyNumber: "MO01", blocks: [{ blockNumber: 903, productTypeCode: "LIFE" }] });
}, 300_000);
afterAll(async () => {
  await app?.dispose();
});

describe("Appoint in another state, without JavaScript", () => {
  it("refused without a state; Texas with its licence to file by Texas's rule; Georgia held without a licence", async () => {
    const a = await createAgent(prisma, { blockNumber: 903, firstName: "Dana", lastName: "More", npn: "8300001" });
    await prisma.agentLicensedState.create({ data: { agentId: a.id, stateCode: "FL", isResident: true } });
    await createLicence(prisma, { npn: "8300001", stateCode: "TX", licenceNumber: "TX-8300001", source: "ADMIN" });
    const url = `${app.url}/admin/agents/${a.id}/states`;
    let page = await admin.get(url);
    expect(page.heading()).toBe(`${M.title}: Dana More`);
    expect(page.text()).toContain("Appointed in: Florida.");

    page = await page.form(M.submit).submit(M.submit);
    expect(page.fieldError("State")).toBe(M.chooseState);
    expect(await prisma.agentLicensedState.count({ where: { agentId: a.id } })).toBe(1);

    page = await page.form(M.submit).select("State", "TX: Texas").submit(M.submit);
    expect(page.banners().join(" ")).toContain(M.doneTitle);
    expect(page.text()).toContain(M.done("Texas", 1));
    expect(page.text()).toContain("Appointed in: Florida, Texas.");
    const tx = await prisma.appointmentFiling.findMany({ where: { agentId: a.id } });
    const due = appointmentDueDate((await stateRuleOf("TX"))!, TODAY, null);
    expect(tx.map((f) => [f.stateCode, f.lineOfAuthority, f.status, f.licenceNumber, f.dueDate ? dayOf(f.dueDate) : null])).toEqual([["TX", "LIFE", "TO_FILE", "TX-8300001", due]]);
    // Texas is no longer offered.
    expect(() => page.form(M.submit).select("State", "TX: Texas")).toThrow();

    page = await page.form(M.submit).select("State", "GA: Georgia").submit(M.submit);
    expect(page.text()).toContain(M.done("Georgia", 1));
    const ga = await prisma.appointmentFiling.findFirstOrThrow({ where: { agentId: a.id, stateCode: "GA" } });
    expect([ga.status, ga.heldReason]).toEqual(["HELD", "LICENCE_MISSING"]);
    const audit = await prisma.auditLog.findMany({ where: { action: "STATE_APPOINTMENT_ADDED", targetId: String(a.id) } });
    expect(audit).toHaveLength(2);

    // The same state again (a second tab, a replayed POST): refused, nothing more.
    const again = await addAgentState({ id: adminId }, a.id, "TX");
    expect(again).toEqual({ ok: false, field: "stateCode", message: M.alreadyAppointed("Texas") });
    expect(await prisma.appointmentFiling.count({ where: { agentId: a.id } })).toBe(2);
  });

  it("a director may not (403); an unknown agent is 404; an inactive agent has no form and its POST is refused", async () => {
    const a = await createAgent(prisma, { blockNumber: 903, firstName: "Dana", lastName: "Left", npn: "8300002" });
    const { visitor: md } = await visitorSignIn(app, DEMO.marketingDirector);
    const r = await fetch(`${app.url}/admin/agents/${a.id}/states`, { headers: { cookie: md.cookies(app.url) }, redirect: "manual" });
    expect(r.status).toBe(403);
    const gone = await fetch(`${app.url}/admin/agents/999999999/states`, { headers: { cookie: admin.cookies(app.url) }, redirect: "manual" });
    expect(gone.status).toBe(404);

    const page = await admin.get(`${app.url}/admin/agents/${a.id}/states`);
    const form = page.form(M.submit).select("State", "TX: Texas");
    await prisma.agent.update({ where: { id: a.id }, data: { isActive: false } });
    const refused = await form.submit(M.submit);
    expect(refused.text()).toContain(M.inactive);
    expect(await prisma.agentLicensedState.count({ where: { agentId: a.id } })).toBe(0);
    expect((await admin.get(`${app.url}/admin/agents/${a.id}/states`)).shows(M.submit)).toBe(false);
  });
});
