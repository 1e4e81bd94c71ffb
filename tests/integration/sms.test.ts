// Text messages (issue 11; decision 0031) through a real HTTP gateway on
// loopback (node:http): the POST format and bearer token, sent once per job
// key even when the job runs twice or is queued again, a failing gateway
// retried by the real job runner up to the limit and left FAILED, and,
// without SMS_URL, captured and shown at /dev/sms (loopback, or an internal
// administrator when the portal is not local).
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { JobHelpers } from "graphile-worker";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { addJob, startWorker, stopWorker } from "~/lib/jobs.server";
import { withPeerAddress } from "~/lib/net.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { createSession } from "~/lib/session.server";
import { loader as smsLoader } from "~/routes/dev.sms";
import { loader as mailLoader } from "~/routes/dev.mail._index";
import { notifyAppointmentEvent, type AddJob } from "~/features/appointment/notifications.server";
import { sendSms } from "../../jobs/tasks/send-sms";
import { MAX_ATTEMPTS } from "~/features/jobs/queue.server";
import { useTestDatabase } from "../support/db";
import { createAgent, createAppointment, createUser, seedReferenceData } from "../support/factories";
import { useTempDataDir } from "../support/temp-dir";

useTestDatabase();

type Hit = { method: string; url: string; headers: IncomingHttpHeaders; body: unknown };

