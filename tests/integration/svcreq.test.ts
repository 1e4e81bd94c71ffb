// Contact Us (/svcreq, /svcreq/send) against a real PostgreSQL, real storage
// and a real SMTP server on loopback: a request with a PDF is stored with its
// file and a send-email job in one go; the job mails it to the internal
// administrators with the PDF attached; the spec's refusals (no subject, no
// text, a renamed non-PDF, an oversized file, two files, someone else's agent
// number) save nothing and keep what was typed.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { JobHelpers } from "graphile-worker";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SVCREQ_MESSAGES } from "~/features/service-requests/service-request";
import { jobKeys } from "~/features/jobs/queue.server";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { closeMailTransport, getCapturedMail } from "~/lib/mail.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { createSession } from "~/lib/session.server";
import { readFileBytes } from "~/lib/storage.server";
import { action as pageAction, loader as pageLoader } from "~/routes/svcreq.($typ)";
import { action as sendAction } from "~/routes/svcreq_.send";
import { loader as attachmentLoader } from "~/routes/dev.mail.$id.attachment.$n";
import { withPeerAddress } from "~/lib/net.server";
import { sendEmail } from "../../jobs/tasks/send-email";
import { useTestDatabase } from "../support/db";
import { createAgent, createUser, seedReferenceData } from "../support/factories";
import { freePort } from "../support/free-port";
import { filesOnDisk, responseOf } from "./upload-fixtures";

useTestDatabase();

const APP_URL = "http://localhost:3000";
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "svcreq-test-"));
  process.env.DATA_DIR = dataDir;
  process.env.APP_URL = APP_URL;
  delete process.env.SMTP_URL;
  resetEnvCache();
  resetSecretsCache();
  await seedReferenceData();
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const pdf = (size = 0) => {
  const head = new TextEncoder().encode("%PDF-1.4\n% contact us\n");
  const bytes = new Uint8Array(Math.max(size, head.length));
  bytes.set(head);
  return bytes;
};

async function signIn(userId: string): Promise<string> {
  return (await createSession(new Request(`${APP_URL}/`), { userId })).split(";")[0]!;
}

type Fields = { requestTypeCode?: string; requestText?: string; requesterNumber?: string };
type Upload = { name: string; bytes: Uint8Array };

function svcreqRequest(cookie: string, fields: Fields, files: Upload[] = [], opts: { json?: boolean } = {}): Request {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) fd.set(k, v);
  for (const f of files) fd.append("file", new File([f.bytes as BlobPart], f.name, { type: "application/pdf" }));
  const url = opts.json ? `${APP_URL}/svcreq/send` : `${APP_URL}/svcreq`;
  return new Request(url, {
    method: "POST",
    body: fd,
    headers: { Cookie: cookie, Origin: APP_URL, ...(opts.json ? { Accept: "application/json" } : {}) },
  });
}

const postPage = (r: Request) => responseOf(() => pageAction({ request: r, params: {}, context: {} }));
const postJson = (r: Request) => responseOf(() => sendAction({ request: r, params: {}, context: {} }));

/** The action's data (Remix's data() is a plain object with init). */
function actionData(res: unknown): { data: { outcome: string; reply: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } | null }; status: number } {
  const r = res as { data: never; init: { status: number } | null };
  return { data: r.data, status: r.init?.status ?? 200 };
}

async function queuedJob(serviceRequestId: number) {
  const rows = await prisma.$queryRaw<Array<{ task_identifier: string; payload: Record<string, unknown> }>>`
    SELECT t.identifier AS task_identifier, j.payload FROM graphile_worker._private_jobs j
      JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE j.key = ${jobKeys.serviceRequest(serviceRequestId)}`;
  return rows[0] ?? null;
}

const job = (id: string, key: string) => ({ job: { id, key }, logger: { info() {}, warn() {}, error() {}, debug() {} } }) as unknown as JobHelpers;

