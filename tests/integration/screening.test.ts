// Background screening through its adapter (issue 38 item 1, decision 0122) against a real database:
//  - file: an FCRA-authorised application is ordered on submit; approval is refused with the
//    screening's reason until the administrator records CLEAR with the vendor's report;
//  - http against a loopback vendor: the order (the SSN in the body, never in the job payload),
//    a signed callback applied, a forged and a stale one refused 401 and audited, the poll;
//  - the adverse-action timeline: CONSIDER mails the pre-adverse notice with the report and the
//    summary of rights (a real SMTP sink); the final notice refused before 5 business days
//    (across a weekend and Christmas) and during a dispute, then mailed;
//  - visibility: a director has no read:screening.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveSection, submitApplication } from "~/features/appointment/appointment.server";
import { createFromWizard } from "~/features/appointment/create.server";
import { validApplication } from "~/features/appointment/fixtures";
import { SECTION_DATA_KEY } from "~/features/appointment/form-data";
import { DATA_SECTIONS } from "~/features/appointment/model";
import { createApiToken } from "~/features/api/tokens.server";
import { orderScreeningPayload, sensitivePayloadField } from "~/features/jobs/queue.server";
import * as applicationRoute from "~/routes/api.v1.applications.$id";
import { approveApplication } from "~/features/review/decisions.server";
import { recordDispute, sendAdverseNotice } from "~/features/screening/adverse.server";
import { recordFileResult } from "~/features/screening/screening.server";
import { screeningPanel } from "~/features/screening/screen.server";
import { FCRA_AUTH_SIG as SIGTYP_FCRA_AUTH, FCRA_DISCLOSURE_SIG as SIGTYP_FCRA_DISCLOSURE } from "~/features/appointment/fcra";
import { pollScreenings, signCallback } from "~/features/screening/vendor-http.server";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { startWorker } from "~/lib/jobs.server";
import { can, capabilitiesOf } from "~/lib/permissions";
import { resetSecretsCache } from "~/lib/secrets.server";
import { resetStorageBackend } from "~/lib/storage.server";
import { action as callbackAction } from "~/routes/api.screening.callback";
import { action as reviewAction, loader as reviewLoader } from "~/routes/admin.review.$appointmentId";
import { createSession } from "~/lib/session.server";
import { useTestDatabase } from "../support/db";
import { createLicence, createUser } from "../support/factories";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { asUser, consent, formDataOf, newProspect, req, useWorldWithJobs, withQuestions } from "./appointment-fixtures";

useTestDatabase();
const world = useWorldWithJobs();

const SECRET = "test-callback-secret-0123456789abcdef";
const PDF = Buffer.from("%PDF-1.4\n% a vendor's report\n%%EOF\n");
const saved: Record<string, string | undefined> = {};
const KEYS = ["ENCRYPTION_KEY", "DATA_DIR", "SMTP_URL", "SCREENING_ADAPTER", "SCREENING_HTTP_URL", "SCREENING_HTTP_TOKEN", "SCREENING_CALLBACK_SECRET"];
let dataDir: string;
let smtp: SmtpSink;
let vendor: Server;
let vendorUrl: string;
const orders: Array<{ auth: string | undefined; key: string | undefined; body: Record<string, unknown> }> = [];
const vendorStatus = new Map<string, string>();

function setEnv(values: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}

const readBody = (r: IncomingMessage) => new Promise<string>((ok) => { let b = ""; r.on("data", (c: Buffer) => (b += c.toString("utf8"))); r.on("end", () => ok(b)); });

