// Issue 18 item 5, 'One hierarchy rule' (docs/decisions/0038-one-hierarchy-rule.md):
// a position counts for its holder's downline only while it is active. Two
// viewers against a real PostgreSQL and real storage:
//  - gone: a marketing director whose only position G is deactivated; g (an
//    active agent) is under G, with a link, an application and an invitation;
//  - dual: a director with two hierarchies: D1 deactivated (x under it) and
//    D2 active (y under it). Everything about y is the control: the same
//    screen shows it, so a refusal of x is the rule and not a broken fixture.
// Every screen and action that reads the downline is asked about g and x:
// links (/linx), cart links, the invitation form's context, sending through a
// downline link (new and again), paper applications through a downline link
// (link resolution), a prospect arriving on those links, the dashboard's
// pipeline card, /inprog, the agents screens (tree, search, deactivated, agent
// detail, agent documents), reports (the recruiter finder, the request and
// the generated rows) and the downline application itself.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Agent, AppointmentLink, User } from "~/generated/prisma/client";
import { agentDocument } from "~/features/agents/detail.server";
import { ownPositions } from "~/features/agents/agents.server";
import { isAgentUnderUser, isUnderUser } from "~/features/hierarchy/hierarchy.server";
import { inProgressPage } from "~/features/inprog/inprog.server";
import { inviteContext } from "~/features/invitations/invite-context.server";
import { APPOINTMENT_LINK_NOT_FOUND } from "~/features/invitations/messages";
import type { InviteForm } from "~/features/invitations/schema";
import { sendInvitation } from "~/features/invitations/send.server";
import { addToCart, getCart } from "~/features/links/cart.server";
import { validateLink } from "~/features/links/links.server";
import { recruiterFor } from "~/features/links/linx.server";
import { getPipeline } from "~/features/pipeline/pipeline.server";
import { recruiterChildren, requestReport, searchRecruiters } from "~/features/reports/reports.server";
import { runReport } from "~/features/reports/run.server";
import { downlineReportSchema, recruitReportSchema } from "~/features/reports/schema";
import { linkIsTheirs, resolveLink } from "~/features/appointment/resolve-link.server";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { stopWorker } from "~/lib/jobs.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { createSession } from "~/lib/session.server";
import { saveFile, readFileBytes } from "~/lib/storage.server";
import { loader as agentLoader } from "~/routes/agent";
import { loader as agentsLoader } from "~/routes/agents";
import { loader as appointLoader } from "~/routes/appoint";
import { loader as downloadRoute } from "~/routes/reports_.$id.download";
import { ensureCommissionScheduleDocuments } from "../../prisma/seed/documents";
import { seedReferenceDataWith } from "../../prisma/seed/reference";
import { asUser } from "../integration/appointment-fixtures";
import { useTestDatabase } from "../support/db";
import { createAgent, createAppointment, createAppointmentLink, createInvitation, createSchedule, createUser, randomCode } from "../support/factories";

useTestDatabase();

const APP_URL = "http://localhost:3000";
let dataDir: string;

type World = {
  goneUser: User;
  dualUser: User;
  G: Agent;
  g: Agent;
  D1: Agent;
  x: Agent;
  D2: Agent;
  y: Agent;
  linkG: AppointmentLink; // G's own link
  linkg: AppointmentLink; // g's link (under the deactivated G)
  linkX: AppointmentLink;
  linkY: AppointmentLink;
  appG: number; // recruited through g's link
  appX: number;
  appY: number;
  docX: string; // a document of x's own (approved) appointment
  docY: string;
  invX: number; // an invitation dual sent through x's link before D1 was deactivated
  templateId: number;
};
let w: World;