describe("Contact Us", () => {
  it("shows the form: request date, requester, own agent numbers, subjects with typ preselected", async () => {
    const user = await createUser(prisma, { firstName: "Cora", lastName: "Contact" });
    await createAgent(prisma, { userId: user.id, agentNumber: "CU1001" });
    const res = await pageLoader({ request: new Request(`${APP_URL}/svcreq/SVCREQ_LEVELCHG`, { headers: { Cookie: await signIn(user.id) } }), params: { typ: "SVCREQ_LEVELCHG" }, context: {} });
    const { form } = res as Awaited<ReturnType<typeof pageLoader>>;
    expect(form.requestDate).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M E[SD]T$/);
    expect(form.requester).toContain("Cora Contact");
    expect(form.agentNumbers).toEqual(["CU1001"]);
    expect(form.subjects).toContainEqual({ code: "SVCREQ_LEVELCHG", label: "Request that an Agent be Moved" });
    expect(form.preselected).toBe("SVCREQ_LEVELCHG");
  });

  it("stores the request with its PDF and a keyed job; the job mails it with the PDF to the internal administrators", async () => {
    const admin = await createUser(prisma, { isInternal: true, userName: `admin-${Date.now()}@example.com` });
    const user = await createUser(prisma, { userRoleCode: "USRROLE_MD" });
    await createAgent(prisma, { userId: user.id, agentNumber: "CU2001" });
    const bytes = pdf(5000);
    const res = await postPage(svcreqRequest(await signIn(user.id), { requestTypeCode: "SVCREQ_GENERAL", requestText: "Please call me.", requesterNumber: "CU2001" }, [{ name: "letter.PDF", bytes }]));
    expect((res as Response).status).toBe(303);
    expect((res as Response).headers.get("Location")).toBe("/svcreq?sent=1");
    const row = await prisma.serviceRequest.findFirstOrThrow({ where: { requesterUserId: user.id }, include: { attachment: true } });
    expect(row).toMatchObject({ requesterTypeCode: "RQTYP_MD", requesterNumber: "CU2001", requestTypeCode: "SVCREQ_GENERAL", requestText: "Please call me.", status: "OPEN" });
    expect(row.attachment).toMatchObject({ contentType: "application/pdf", byteSize: 5000, fileName: "letter.PDF" });
    expect(await readFileBytes(row.attachment!)).toEqual(bytes);

    const queued = await queuedJob(row.serviceRequestId);
    expect(queued?.task_identifier).toBe("send-email");
    expect(queued?.payload).toMatchObject({ attachmentFileIds: [row.attachmentFileId] });
    expect(queued?.payload.to).toContain(admin.userName);
    expect(JSON.stringify(queued?.payload)).not.toContain("%PDF");

    // Captured (no SMTP): the message keeps what was attached.
    await sendEmail(queued!.payload, job("9001", jobKeys.serviceRequest(row.serviceRequestId)));
    const mail = await prisma.mailMessage.findUniqueOrThrow({ where: { deliveryKey: jobKeys.serviceRequest(row.serviceRequestId) } });
    const captured = await getCapturedMail(mail.id);
    expect(captured?.attachments).toEqual([{ fileName: "letter.PDF", contentType: "application/pdf", byteSize: 5000, storedFileId: row.attachmentFileId }]);
    expect(captured?.text).toContain("Please call me.");
    // The development mailbox offers the attachment.
    const devArgs = (n: string) =>
      ({ request: withPeerAddress(new Request(`http://localhost/dev/mail/${mail.id}/attachment/${n}`), "127.0.0.1"), params: { id: mail.id, n }, context: {} }) as never;
    const download = (await attachmentLoader(devArgs("0"))) as Response;
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
    await expect(attachmentLoader(devArgs("1"))).rejects.toMatchObject({ status: 404 });

    // Through SMTP: the PDF arrives attached.
    const received: ParsedMail[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, _s, cb) {
        simpleParser(stream).then((m) => { received.push(m); cb(); }, cb);
      },
    });
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    try {
      process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
      resetEnvCache();
      await sendEmail(queued!.payload, job("9002", "svcreq:smtp-check"));
      expect(received).toHaveLength(1);
      expect(received[0]!.attachments).toHaveLength(1);
      expect(received[0]!.attachments[0]!.filename).toBe("letter.PDF");
      expect(new Uint8Array(received[0]!.attachments[0]!.content)).toEqual(bytes);
    } finally {
      delete process.env.SMTP_URL;
      resetEnvCache();
      closeMailTransport();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("sends without an attachment, as an agent (RQTYP_AGT), and answers JSON to the script", async () => {
    const user = await createUser(prisma);
    const res = (await postJson(svcreqRequest(await signIn(user.id), { requestTypeCode: "SVCREQ_TECH", requestText: "Hello" }, [], { json: true }))) as Response;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ result: "SENT" });
    const row = await prisma.serviceRequest.findFirstOrThrow({ where: { requesterUserId: user.id } });
    expect(row).toMatchObject({ requesterTypeCode: "RQTYP_AGT", requesterNumber: null, attachmentFileId: null });
  });

  it("refuses a missing subject, a missing text, a renamed non-PDF, an oversized PDF, two files and another's agent number: nothing saved, the text kept", async () => {
    const user = await createUser(prisma);
    await createAgent(prisma, { userId: user.id, agentNumber: "CU3001" });
    const other = await createUser(prisma);
    await createAgent(prisma, { userId: other.id, agentNumber: "CU3999" });
    const cookie = await signIn(user.id);
    const before = filesOnDisk(dataDir);

    const noSubject = actionData(await postPage(svcreqRequest(cookie, { requestText: "Typed text" })));
    expect(noSubject.status).toBe(400);
    expect(noSubject.data.outcome).toBe("INVALID");
    expect(noSubject.data.reply?.error?.requestTypeCode).toEqual([SVCREQ_MESSAGES.subjectRequired]);
    expect(noSubject.data.reply?.initialValue?.requestText).toBe("Typed text");

    const noText = actionData(await postPage(svcreqRequest(cookie, { requestTypeCode: "SVCREQ_GENERAL", requestText: "  " })));
    expect(noText.data.reply?.error?.requestText).toEqual([SVCREQ_MESSAGES.textRequired]);

    const tooLong = actionData(await postPage(svcreqRequest(cookie, { requestTypeCode: "SVCREQ_GENERAL", requestText: "x".repeat(50_000) })));
    expect(tooLong.data.reply?.error?.requestText).toEqual([SVCREQ_MESSAGES.textTooLong]);

    const fake = new TextEncoder().encode("PK\u0003\u0004 a zip renamed to .pdf");
    const renamed = actionData(await postPage(svcreqRequest(cookie, { requestTypeCode: "SVCREQ_GENERAL", requestText: "With a file" }, [{ name: "report.pdf", bytes: fake }])));
    expect(renamed.status).toBe(400);
    expect(renamed.data.outcome).toBe("INVALID_FILE");
    expect(renamed.data.reply?.error?.file).toEqual([SVCREQ_MESSAGES.invalidFileMessage]);
    expect(renamed.data.reply?.initialValue?.requestText).toBe("With a file");

    const notNamedPdf = actionData(await postPage(svcreqRequest(cookie, { requestTypeCode: "SVCREQ_GENERAL", requestText: "x" }, [{ name: "scan.png", bytes: pdf() }])));
    expect(notNamedPdf.data.outcome).toBe("INVALID_FILE");

    const big = actionData(await postPage(svcreqRequest(cookie, { requestTypeCode: "SVCREQ_GENERAL", requestText: "x" }, [{ name: "big.pdf", bytes: pdf(2_000_001) }])));
    expect(big.data.outcome).toBe("INVALID_FILE");
    const exact = (await postPage(svcreqRequest(cookie, { requestTypeCode: "SVCREQ_GENERAL", requestText: "exactly 2,000,000" }, [{ name: "max.pdf", bytes: pdf(2_000_000) }]))) as Response;
    expect(exact.status).toBe(303);
    await prisma.serviceRequest.deleteMany({ where: { requesterUserId: user.id } });
    const afterExact = filesOnDisk(dataDir);

    const two = (await postJson(svcreqRequest(cookie, { requestTypeCode: "SVCREQ_GENERAL", requestText: "x" }, [{ name: "a.pdf", bytes: pdf() }, { name: "b.pdf", bytes: pdf() }], { json: true }))) as Response;
    expect(two.status).toBe(400);
    expect(await two.json()).toMatchObject({ result: "INVALID_FILE" });

    const notMine = actionData(await postPage(svcreqRequest(cookie, { requestTypeCode: "SVCREQ_GENERAL", requestText: "x", requesterNumber: "CU3999" })));
    expect(notMine.data.reply?.error?.requesterNumber).toEqual([SVCREQ_MESSAGES.requesterNumberUnknown]);

    const unknownSubject = actionData(await postPage(svcreqRequest(cookie, { requestTypeCode: "SVCREQ_NOPE", requestText: "x" })));
    expect(unknownSubject.data.reply?.error?.requestTypeCode).toEqual([SVCREQ_MESSAGES.subjectRequired]);

    expect(await prisma.serviceRequest.count({ where: { requesterUserId: user.id } })).toBe(0);
    expect(afterExact).toBe(before + 1);
    expect(filesOnDisk(dataDir)).toBe(afterExact);
  });

  it("refuses an anonymous sender: the page signs in again, the script gets 401", async () => {
    const page = await postPage(svcreqRequest("portal_session=none", { requestTypeCode: "SVCREQ_GENERAL", requestText: "x" }));
    expect((page as Response).status).toBe(303);
    expect((page as Response).headers.get("Location")).toMatch(/^\/session-expired/);
    const script = (await postJson(svcreqRequest("portal_session=none", { requestTypeCode: "SVCREQ_GENERAL", requestText: "x" }, [], { json: true }))) as Response;
    expect(script.status).toBe(401);
  });
});
