// The embedded job runner against a real PostgreSQL and a real SMTP server:
// a queued email is delivered, a job key deduplicates, and stopping the
// runner lets a job that is already running finish.
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { addJob, startWorker, stopWorker, workerState } from "~/lib/jobs.server";
import { closeMailTransport } from "~/lib/mail.server";
import { freePort } from "../../server/embedded-postgres";
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