const aplOf = (l: AppointmentLink) => `${l.linkPrefix}${l.code}`;
const key = (a: Agent) => ({ agentNumber: a.agentNumber, companyNumber: a.companyNumber, blockNumber: a.blockNumber });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "hierarchy-deactivated-test-"));
  process.env.DATA_DIR = dataDir;
  process.env.APP_URL = APP_URL;
  process.env.ENCRYPTION_KEY = "hierarchy-deactivated-key-0123456789abcdef0123";
  resetEnvCache();
  resetSecretsCache();
  await seedReferenceDataWith(prisma);

  const goneUser = await createUser(prisma, { userRoleCode: "USRROLE_MD", firstName: "Gwen", lastName: "Gone" });
  const dualUser = await createUser(prisma, { userRoleCode: "USRROLE_MD", firstName: "Dana", lastName: "Dual" });
  const G = await createAgent(prisma, { userId: goneUser.id, hierarchyLevel: 1, firstName: "Gwen", lastName: "Gone" });
  const g = await createAgent(prisma, { parentId: G.id, hierarchyLevel: 2, firstName: "Gil", lastName: "Undergone" });
  const D1 = await createAgent(prisma, { userId: dualUser.id, hierarchyLevel: 1, firstName: "Dana", lastName: "Dual" });
  const x = await createAgent(prisma, { parentId: D1.id, hierarchyLevel: 2, firstName: "Xena", lastName: "Deadline" });
  const D2 = await createAgent(prisma, { userId: dualUser.id, hierarchyLevel: 1, firstName: "Dana", lastName: "Dual" });
  const y = await createAgent(prisma, { parentId: D2.id, hierarchyLevel: 2, firstName: "Yuri", lastName: "Liveline" });

  const block = await prisma.block.findUniqueOrThrow({ where: { blockNumber: G.blockNumber } });
  const schedule = await createSchedule(prisma, { carrierId: block.carrierId, productTypeCode: "HEALTH" });
  await ensureCommissionScheduleDocuments(prisma);
  const level = (n: number) => schedule.levels.find((l) => l.levelNo === n)!.scheduleLevelId;
  const linkG = await createAppointmentLink(prisma, { recruiterAgentId: G.id, scheduleLevelId: level(5) });
  const linkg = await createAppointmentLink(prisma, { recruiterAgentId: g.id, scheduleLevelId: level(6) });
  const linkX = await createAppointmentLink(prisma, { recruiterAgentId: x.id, scheduleLevelId: level(6) });
  const linkY = await createAppointmentLink(prisma, { recruiterAgentId: y.id, scheduleLevelId: level(6) });

  const prospect = async (first: string) => createUser(prisma, { userRoleCode: "USRROLE_PROSPECT", firstName: first, lastName: "Prospect" });
  const app = async (first: string, link: AppointmentLink) =>
    (
      await createAppointment(prisma, {
        userId: (await prospect(first)).id,
        appointmentLinkId: link.appointmentLinkId,
        appointmentTypeCode: "APPTTYP_IND",
        personal: { firstName: first, lastName: "Prospect" },
      })
    ).appointmentId;
  const appG = await app("Gabe", linkg);
  const appX = await app("Xavi", linkX);
  const appY = await app("Yola", linkY);

  // x's and y's own appointments (approved agents), each with an uploaded licence.
  const agentDoc = async (agent: Agent, first: string) => {
    const own = await createAppointment(prisma, {
      userId: (await prospect(first)).id,
      agentId: agent.id,
      appointmentTypeCode: "APPTTYP_IND",
      appointmentStatusCode: "APWF_STATUS_APPROVED",
      personal: { firstName: first, lastName: "Agent" },
    });
    const file = await saveFile({ bytes: new TextEncoder().encode(`%PDF-1.4\n% ${first}\n`), fileName: "licence.pdf", contentType: "application/pdf" });
    const doc = await prisma.document.create({
      data: { documentTypeCode: "DOCTYP_STATE_LIC", kindCode: "UPLOAD", title: "State license", appointmentId: own.appointmentId, appUserId: own.userId, storedFileId: file.id },
    });
    return doc.id;
  };
  const docX = await agentDoc(x, "Xander");
  const docY = await agentDoc(y, "Yanis");

  const invX = (await createInvitation(prisma, { inviterUserId: dualUser.id, inviterAgentId: x.id, appointmentLinkId: linkX.appointmentLinkId, prospectFirstName: "Old", prospectLastName: "Invite" })).invitationId;
  const templateId = (await prisma.emailTemplate.findUniqueOrThrow({ where: { systemCode: "DFT_MLT_INVITE" } })).corrTemplateId;

  // The deactivations (as the hierarchy import does: inactive with a termination date).
  for (const id of [G.id, D1.id]) await prisma.agent.update({ where: { id }, data: { isActive: false, terminationDate: new Date() } });
  w = { goneUser, dualUser, G, g, D1, x, D2, y, linkG, linkg, linkX, linkY, appG, appX, appY, docX, docY, invX, templateId };
}, 120_000);