beforeAll(async () => {
  for (const k of KEYS) saved[k] = process.env[k];
  dataDir = mkdtempSync(path.join(tmpdir(), "screening-test-"));
  smtp = await startSmtpSink();
  vendor = createServer((rq, rs) => {
    void readBody(rq).then((body) => {
      if (rq.headers.authorization !== "Bearer vendor-token") { rs.writeHead(401).end(); return; }
      if (rq.method === "POST") {
        const parsed = JSON.parse(body) as Record<string, unknown>;
        orders.push({ auth: rq.headers.authorization, key: rq.headers["idempotency-key"] as string | undefined, body: parsed });
        const reference = `V-${orders.length}`;
        vendorStatus.set(reference, "IN_PROGRESS");
        rs.writeHead(201, { "Content-Type": "application/json" }).end(JSON.stringify({ reference, status: "IN_PROGRESS" }));
        return;
      }
      const reference = decodeURIComponent((rq.url ?? "").split("/").pop()!);
      rs.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ reference, status: vendorStatus.get(reference) ?? "IN_PROGRESS" }));
    });
  });
  await new Promise<void>((ok) => vendor.listen(0, "127.0.0.1", ok));
  vendorUrl = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}/orders`;
  setEnv({ ENCRYPTION_KEY: randomBytes(32).toString("base64"), DATA_DIR: dataDir, SMTP_URL: smtp.url, SCREENING_ADAPTER: "file" });
  resetSecretsCache();
  resetStorageBackend();
  await startWorker({ force: true });
});
afterAll(async () => {
  await new Promise((ok) => vendor.close(ok));
  await smtp.close();
  setEnv(saved);
  resetStorageBackend();
  rmSync(dataDir, { recursive: true, force: true });
});

const pendingJobs = async () => Number((await prisma.$queryRaw<Array<{ n: bigint }>>`SELECT count(*)::bigint AS n FROM graphile_worker.jobs WHERE task_identifier <> 'poll-screenings'`)[0]!.n);
async function settled() {
  const end = Date.now() + 60_000;
  while ((await pendingJobs()) > 0) {
    if (Date.now() > end) throw new Error("jobs still pending");
    await new Promise((r) => setTimeout(r, 150));
  }
}

let npnSeq = 0;
/** A prospect's application, FCRA-authorised (the rows h17's consent step writes), submitted. */
async function submitted(opts: { authorised?: boolean; email?: string } = {}) {
  const npn = `6${String(Date.now()).slice(-6)}${npnSeq++}`;
  await createLicence(prisma, { npn, stateCode: "TX" });
  const user = asUser(await newProspect());
  const created = await createFromWizard(user, { link: world.linkText, appointmentTypeCode: "APPTTYP_IND" });
  if (!created.ok) throw new Error(created.message);
  const id = created.appointmentId;
  await consent(user, id);
  const data = withQuestions(validApplication("APPTTYP_IND"), world);
  data.documents = { willFax: true, extraWritingNumRequested: false };
  data.fees = { ...data.fees, states: ["TX"] };
  data.personal = { ...data.personal, nationalProducerNumber: npn, ...(opts.email ? { emailAddress: opts.email } : {}) };
  for (const s of DATA_SECTIONS) {
    const r = await saveSection(user, id, s, formDataOf(data[SECTION_DATA_KEY[s]]), req());
    expect(r.saved, `${s}: ${JSON.stringify(r.reply.error)}`).toBe(true);
  }
  // The application's Personal Information signs the disclosure and the authorisation (decision 0121).
  expect(await prisma.appointmentSignature.count({ where: { appointmentId: id, signatureTypeCode: { in: [SIGTYP_FCRA_DISCLOSURE, SIGTYP_FCRA_AUTH] }, signedAt: { not: null } } })).toBe(2);
  if (opts.authorised === false) await prisma.appointmentSignature.deleteMany({ where: { appointmentId: id, signatureTypeCode: SIGTYP_FCRA_AUTH } });
  const r = await submitApplication(user, id, req(), { cvc: "123" });
  // Without the authorisation the application is not submitted (its completion rule) and so never screened.
  expect(r.ok, JSON.stringify(r)).toBe(opts.authorised !== false);
  return id;
}
const screeningOf = (appointmentId: number) => prisma.screening.findFirstOrThrow({ where: { appointmentId }, include: { steps: { orderBy: { createdAt: "asc" } } } });
const admin = () => createUser(prisma, { isInternal: true, userRoleCode: "USRROLE_AGENT" });

describe("the file adapter", () => {
  it("orders on submit, holds approval with the reason until CLEAR is recorded with the report", async () => {
    const a = await admin();
    const id = await submitted();
    const s = await screeningOf(id);
    expect(s).toMatchObject({ adapter: "file", status: "ORDERED", orderedAt: expect.any(Date) });
    const refused = await approveApplication({ appointmentId: id, adminUserId: a.id, reason: "All verified.", request: req() });
    expect(refused).toMatchObject({ ok: false, code: "SCREENING_HOLD", reasons: ["Background screening is not clear (Ordered)."] });
    expect(await recordFileResult(s.id, { result: "CLEAR", reference: "R-1", note: null, pdf: Buffer.from("not a pdf"), actorId: a.id })).toMatchObject({ ok: false, message: "The report must be a PDF file." });
    expect(await recordFileResult(s.id, { result: "CLEAR", reference: "R-1", note: null, pdf: PDF, actorId: a.id })).toMatchObject({ ok: true });
    const clear = await screeningOf(id);
    expect(clear).toMatchObject({ status: "CLEAR", result: "CLEAR", vendorReference: "R-1", resultById: a.id, reportFileId: expect.any(String) });
    // Stored sealed: the bytes on disk are not the PDF.
    const file = await prisma.storedFile.findUniqueOrThrow({ where: { id: clear.reportFileId! } });
    expect(file.contentType).toBe("application/pdf");
    const approved = await approveApplication({ appointmentId: id, adminUserId: a.id, reason: "All verified.", request: req() });
    expect(approved, JSON.stringify(approved)).toMatchObject({ ok: true, statusCode: "APWF_STATUS_APPROVED" });
    const actions = (await prisma.auditLog.findMany({ where: { targetType: "Screening", targetId: s.id }, orderBy: [{ occurredAt: "asc" }, { id: "asc" }] })).map((r) => r.action);
    expect(actions).toEqual(["SCREENING_ORDERED", "SCREENING_RESULT"]);
  });

  it("SCREENING_ADAPTER=none (the default): the submission orders nothing, and the panel says screening is off", async () => {
    setEnv({ SCREENING_ADAPTER: undefined });
    try {
      const id = await submitted();
      expect(await prisma.screening.count({ where: { appointmentId: id } })).toBe(0);
      const panel = await screeningPanel(id);
      expect(panel).toMatchObject({ off: true, screening: null });
    } finally {
      setEnv({ SCREENING_ADAPTER: "file" });
    }
  });

  it("an application without the FCRA authorisation is not submitted, so not screened", async () => {
    const id = await submitted({ authorised: false });
    expect(await prisma.screening.count({ where: { appointmentId: id } })).toBe(0);
  });
});

describe("the adverse-action timeline", () => {
  it("mails the pre-adverse notice with the report, refuses the final notice before 5 business days and during a dispute", async () => {
    const a = await admin();
    const email = `screened-${Date.now()}@example.com`;
    const id = await submitted({ email });
    const s = await screeningOf(id);
    // Friday 2026-12-18: the fifth business day after is Monday 2026-12-28 (the weekends and Christmas skipped).
    const friday = new Date("2026-12-18T15:00:00Z");
    expect(await recordFileResult(s.id, { result: "CONSIDER", reference: "R-2", note: "a record to consider", pdf: PDF, actorId: a.id, now: friday })).toMatchObject({ ok: true });
    const pending = await screeningOf(id);
    expect(pending.status).toBe("ADVERSE_PENDING");
    expect(pending.steps).toMatchObject([{ kind: "PRE_ADVERSE", dueDay: new Date("2026-12-28T00:00:00Z"), sentAt: friday, mailId: expect.stringMatching(/^screening-notice:/) }]);
    await settled();
    const pre = await smtp.mailTo(email, /Pre-adverse action notice/);
    expect(pre.parsed.text).toContain("A Summary of Your Rights Under the Fair Credit Reporting Act");
    expect(pre.parsed.attachments.map((x) => [x.filename, x.content.subarray(0, 5).toString("latin1")])).toEqual([[`screening-report-${s.id}.pdf`, "%PDF-"]]);
    expect((await approveApplication({ appointmentId: id, adminUserId: a.id, reason: "All verified.", request: req() })).ok).toBe(false);

    // Thursday 2026-12-24 is the fourth business day: too early.
    expect(await sendAdverseNotice(s.id, { actorId: a.id, now: new Date("2026-12-24T20:00:00Z") })).toEqual({ ok: false, message: "The adverse action notice may not be sent before 2026-12-28 (5 business days after the pre-adverse action notice)." });
    // The applicant disputes: the wait holds even past the due day.
    expect(await recordDispute(s.id, "DISPUTED", { actorId: a.id })).toMatchObject({ ok: true });
    expect(await sendAdverseNotice(s.id, { actorId: a.id, now: new Date("2026-12-29T12:00:00Z") })).toMatchObject({ ok: false, message: expect.stringContaining("disputes") });
    // The reinvestigation still says CONSIDER: the wait resumes; the final notice goes.
    expect(await recordDispute(s.id, "CONSIDER", { actorId: a.id })).toMatchObject({ ok: true });
    expect(await sendAdverseNotice(s.id, { actorId: a.id, now: new Date("2026-12-28T09:00:00Z") })).toMatchObject({ ok: true });
    const final = await screeningOf(id);
    expect(final.status).toBe("ADVERSE_FINAL");
    expect(final.steps.map((x) => x.kind)).toEqual(["PRE_ADVERSE", "ADVERSE_FINAL"]);
    await settled();
    const fin = await smtp.mailTo(email, /^Adverse action notice/);
    expect(fin.parsed.text).toContain("did not make this decision");
    const actions = (await prisma.auditLog.findMany({ where: { targetType: "Screening", targetId: s.id }, orderBy: [{ occurredAt: "asc" }, { id: "asc" }] })).map((r) => r.action);
    expect(actions).toEqual(["SCREENING_ORDERED", "SCREENING_RESULT", "SCREENING_PRE_ADVERSE_SENT", "SCREENING_ADVERSE_REFUSED", "SCREENING_DISPUTED", "SCREENING_DISPUTE_RESOLVED", "SCREENING_ADVERSE_SENT"]);
  });
});

describe("the http adapter against a loopback vendor", () => {
  beforeAll(() => setEnv({ SCREENING_ADAPTER: "http", SCREENING_HTTP_URL: vendorUrl, SCREENING_HTTP_TOKEN: "vendor-token", SCREENING_CALLBACK_SECRET: SECRET }));
  afterAll(() => setEnv({ SCREENING_ADAPTER: "file" }));

  const callback = (body: string, opts: { ts?: number; secret?: string } = {}) => {
    const ts = opts.ts ?? Math.floor(Date.now() / 1000);
    const request = new Request("http://localhost:3000/api/screening/callback", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Screening-Timestamp": String(ts), "Screening-Signature": signCallback(opts.secret ?? SECRET, ts, body) },
      body,
    });
    return callbackAction({ request, params: {}, context: {} } as never) as Promise<Response>;
  };

  it("orders with the identity, applies a signed callback, refuses a forged and a stale one, polls", async () => {
    const id = await submitted();
    // The job carries the application id only.
    expect(Object.keys(orderScreeningPayload.shape)).toEqual(["appointmentId"]);
    await settled();
    const s = await screeningOf(id);
    expect(s).toMatchObject({ adapter: "http", status: "IN_PROGRESS", vendorReference: `V-${orders.length}` });
    const order = orders.at(-1)!;
    expect(order.key).toBe(s.id);
    const personal = await prisma.appointmentPersonal.findUniqueOrThrow({ where: { appointmentId: id } });
    expect(order.body).toMatchObject({ orderId: s.id, applicant: { lastName: personal.lastName, ssn: expect.stringMatching(/^\d{3}-?\d{2}-?\d{4}$/) } });
    expect(JSON.stringify((await prisma.auditLog.findMany({ where: { targetId: s.id }, select: { details: true } })).map((r) => r.details))).not.toContain(String((order.body.applicant as { ssn: string }).ssn));

    const body = JSON.stringify({ reference: s.vendorReference, status: "CLEAR" });
    // Forged (another secret) and stale (10 minutes old, genuinely signed): 401, audited, nothing applied.
    expect((await callback(body, { secret: "not-the-secret-0123456789abcdefgh" })).status).toBe(401);
    expect((await callback(body, { ts: Math.floor(Date.now() / 1000) - 600 })).status).toBe(401);
    expect((await screeningOf(id)).status).toBe("IN_PROGRESS");
    const refusals = await prisma.auditLog.findMany({ where: { action: "SCREENING_CALLBACK_REFUSED" }, orderBy: [{ occurredAt: "asc" }, { id: "asc" }] });
    expect(refusals.slice(-2).map((r) => (r.details as { reason: string }).reason)).toEqual(["forged", "stale"]);
    // Genuine: applied; the hold is lifted.
    const ok = await callback(body);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true });
    expect((await screeningOf(id)).status).toBe("CLEAR");
    expect((await callback(JSON.stringify({ reference: "V-unknown", status: "CLEAR" }))).status).toBe(404);

    // The poll: a second order whose callback never came.
    const id2 = await submitted();
    await settled();
    const s2 = await screeningOf(id2);
    expect(s2.status).toBe("IN_PROGRESS");
    vendorStatus.set(s2.vendorReference!, "CLEAR");
    expect(await pollScreenings()).toMatchObject({ applied: 1, failed: 0 });
    expect((await screeningOf(id2)).status).toBe("CLEAR");
  });
});

describe("the review screen's screening block", () => {
  const session = async (userId: string) => (await createSession(new Request("http://localhost/"), { userId, impersonatorUserId: null })).split(";")[0]!;
  const call = (fn: typeof reviewAction | typeof reviewLoader, request: Request, id: number) => (fn as (a: unknown) => Promise<unknown>)({ request, params: { appointmentId: String(id) }, context: {} }).catch((r: unknown) => r);

  it("shows the hold on Approve, records the result from a multipart form, and is not shown to a director", async () => {
    const a = await admin();
    const id = await submitted();
    const cookie = await session(a.id);
    const page = (await call(reviewLoader, new Request(`http://localhost/admin/review/${id}`, { headers: { Cookie: cookie } }), id)) as { screening: { screening: { id: string; status: string } }; screeningHold: string };
    expect(page.screening.screening.status).toBe("ORDERED");
    expect(page.screeningHold).toBe("Background screening is not clear (Ordered).");
    const form = new FormData();
    form.set("intent", "result");
    form.set("screeningId", page.screening.screening.id);
    form.set("result", "CLEAR");
    form.set("reference", "R-9");
    form.set("report", new File([PDF], "report.pdf", { type: "application/pdf" }));
    const answer = await call(reviewAction, new Request(`http://localhost/admin/review/${id}?screening`, { method: "POST", headers: { Cookie: cookie }, body: form }), id);
    expect((answer as { data: unknown }).data).toEqual({ screening: { ok: true, message: "The result is recorded." } });
    expect((await screeningOf(id)).status).toBe("CLEAR");
    const after = (await call(reviewLoader, new Request(`http://localhost/admin/review/${id}`, { headers: { Cookie: cookie } }), id)) as { screeningHold: string | null };
    expect(after.screeningHold).toBeNull();
    // A director (a recruiter) has no review screen at all: refused (403, audited by requireCapability).
    const director = await createUser(prisma, { userRoleCode: "USRROLE_MD" });
    const refused = await call(reviewLoader, new Request(`http://localhost/admin/review/${id}`, { headers: { Cookie: await session(director.id) } }), id);
    expect((refused as Response).status).toBe(403);
  });
});