/** An SMS gateway on loopback: records every request and answers with `answer` (status, body). */
async function startGateway() {
  const hits: Hit[] = [];
  const gw = { hits, answer: { status: 200, body: '{"id":"gw-1"}' } as { status: number; body: string } };
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        /* recorded as text */
      }
      hits.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      res.writeHead(gw.answer.status, { "Content-Type": "application/json" }).end(gw.answer.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms/send`;
  return { ...gw, gw, url, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const job = (id: string, key?: string) =>
  ({ job: { id, key, attempts: 1, max_attempts: MAX_ATTEMPTS.sms }, logger: { info() {}, warn() {}, error() {}, debug() {} } }) as unknown as JobHelpers;

async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
}

let gateway: Awaited<ReturnType<typeof startGateway>>;

useTempDataDir("sms");

beforeAll(async () => {
  resetEnvCache();
  resetSecretsCache();
  await seedReferenceData();
  gateway = await startGateway();
});

afterAll(async () => {
  await stopWorker();
  await gateway.close();
});

afterEach(async () => {
  await stopWorker();
  delete process.env.SMS_URL;
  delete process.env.SMS_AUTH_TOKEN;
  delete process.env.APP_URL;
  resetEnvCache();
  gateway.hits.length = 0;
  gateway.gw.answer = { status: 200, body: '{"id":"gw-1"}' };
});

function useGateway(token?: string) {
  process.env.SMS_URL = gateway.url;
  if (token) process.env.SMS_AUTH_TOKEN = token;
  resetEnvCache();
}

describe("send-sms through an HTTP gateway", () => {
  it("POSTs {to, text} as JSON with the bearer token, once per job key even when the job runs twice", async () => {
    useGateway("s3cret-token");
    const payload = { to: "(512) 555-0123", text: "Appointment Portal: hello", relatedType: "TEST", relatedId: "1" };
    await sendSms(payload, job("11", "appointment-sms:approved:7:u1:15125550123"));
    await sendSms(payload, job("11", "appointment-sms:approved:7:u1:15125550123")); // the same job after a crash
    await sendSms(payload, job("12", "appointment-sms:approved:7:u1:15125550123")); // queued again with its key

    expect(gateway.hits).toHaveLength(1);
    const [hit] = gateway.hits;
    expect(hit).toMatchObject({ method: "POST", url: "/sms/send", body: { to: "+15125550123", text: "Appointment Portal: hello" } });
    expect(hit!.headers["content-type"]).toBe("application/json");
    expect(hit!.headers.authorization).toBe("Bearer s3cret-token");
    expect(hit!.headers["idempotency-key"]).toMatch(/^[0-9a-f]{64}$/);
    const rows = await prisma.smsMessage.findMany({ where: { relatedType: "TEST" } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ to: "+15125550123", status: "SENT", attempts: 1, gatewayId: "gw-1", error: null });
    expect(rows[0]!.sentAt).toBeInstanceOf(Date);

    // Another key is another message; no token, no Authorization header.
    delete process.env.SMS_AUTH_TOKEN;
    resetEnvCache();
    await sendSms(payload, job("13"));
    expect(gateway.hits).toHaveLength(2);
    expect(gateway.hits[1]!.headers.authorization).toBeUndefined();
  });

  it("a failed attempt is recorded and the retry sends (attempts counted)", async () => {
    useGateway();
    gateway.gw.answer = { status: 503, body: '{"error":"busy"}' };
    const payload = { to: "5125550124", text: "retry me", relatedType: "TEST-RETRY" };
    await expect(sendSms(payload, job("21", "k-retry"))).rejects.toThrow("SMS gateway answered 503");
    expect(await prisma.smsMessage.findUniqueOrThrow({ where: { deliveryKey: "k-retry" } })).toMatchObject({
      status: "FAILED",
      attempts: 1,
      error: 'SMS gateway answered 503: {"error":"busy"}',
    });
    gateway.gw.answer = { status: 202, body: "" };
    await sendSms(payload, job("21", "k-retry"));
    await sendSms(payload, job("21", "k-retry"));
    expect(gateway.hits).toHaveLength(2);
    expect(await prisma.smsMessage.findUniqueOrThrow({ where: { deliveryKey: "k-retry" } })).toMatchObject({ status: "SENT", attempts: 2, error: null, gatewayId: null });
  });

  it("an unreachable gateway fails the attempt with a clear error", async () => {
    const closed = await startGateway();
    await closed.close();
    process.env.SMS_URL = closed.url;
    resetEnvCache();
    await expect(sendSms({ to: "5125550125", text: "nobody there" }, job("31", "k-down"))).rejects.toThrow(/SMS gateway unreachable/);
    expect((await prisma.smsMessage.findUniqueOrThrow({ where: { deliveryKey: "k-down" } })).status).toBe("FAILED");
  });

  it("the job runner retries a failing gateway up to the limit, then leaves the text FAILED", async () => {
    useGateway();
    gateway.gw.answer = { status: 500, body: "down" };
    await startWorker();
    await addJob("send-sms", { to: "5125550126", text: "never arrives", relatedType: "TEST-LIMIT" }, { jobKey: "k-limit", maxAttempts: MAX_ATTEMPTS.sms });
    // graphile-worker waits exp(attempts) seconds between attempts: bring each retry forward.
    const final = await waitFor(async () => {
      const [j] = await prisma.$queryRaw<Array<{ attempts: number; max_attempts: number; last_error: string | null }>>`
        SELECT attempts, max_attempts, last_error FROM graphile_worker._private_jobs WHERE key = 'k-limit'`;
      if (j && j.attempts >= j.max_attempts) return j;
      await prisma.$executeRaw`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = 'k-limit' AND locked_at IS NULL`;
      return null;
    }, 60_000);
    expect(final).toMatchObject({ attempts: 5, max_attempts: 5 });
    expect(final.last_error).toContain("SMS gateway answered 500");
    // Nothing more: the job stays, failed, for an operator; the gateway saw exactly five attempts.
    await prisma.$executeRaw`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = 'k-limit'`;
    await new Promise((r) => setTimeout(r, 2500));
    expect(gateway.hits).toHaveLength(5);
    expect(await prisma.smsMessage.findUniqueOrThrow({ where: { deliveryKey: "k-limit" } })).toMatchObject({
      status: "FAILED",
      attempts: 5,
      error: "SMS gateway answered 500: down",
    });
  });
});

describe("notification texts", () => {
  it("a recruiter who asked for approval texts gets one per number, through the runner, once", async () => {
    useGateway();
    const recruiterUser = await createUser(prisma, { firstName: "Rita", lastName: "Recruiter" });
    const recruiter = await createAgent(prisma, { userId: recruiterUser.id, hierarchyLevel: 1 });
    await prisma.notificationSubscriber.create({
      data: {
        userId: recruiterUser.id,
        preferences: {
          create: [
            { categoryCode: "CAT_APPAPRV_RECRUIT", methodCode: "EMAIL_EVT", isEnabled: false, preferenceValue: "" },
            { categoryCode: "CAT_APPAPRV_RECRUIT", methodCode: "SMS_EVT", isEnabled: true, preferenceValue: "512-555-0130, (512) 555-0131" },
          ],
        },
      },
    });
    const prospect = await createUser(prisma, { userRoleCode: "USRROLE_PROSPECT" });
    const app = await createAppointment(prisma, {
      userId: prospect.id,
      recruiterAgentId: recruiter.id,
      appointmentStatusCode: "APWF_STATUS_APPROVED",
      agentNumber: "A12345",
      personal: { firstName: "Pat", lastName: "Prospect" },
    });
    await startWorker();
    const key = `notify-approved:${app.appointmentId}`;
    await addJob("notify-appointment", { appointmentId: app.appointmentId, event: "APPROVED" }, { jobKey: key });
    await waitFor(async () => (await prisma.smsMessage.count({ where: { relatedType: "APPOINTMENT_APPROVED", status: "SENT" } })) === 2);
    await addJob("notify-appointment", { appointmentId: app.appointmentId, event: "APPROVED" }, { jobKey: key });
    await waitFor(async () => {
      const [r] = await prisma.$queryRaw<Array<{ n: bigint }>>`SELECT count(*)::bigint AS n FROM graphile_worker._private_jobs WHERE attempts < max_attempts`;
      return Number(r!.n) === 0;
    });
    expect(gateway.hits.map((h) => (h.body as { to: string }).to).sort()).toEqual(["+15125550130", "+15125550131"]);
    expect((gateway.hits[0]!.body as { text: string }).text).toMatch(/^Appointment Portal: the application of Pat Prospect was approved\. http/);
    // The email switch is off: the recruiter gets no email; the prospect gets theirs.
    const mails = await prisma.mailMessage.findMany({ where: { relatedType: "APPOINTMENT_APPROVED" }, select: { to: true, subject: true, html: true } });
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[[prospect.userName], "Your appointment application was approved"]]);
    expect(mails[0]!.html).toContain("A12345");
  });

  it("an unusable number is counted, not queued", async () => {
    const queued: string[] = [];
    const add: AddJob = async (name: "send-email" | "send-sms", p: { to: string | string[] }) => void queued.push(`${name}:${String(p.to)}`);
    const user = await createUser(prisma, {});
    const agent = await createAgent(prisma, { userId: user.id, hierarchyLevel: 1 });
    await prisma.notificationSubscriber.create({
      data: {
        userId: user.id,
        preferences: { create: [{ categoryCode: "CAT_APPREJ_RECRUIT", methodCode: "SMS_EVT", isEnabled: true, preferenceValue: "12345, 5125550140" }] },
      },
    });
    const app = await createAppointment(prisma, { recruiterAgentId: agent.id, appointmentStatusCode: "APWF_STATUS_REJECTED" });
    const r = await notifyAppointmentEvent("REJECTED", app.appointmentId, add);
    expect(r).toMatchObject({ smsQueued: 1, invalidNumbers: 1, emailsQueued: 1 });
    expect(queued.sort()).toEqual([`send-email:${user.userName}`, "send-sms:+15125550140"]);
  });
});

describe("without SMS_URL", () => {
  const args = (url: string, request?: Request) =>
    ({ request: request ?? withPeerAddress(new Request(url), "127.0.0.1"), params: {}, context: {} }) as unknown as LoaderFunctionArgs;

  it("texts are captured, not sent, and listed at /dev/sms beside the mailbox for this machine", async () => {
    await sendSms({ to: "5125550150", text: "Captured hello", relatedType: "TEST-CAPTURE" }, job("41", "k-capture"));
    await sendSms({ to: "5125550150", text: "Captured hello", relatedType: "TEST-CAPTURE" }, job("41", "k-capture"));
    expect(gateway.hits).toHaveLength(0);
    const row = await prisma.smsMessage.findUniqueOrThrow({ where: { deliveryKey: "k-capture" } });
    expect(row).toMatchObject({ status: "CAPTURED", attempts: 0, to: "+15125550150" });

    const list = await smsLoader(args("http://localhost/dev/sms?page=1"));
    expect(list.rows.filter((r) => r.text === "Captured hello")).toEqual([
      expect.objectContaining({ id: row.id, to: "+15125550150", text: "Captured hello" }),
    ]);
    // The mailbox shows the tab to the texts while both are captured.
    expect((await mailLoader(args("http://localhost/dev/mail"))).smsCapture).toBe(true);

    // With a gateway configured there is nothing to show.
    useGateway();
    await expect(smsLoader(args("http://localhost/dev/sms"))).rejects.toMatchObject({ status: 404 });
    expect((await mailLoader(args("http://localhost/dev/mail"))).smsCapture).toBe(false);
  });

  it("when the portal is not local, only an internal administrator sees them", async () => {
    process.env.APP_URL = "https://portal.example.com";
    resetEnvCache();
    await sendSms({ to: "5125550151", text: "Admins only" }, job("51", "k-admin"));
    const url = "https://portal.example.com/dev/sms";
    await expect(smsLoader(args(url))).rejects.toMatchObject({ status: 404 });
    const as = async (userId: string) => {
      const cookie = (await createSession(new Request("https://portal.example.com/"), { userId })).split(";")[0]!;
      return args(url, withPeerAddress(new Request(url, { headers: { Cookie: cookie } }), "198.51.100.9"));
    };
    const agent = await createUser(prisma, {});
    const admin = await createUser(prisma, { isInternal: true });
    await expect(smsLoader(await as(agent.id))).rejects.toMatchObject({ status: 404 });
    const seen = await smsLoader(await as(admin.id));
    expect(seen.rows.map((r) => r.text)).toContain("Admins only");
  });
});