afterAll(async () => {
  await stopWorker();
  rmSync(dataDir, { recursive: true, force: true });
});

async function cookieOf(user: User): Promise<string> {
  return (await createSession(new Request(`${APP_URL}/`), { userId: user.id })).split(";")[0]!;
}

/** A loader's answer: its status and its data as the page would get it (JSON text, to search in). */
async function load(
  loader: (args: LoaderFunctionArgs) => Promise<unknown>,
  user: User,
  pathAndQuery: string,
): Promise<{ status: number; text: string }> {
  const request = new Request(`${APP_URL}${pathAndQuery}`, { headers: { Cookie: await cookieOf(user) } });
  try {
    const r = await loader({ request, params: {}, context: {} });
    if (r instanceof Response) return { status: r.status, text: await r.text() };
    const init = (r as { init?: { status?: number } } | null)?.init;
    const body = (r as { data?: unknown; type?: string } | null)?.type === "DataWithResponseInit" ? (r as { data: unknown }).data : r;
    return { status: init?.status ?? 200, text: JSON.stringify(body) };
  } catch (e) {
    if (e instanceof Response) return { status: e.status, text: "" };
    throw e;
  }
}

const form = (over: Partial<InviteForm> = {}): InviteForm => ({
  firstName: "Ada",
  lastName: "Prospect",
  email: `ada.${randomCode(6).toLowerCase()}@example.com`,
  ccEmail: "",
  templateId: w.templateId,
  body: "<p>Dear [[ProspectFirstName]], join [[AppointmentLink]]</p>",
  confirm: "yes",
  formToken: crypto.randomUUID(),
  ...over,
});

describe("the rule itself (hierarchy.server.ts)", () => {
  it("a deactivated position of the viewer reaches nothing; an active one still reaches its downline", async () => {
    expect(await isUnderUser(prisma, w.goneUser.id, { agentIds: [w.g.id] })).toBe(false);
    expect(await isUnderUser(prisma, w.dualUser.id, { agentIds: [w.x.id] })).toBe(false);
    expect(await isUnderUser(prisma, w.dualUser.id, { agentIds: [w.y.id] })).toBe(true);
    // The agent-documents check had its own copy without the viewer's is_active.
    expect(await isAgentUnderUser(prisma, w.dualUser.id, w.x.id)).toBe(false);
    expect(await isAgentUnderUser(prisma, w.goneUser.id, w.g.id)).toBe(false);
    expect(await isAgentUnderUser(prisma, w.dualUser.id, w.y.id)).toBe(true);
  });
});

describe("links, cart and invitations", () => {
  it("/linx: neither the deactivated position nor anything under it is the viewer's to recruit for", async () => {
    expect(await recruiterFor(asUser(w.goneUser), key(w.G))).toBeNull();
    expect(await recruiterFor(asUser(w.goneUser), key(w.g))).toBeNull();
    expect(await recruiterFor(asUser(w.dualUser), key(w.D1))).toBeNull();
    expect(await recruiterFor(asUser(w.dualUser), key(w.x))).toBeNull();
    expect(await recruiterFor(asUser(w.dualUser), key(w.D2))).not.toBeNull();
    expect(await recruiterFor(asUser(w.dualUser), key(w.y))).not.toBeNull();
  });

  it("cart links: a link under a deactivated position is not added, and one already in the cart is dropped", async () => {
    expect(await addToCart(asUser(w.dualUser), w.linkX.appointmentLinkId)).toEqual({ ok: false, refusal: null });
    expect(await addToCart(asUser(w.goneUser), w.linkg.appointmentLinkId)).toEqual({ ok: false, refusal: null });
    await prisma.cartItem.create({ data: { userId: w.dualUser.id, appointmentLinkId: w.linkX.appointmentLinkId } });
    expect((await getCart(asUser(w.dualUser))).items).toEqual([]);
    expect(await prisma.cartItem.count({ where: { userId: w.dualUser.id } })).toBe(0);
    expect(await addToCart(asUser(w.dualUser), w.linkY.appointmentLinkId)).toMatchObject({ ok: true, added: 1 });
    await prisma.cartItem.deleteMany({ where: { userId: w.dualUser.id } });
  });

  it("the invitation form's context refuses a downline link of a deactivated position (404, as if it did not exist)", async () => {
    const notFound = { ok: false, status: 404, dialog: APPOINTMENT_LINK_NOT_FOUND };
    expect(await inviteContext(prisma, asUser(w.goneUser), { link: aplOf(w.linkg) })).toEqual(notFound);
    expect(await inviteContext(prisma, asUser(w.dualUser), { link: aplOf(w.linkX) })).toEqual(notFound);
    expect(await inviteContext(prisma, asUser(w.dualUser), { existing: String(w.invX) })).toEqual(notFound);
    expect((await inviteContext(prisma, asUser(w.dualUser), { link: aplOf(w.linkY) })).ok).toBe(true);
  });

  it("sending through a downline link of a deactivated position (new or again) stores and queues nothing", async () => {
    const before = await prisma.invitation.count();
    expect(await sendInvitation(asUser(w.goneUser), { link: aplOf(w.linkg) }, form())).toMatchObject({ ok: false, status: 404 });
    expect(await sendInvitation(asUser(w.dualUser), { link: aplOf(w.linkX) }, form())).toMatchObject({ ok: false, status: 404 });
    expect(await sendInvitation(asUser(w.dualUser), { existing: String(w.invX) }, form())).toMatchObject({ ok: false, status: 404 });
    expect(await prisma.invitation.count()).toBe(before);
    expect(await sendInvitation(asUser(w.dualUser), { link: aplOf(w.linkY) }, form())).toMatchObject({ ok: true });
  });
});

