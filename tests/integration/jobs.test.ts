// The embedded job runner against a real PostgreSQL and a real SMTP server:
// a queued email is delivered, a job key deduplicates, and stopping the
// runner lets a job that is already running finish. queueJob (decision 0058):
// in the caller's transaction, typed, every job's key and attempts as they
// were, and no sensitive field in a payload.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { JobPayloadError, jobOptions, queueJob, sensitivePayloadField } from "~/features/jobs/queue.server";
import { prisma } from "~/lib/db.server";
import { env, resetEnvCache } from "~/lib/env.server";
import { addJob, CUT_OFF, startWorker, stopWorker, workerState } from "~/lib/jobs.server";
import { closeMailTransport } from "~/lib/mail.server";
import { freePort } from "../support/free-port";
import { useTestDatabase } from "../support/db";

useTestDatabase();

async function waitFor<T>(fn: () => Promise<T | null | undefined>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("job runner", () => {
  afterEach(async () => {
    await stopWorker();
    delete process.env.SMTP_URL;
    closeMailTransport();
    resetEnvCache();
  });

  it("runs a queued send-email job (captured when no SMTP server is configured)", async () => {
    delete process.env.SMTP_URL;
    resetEnvCache();
    await startWorker();
    expect(workerState()).toBe("running");
    await addJob("send-email", { to: "someone@example.com", subject: "Hello from the runner", text: "hi" });
    const row = await waitFor(() => prisma.mailMessage.findFirst({ where: { subject: "Hello from the runner" } }));
    expect(row.status).toBe("CAPTURED");
    expect(row.to).toEqual(["someone@example.com"]);
  });

  it("replaces, rather than duplicates, a job queued twice with the same key", async () => {
    await addJob("send-email", { to: "a@example.com", subject: "Keyed v1" }, { jobKey: "k1" });
    await addJob("send-email", { to: "a@example.com", subject: "Keyed v2" }, { jobKey: "k1" });
    await startWorker();
    await waitFor(() => prisma.mailMessage.findFirst({ where: { subject: "Keyed v2" } }));
    await new Promise((r) => setTimeout(r, 500));
    expect(await prisma.mailMessage.count({ where: { subject: { startsWith: "Keyed" } } })).toBe(1);
  });

  it("gives a job cut off on its last attempt by a dead process that attempt back, once: cut off twice in a row without progress it stays failed, saying so", async () => {
    delete process.env.SMTP_URL;
    resetEnvCache();
    // A process of this DATA_DIR that ran jobs and is gone (kill -9): its record names its pool.
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid;
    mkdirSync(path.join(env().dataDir, "job-runners"), { recursive: true });
    writeFileSync(
      path.join(env().dataDir, "job-runners", `${os.hostname()}-${dead}.json`),
      JSON.stringify({ host: os.hostname(), pid: dead, ids: ["pool-of-the-dead"], startedAt: new Date().toISOString() }),
    );
    const first = await addJob("send-email", { to: "cut@example.com", subject: "Cut once", text: "x" });
    const again = await addJob("send-email", { to: "cut@example.com", subject: "Cut twice", text: "x" });
    // Both taken by the dead pool on their last attempt; the second was cut off before, and has no checkpoint to make progress by (decision 0083).
    await prisma.$executeRaw`UPDATE graphile_worker._private_jobs SET locked_by = 'pool-of-the-dead', locked_at = now(), attempts = max_attempts WHERE id IN (${BigInt(first.id)}, ${BigInt(again.id)})`;
    await prisma.$executeRaw`UPDATE graphile_worker._private_jobs SET last_error = ${CUT_OFF} WHERE id = ${BigInt(again.id)}`;
    await prisma.$executeRaw`INSERT INTO job_cut_offs (job_id, cuts, stalled_cuts) VALUES (${BigInt(again.id)}, 1, 1)`;
    await startWorker();
    await waitFor(() => prisma.mailMessage.findFirst({ where: { subject: "Cut once" } }));
    await new Promise((r) => setTimeout(r, 500));
    expect(await prisma.mailMessage.count({ where: { subject: "Cut twice" } })).toBe(0);
    const [left] = await prisma.$queryRaw<Array<{ attempts: number; max_attempts: number; last_error: string; locked_by: string | null }>>`
      SELECT attempts, max_attempts, last_error, locked_by FROM graphile_worker.jobs WHERE id = ${BigInt(again.id)}`;
    expect(left).toEqual({ attempts: left!.max_attempts, max_attempts: left!.max_attempts, last_error: CUT_OFF, locked_by: null });
  });

  describe("with a slow SMTP server", () => {
    let smtp: SMTPServer;
    let port: number;
    const received: string[] = [];

    beforeAll(async () => {
      port = await freePort();
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        onData(stream, _session, callback) {
          let body = "";
          stream.on("data", (c: Buffer) => (body += c.toString()));
          // Answer only after 1.5 s: the job is "running" meanwhile.
          stream.on("end", () => setTimeout(() => (received.push(body), callback()), 1500));
        },
      });
      await new Promise<void>((r) => smtp.listen(port, "127.0.0.1", r));
    });
    afterAll(() => new Promise<void>((r) => smtp.close(() => r())));

    it("lets a running job finish when the runner is stopped", async () => {
      process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
      resetEnvCache();
      await startWorker();
      await addJob("send-email", { to: "slow@example.com", subject: "Slow one", text: "x" });
      // Wait until the job is taken (locked) by the runner, then stop it.
      await waitFor(async () => {
        const rows = await prisma.$queryRaw<Array<{ n: bigint }>>`
          SELECT count(*)::bigint AS n FROM graphile_worker.jobs WHERE locked_at IS NOT NULL`;
        return rows[0]!.n > 0n;
      });
      await stopWorker();
      expect(workerState()).toBe("stopped");
      const row = await prisma.mailMessage.findFirst({ where: { subject: "Slow one" } });
      expect(row?.status).toBe("SENT");
      expect(received.some((b) => b.includes("Slow one"))).toBe(true);
    });
  });
});