describe("visibility", () => {
  it("the API's application and the webhook events carry nothing of the screening", async () => {
    const a = await admin();
    const id = await submitted();
    const s = await screeningOf(id);
    await recordFileResult(s.id, { result: "CONSIDER", reference: "R-API", note: "secret-note-xyz", pdf: PDF, actorId: a.id });
    const { token } = await createApiToken(prisma, { name: `screening-${Date.now()}`, scopes: ["read:applications"] });
    const res = await applicationRoute.loader({ request: new Request(`http://localhost/api/v1/applications/${id}`, { headers: { Authorization: `Bearer ${token}` } }), params: { id: String(id) }, context: {} } as never);
    const text = await (res as Response).text();
    expect((res as Response).status).toBe(200);
    for (const word of ["screening", "CONSIDER", "ADVERSE", "R-API", "secret-note-xyz"]) expect(text.toLowerCase()).not.toContain(word.toLowerCase());
    const events = await prisma.$queryRaw<Array<{ data: string }>>`SELECT data::text AS data FROM webhook_events`;
    for (const e of events) for (const word of ["screening", "CONSIDER", "ADVERSE", "R-API"]) expect(e.data.toLowerCase()).not.toContain(word.toLowerCase());
    // An event or a job payload naming a screening field is refused before anything is written.
    expect(sensitivePayloadField({ applicationId: id, screeningStatus: "CONSIDER" })).toBe("screeningStatus");
    expect(sensitivePayloadField({ adverse_action: { kind: "PRE_ADVERSE" } })).toBe("adverse_action");
  });

  it("administrators and the compliance officer read screenings; a director does not", () => {
    expect(can(capabilitiesOf(["administrator"]), "read:screening")).toBe(true);
    expect(can(capabilitiesOf(["compliance-officer"]), "read:screening")).toBe(true);
    expect(can(capabilitiesOf(["director"]), "read:screening")).toBe(false);
    expect(can(capabilitiesOf(["agent"]), "read:screening")).toBe(false);
  });
});