describe("link resolution", () => {
  it("a paper application through a downline link of a deactivated position is refused", async () => {
    const theirs = async (u: User, l: AppointmentLink) => linkIsTheirs(prisma, asUser(u), (await resolveLink(prisma, { link: aplOf(l) }))!);
    expect(await theirs(w.goneUser, w.linkg)).toBe(false);
    expect(await theirs(w.dualUser, w.linkX)).toBe(false);
    expect(await theirs(w.dualUser, w.linkY)).toBe(true);
  });

  it("a prospect: the deactivated position's own link is invalid; an active agent's link under it still works", async () => {
    expect(await validateLink(aplOf(w.linkG))).toEqual({ isValid: false, failureReasonCode: "AGENT_LINK_INVALID" });
    expect(await resolveLink(prisma, { link: aplOf(w.linkG) })).toBeNull();
    expect(await validateLink(aplOf(w.linkg))).toEqual({ isValid: true });
  });
});

describe("pipeline and applications in progress", () => {
  it("the dashboard's pipeline card counts only what is under an active position", async () => {
    expect((await getPipeline(w.goneUser.id)).counts.inProgress).toBe(0);
    expect((await getPipeline(w.dualUser.id)).counts.inProgress).toBe(1);
  });

  it("/inprog lists only the active hierarchy's applications", async () => {
    expect(await inProgressPage(w.goneUser.id, 0, 10)).toEqual({ results: [], totalRecords: 0 });
    expect((await inProgressPage(w.dualUser.id, 0, 10)).results.map((r) => r.appointmentId)).toEqual([w.appY]);
  });

  it("the downline application itself: 404 under a deactivated position, read-only under an active one", async () => {
    expect((await load(appointLoader, w.goneUser, `/appoint?id=${w.appG}&section=PERSONAL`)).status).toBe(404);
    expect((await load(appointLoader, w.dualUser, `/appoint?id=${w.appX}&section=PERSONAL`)).status).toBe(404);
    expect((await load(appointLoader, w.dualUser, `/appoint?id=${w.appY}&section=PERSONAL`)).status).toBe(200);
  });
});