describe("queueJob: the one way the app queues a job", () => {
  afterAll(stopWorker); // releases the worker utilities queueJob made the schema with
  const jobRows = (key: string) =>
    prisma.$queryRaw<Array<{ task: string; key: string; max_attempts: number; payload: unknown }>>`
      SELECT t.identifier AS task, j.key, j.max_attempts, j.payload FROM graphile_worker._private_jobs j
        JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE j.key = ${key}`;

  it("queues in the caller's transaction: committed with its rows, or not at all", async () => {
    const failed = prisma.$transaction(async (tx) => {
      await queueJob(tx, "generate-report", { reportRequestId: 901 }, jobOptions.report(901));
      throw new Error("the write after it failed");
    });
    await expect(failed).rejects.toThrow("the write after it failed");
    expect(await jobRows("report:901")).toEqual([]);
    await prisma.$transaction((tx) => queueJob(tx, "generate-report", { reportRequestId: 901 }, jobOptions.report(901)));
    expect(await jobRows("report:901")).toEqual([{ task: "generate-report", key: "report:901", max_attempts: 3, payload: { reportRequestId: 901 } }]);
  });

  it("keeps the key and attempts every job had before issue 21 gathered them here", () => {
    const inv = "0b6c1a52-6f0e-4a51-9d53-2f3f0c8d7e11";
    const spec = (o: { task: string; jobKey: string; maxAttempts: number }) => [o.task, o.jobKey, o.maxAttempts];
    expect(
      [
        jobOptions.importRun(7),
        jobOptions.userInvitationMail(inv),
        jobOptions.serviceRequestMail(7),
        jobOptions.serviceRequestReplyMail(8),
        jobOptions.report(7),
        jobOptions.invitationMail(7, "tok"),
        jobOptions.applicationPdf(7),
        jobOptions.notifyAppointment("SUBMITTED", 7),
        jobOptions.notifyAppointment("RETURNED", 7),
        jobOptions.notifyAppointment("REJECTED", 7),
        jobOptions.notifyAppointment("APPROVED", 7),
        jobOptions.notifyAppointment("ABANDONED", 7),
        jobOptions.notificationMail("APPROVED", 7, "", "u1"),
        jobOptions.notificationSms("SUBMITTED", 7, "@1700000000000", "u1", "+15125550111"),
      ].map(spec),
    ).toEqual([
      ["import-agents", "import-agents:7", 3],
      ["send-email", `user-invitation:${inv}`, 10],
      ["send-email", "svcreq:7", 10],
      ["send-email", "svcreq-reply:8", 10],
      ["generate-report", "report:7", 3],
      ["send-invitation", "invitation:7:tok", 12],
      // Submit gave no max_attempts: graphile-worker's default, 25.
      ["generate-application-pdf", "app-pdf:7", 25],
      ["notify-appointment", "notify-submitted:7", 25],
      ["notify-appointment", "notify-returned:7", 10],
      ["notify-appointment", "notify-rejected:7", 10],
      ["notify-appointment", "notify-approved:7", 10],
      ["notify-appointment", "notify-abandoned:7", 10],
      ["send-email", "appointment-mail:approved:7:u1", 12],
      ["send-sms", "appointment-sms:submitted:7@1700000000000:u1:15125550111", 5],
    ]);
    const provider = jobOptions.providerMail();
    expect(spec(provider)).toEqual(["send-email", expect.stringMatching(/^idp-mail:[0-9a-f-]{36}$/), 12]);
    expect(jobOptions.providerMail().jobKey).not.toBe(provider.jobKey);
  });

  it("refuses a payload with a field named like sensitive data, names the field but not its value, and queues nothing", async () => {
    const payload = { to: "someone@example.com", subject: "Contact Us", text: "x", ssn: "123-45-6789" };
    const error = await prisma.$transaction((tx) => queueJob(tx, "send-email", payload, jobOptions.serviceRequestMail(902))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobPayloadError);
    expect((error as Error).message).toContain("field ssn");
    expect((error as Error).message).not.toContain("123-45-6789");
    expect(await jobRows("svcreq:902")).toEqual([]);
    // Nested, and the other spellings of the sensitive numbers.
    expect(sensitivePayloadField({ rows: [{ bank_account_number: "1" }] })).toBe("rows[0].bank_account_number");
    expect(sensitivePayloadField({ businessTaxID: "x" })).toBe("businessTaxID");
    expect(sensitivePayloadField({ card: { cardNumber: "x" } })).toBe("card.cardNumber");
    expect(sensitivePayloadField({ routingNumber: "x" })).toBe("routingNumber");
    expect(sensitivePayloadField({ to: ["a@example.com"], subject: "s", relatedType: "T", relatedId: "1", attachmentFileIds: [] })).toBeNull();
  });

  it("is typed: an unknown task, another task's options or a payload the task does not take fail to compile, and are refused when forced", async () => {
    const mail = { to: "someone@example.com", subject: "typed" };
    // @ts-expect-error an unknown task name
    await expect(queueJob(prisma, "send-emails", mail, jobOptions.providerMail())).rejects.toThrow(JobPayloadError);
    // @ts-expect-error the options of another task (a report's key and attempts on an email)
    await expect(queueJob(prisma, "send-email", mail, jobOptions.report(903))).rejects.toThrow(JobPayloadError);
    // @ts-expect-error a payload its task does not take
    await expect(queueJob(prisma, "generate-report", { reportId: 903 }, jobOptions.report(903))).rejects.toThrow(JobPayloadError);
    expect(await jobRows("report:903")).toEqual([]);
  });
});