describe("agents screens", () => {
  it("the hierarchy list, the tree, search and deactivated tabs never open the deactivated position", async () => {
    expect((await ownPositions(w.goneUser.id)).map((p) => p.id)).toEqual([]);
    expect((await ownPositions(w.dualUser.id)).map((p) => p.id)).toEqual([w.D2.id]);
    for (const q of [`?h=${w.D1.id}`, `?h=${w.D1.id}&open=${w.x.id}`, `?h=${w.D1.id}&tab=search&go=1&lastName=Deadline`, `?h=${w.D1.id}&tab=deactivated`]) {
      const r = await load(agentsLoader, w.dualUser, `/agents${q}`);
      expect(r.text).not.toContain(w.x.agentNumber);
      expect(r.text).not.toContain("Xena");
    }
    expect((await load(agentsLoader, w.dualUser, `/agents?h=${w.D2.id}`)).text).toContain("Liveline");
    const gone = await load(agentsLoader, w.goneUser, `/agents?h=${w.G.id}&open=${w.g.id}`);
    expect(gone.text).not.toContain("Undergone");
  });

  it("agent detail and agent documents: 404 under a deactivated position", async () => {
    expect((await load(agentLoader, w.dualUser, `/agent?h=${w.D1.id}&agentNumber=${w.x.agentNumber}`)).status).toBe(404);
    expect((await load(agentLoader, w.goneUser, `/agent?h=${w.G.id}&agentNumber=${w.g.agentNumber}`)).status).toBe(404);
    expect((await load(agentLoader, w.dualUser, `/agent?h=${w.D2.id}&agentNumber=${w.y.agentNumber}`)).status).toBe(200);
    expect(await agentDocument(asUser(w.dualUser), w.x.id, w.docX)).toEqual({ kind: "not-found" });
    const ok = await agentDocument(asUser(w.dualUser), w.y.id, w.docY);
    expect(ok.kind).toBe("file");
    if (ok.kind === "file") expect(new TextDecoder().decode(await readFileBytes(ok.storedFile))).toContain("Yanis");
  });
});

async function readXlsx(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? "" : String(v)))));
  return rows;
}

async function reportRows(user: User, id: number): Promise<string[][]> {
  const cookie = await cookieOf(user);
  const res = (await downloadRoute({ request: new Request(`${APP_URL}/reports/${id}/download`, { headers: { Cookie: cookie } }), params: { id: String(id) }, context: {} })) as Response;
  expect(res.status).toBe(200);
  return readXlsx(Buffer.from(await res.arrayBuffer()));
}

describe("reports", () => {
  it("the recruiter finder offers nothing under a deactivated position", async () => {
    expect((await searchRecruiters(w.dualUser.id, "Deadline", 0)).results).toEqual([]);
    expect((await searchRecruiters(w.goneUser.id, "Undergone", 0)).results).toEqual([]);
    expect((await searchRecruiters(w.dualUser.id, "Liveline", 0)).results.map((r) => r.id)).toEqual([w.y.id]);
    expect((await recruiterChildren(w.dualUser.id, null, 0)).results.map((r) => r.id)).toEqual([w.D2.id]);
    expect((await recruiterChildren(w.dualUser.id, w.D1.id, 0)).results).toEqual([]);
    expect((await recruiterChildren(w.dualUser.id, w.D2.id, 0)).results.map((r) => r.id)).toEqual([w.y.id]);
  });

  it("a recruit report for a recruiter under a deactivated position is refused", async () => {
    const recruit = (a: Agent) =>
      recruitReportSchema().parse({ reportId: "2", appointmentStatusId: "0", recruiterAgentNo: a.agentNumber, recruiterCompanyNo: a.companyNumber, recruiterBlockNo: String(a.blockNumber), recruiterName: "someone" });
    await expect(requestReport(asUser(w.dualUser), recruit(w.x))).rejects.toThrow("Choose a recruiter from your hierarchy");
    await expect(requestReport(asUser(w.goneUser), recruit(w.g))).rejects.toThrow("Choose a recruiter from your hierarchy");
    const { reportRequestId } = await requestReport(asUser(w.dualUser), recruit(w.y));
    expect((await runReport(reportRequestId)).status).toBe("COMPLETED");
  });

  it("the generated downline report holds only the active hierarchy's rows", async () => {
    const downline = downlineReportSchema().parse({ reportId: "1", appointmentStatusId: "0" });
    const dual = await requestReport(asUser(w.dualUser), downline);
    expect((await runReport(dual.reportRequestId)).status).toBe("COMPLETED");
    const names = (await reportRows(w.dualUser, dual.reportRequestId)).slice(1).map((r) => `${r[5]} ${r[4]}`);
    expect(names.sort()).toEqual(["Yola Prospect", "Yuri Liveline"]);
    const gone = await requestReport(asUser(w.goneUser), downline);
    expect(await runReport(gone.reportRequestId)).toEqual({ status: "NO_DATA" });
  });
});
