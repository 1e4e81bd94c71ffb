// deliverMail against a real SMTP server on loopback (smtp-server), and the
// capture mode without SMTP_URL.
import { simpleParser, type ParsedMail } from "mailparser";
import type { Socket } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import {
  closeMailTransport,
  deliverMail,
  getCapturedMail,
  htmlToText,
  listCapturedMail,
  mailCaptureEnabled,
} from "~/lib/mail.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { withPeerAddress } from "~/lib/net.server";
import { loader as showLoader } from "~/routes/dev.mail.$id";
import { loader as listLoader } from "~/routes/dev.mail._index";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { resetSecretsCache } from "~/lib/secrets.server";
import { createSession } from "~/lib/session.server";
import type { JobHelpers } from "graphile-worker";
import { sendEmail } from "../../jobs/tasks/send-email";
import { useTestDatabase } from "../support/db";
import { freePort } from "../support/free-port";

useTestDatabase();

type Received = { envelope: { from: string; to: string[] }; parsed: ParsedMail };

async function startSmtp(opts: { reject?: boolean; rejectTo?: string; port?: number } = {}) {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (opts.reject || address.address === opts.rejectTo) {
        const err = new Error("Mailbox unavailable: relaying denied") as Error & { responseCode: number };
        err.responseCode = 550;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            parsed,
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  server.server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  const port = opts.port ?? (await freePort());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    /** SMTP sessions opened so far. */
    connections: () => connections,
    /** Cuts every open connection, as a server that times idle clients out or restarts. */
    dropConnections: () => {
      for (const socket of sockets) socket.destroy();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const saved = { SMTP_URL: process.env.SMTP_URL, MAIL_FROM: process.env.MAIL_FROM };

beforeAll(() => {
  process.env.MAIL_FROM = "Appointment Portal <no-reply@portal.test>";
});

afterEach(() => {
  closeMailTransport();
  delete process.env.SMTP_URL;
  resetEnvCache();
});

afterAll(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
});

describe("deliverMail", () => {
  it("sends through SMTP_URL and records the message as SENT", async () => {
    const smtp = await startSmtp();
    try {
      process.env.SMTP_URL = smtp.url;
      resetEnvCache();
      expect(mailCaptureEnabled()).toBe(false);
      const result = await deliverMail({
        to: ["prospect@example.com"],
        cc: ["recruiter@example.com"],
        bcc: ["audit@example.com"],
        subject: "Your appointment link",
        html: '<p>Hello <b>Pat</b>,</p><p>Start here: <a href="https://portal.test/welcome?lnk=MLT42">Begin appointment</a></p>',
        relatedType: "Invitation",
        relatedId: "inv-1",
      });
      expect(result.status).toBe("SENT");
      expect(smtp.received).toHaveLength(1);
      const [{ envelope, parsed }] = smtp.received;
      expect(envelope.from).toBe("no-reply@portal.test");
      expect(envelope.to.sort()).toEqual(["audit@example.com", "prospect@example.com", "recruiter@example.com"]);
      expect(parsed.subject).toBe("Your appointment link");
      expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : "").toBe("prospect@example.com");
      expect(parsed.cc && !Array.isArray(parsed.cc) ? parsed.cc.text : "").toBe("recruiter@example.com");
      expect(parsed.headers.get("bcc")).toBeUndefined();
      expect(parsed.html).toContain('<a href="https://portal.test/welcome?lnk=MLT42">Begin appointment</a>');
      expect(parsed.text).toContain("Hello Pat,");
      expect(parsed.text).toContain("Begin appointment (https://portal.test/welcome?lnk=MLT42)");

      const row = await prisma.mailMessage.findUniqueOrThrow({ where: { id: result.id } });
      expect(row).toMatchObject({
        status: "SENT",
        from: "Appointment Portal <no-reply@portal.test>",
        to: ["prospect@example.com"],
        cc: ["recruiter@example.com"],
        bcc: ["audit@example.com"],
        subject: "Your appointment link",
        relatedType: "Invitation",
        relatedId: "inv-1",
        error: null,
      });
      expect(row.messageId).toBe(parsed.messageId);
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.text).toContain("Begin appointment (https://portal.test/welcome?lnk=MLT42)");
      // Sent mail is not in the development mailbox.
      expect(await getCapturedMail(row.id)).toBeNull();
    } finally {
      await smtp.close();
    }
  });

  it("sends attachments and a given text part unchanged", async () => {
    const smtp = await startSmtp();
    try {
      process.env.SMTP_URL = smtp.url;
      resetEnvCache();
      await deliverMail({
        to: "agent@example.com",
        subject: "Your schedule",
        html: "<p>Attached.</p>",
        text: "See the attachment.",
        attachments: [{ filename: "schedule.pdf", content: Buffer.from("%PDF-1.4 test"), contentType: "application/pdf" }],
      });
      const [{ parsed }] = smtp.received;
      expect(parsed.text?.trim()).toBe("See the attachment.");
      expect(parsed.attachments.map((a) => a.filename)).toEqual(["schedule.pdf"]);
      expect(parsed.attachments[0].content.toString()).toBe("%PDF-1.4 test");
    } finally {
      await smtp.close();
    }
  });

  it("records FAILED with the error and rethrows when the server rejects the message", async () => {
    const smtp = await startSmtp({ reject: true });
    try {
      process.env.SMTP_URL = smtp.url;
      resetEnvCache();
      await expect(deliverMail({ to: "rejected@example.com", subject: "Will bounce", text: "Hello" })).rejects.toThrow(/550|relaying denied/i);
      const row = await prisma.mailMessage.findFirstOrThrow({ where: { subject: "Will bounce" } });
      expect(row.status).toBe("FAILED");
      expect(row.error).toMatch(/relaying denied/);
      expect(row.to).toEqual(["rejected@example.com"]);
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it("records FAILED when no SMTP server answers", async () => {
    const port = await freePort();
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    resetEnvCache();
    await expect(deliverMail({ to: "nobody@example.com", subject: "Nowhere", text: "x" })).rejects.toThrow();
    const row = await prisma.mailMessage.findFirstOrThrow({ where: { subject: "Nowhere" } });
    expect(row.status).toBe("FAILED");
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);
  });

  it("reuses one SMTP connection for messages that follow each other", async () => {
    const smtp = await startSmtp();
    try {
      process.env.SMTP_URL = smtp.url;
      resetEnvCache();
      for (let i = 1; i <= 3; i++) await deliverMail({ to: `p${i}@example.com`, subject: `Pooled ${i}`, text: "x" });
      expect(smtp.received.map((r) => r.parsed.subject)).toEqual(["Pooled 1", "Pooled 2", "Pooled 3"]);
      expect(smtp.connections()).toBe(1);
    } finally {
      await smtp.close();
    }
  });

  it("fails only the message whose recipient is refused, and the connection keeps serving the others", async () => {
    const smtp = await startSmtp({ rejectTo: "refused@example.com" });
    try {
      process.env.SMTP_URL = smtp.url;
      resetEnvCache();
      await deliverMail({ to: "first@example.com", subject: "Before refusal", text: "x" });
      const [refused, after] = await Promise.allSettled([
        deliverMail({ to: "refused@example.com", subject: "Refused one", text: "x" }),
        deliverMail({ to: "second@example.com", subject: "After refusal", text: "x" }),
      ]);
      expect(refused.status).toBe("rejected");
      expect(after.status).toBe("fulfilled");
      await deliverMail({ to: "third@example.com", subject: "Later", text: "x" });
      expect(smtp.received.map((r) => r.parsed.subject).sort()).toEqual(["After refusal", "Before refusal", "Later"]);
      const rows = await prisma.mailMessage.findMany({ where: { subject: { in: ["Refused one", "After refusal", "Later"] } } });
      expect(Object.fromEntries(rows.map((r) => [r.subject, r.status]))).toEqual({
        "Refused one": "FAILED",
        "After refusal": "SENT",
        Later: "SENT",
      });
    } finally {
      await smtp.close();
    }
  });

  it("replaces a pooled connection the server dropped, or a server restarted on the same port", async () => {
    const smtp = await startSmtp();
    let restarted: Awaited<ReturnType<typeof startSmtp>> | undefined;
    try {
      process.env.SMTP_URL = smtp.url;
      resetEnvCache();
      await deliverMail({ to: "a@example.com", subject: "Before the drop", text: "x" });
      smtp.dropConnections(); // the server times the idle connection out
      await deliverMail({ to: "a@example.com", subject: "After the drop", text: "x" });
      expect(smtp.received.map((r) => r.parsed.subject)).toEqual(["Before the drop", "After the drop"]);
      expect(smtp.connections()).toBe(2);

      // The server stops and another one starts on the same port: the next message goes to it.
      const closed = smtp.close();
      smtp.dropConnections();
      await closed;
      restarted = await startSmtp({ port: smtp.port });
      await deliverMail({ to: "a@example.com", subject: "After the restart", text: "x" });
      expect(restarted.received.map((r) => r.parsed.subject)).toEqual(["After the restart"]);
      expect(await prisma.mailMessage.count({ where: { subject: { in: ["Before the drop", "After the drop", "After the restart"] }, status: "SENT" } })).toBe(3);
    } finally {
      await smtp.close().catch(() => {});
      await restarted?.close();
    }
  });

  it("captures the message without SMTP_URL, with a text part derived from the HTML", async () => {
    delete process.env.SMTP_URL;
    resetEnvCache();
    expect(mailCaptureEnabled()).toBe(true);
    const result = await deliverMail({
      to: "Prospect@Example.com",
      subject: "Captured <one>",
      html: "<h1>Welcome</h1><p>Line one<br>Line two &amp; more</p><ul><li>First</li><li>Second</li></ul>",
    });
    expect(result.status).toBe("CAPTURED");
    const mail = await getCapturedMail(result.id);
    expect(mail).toMatchObject({ subject: "Captured <one>", to: ["Prospect@Example.com"] });
    expect(mail!.text).toBe("Welcome\n\nLine one\nLine two & more\n\n- First\n- Second");
  });

  it("lists captured mail newest first, 20 per page", async () => {
    delete process.env.SMTP_URL;
    resetEnvCache();
    await prisma.mailMessage.deleteMany({});
    for (let i = 1; i <= 23; i++) {
      await prisma.mailMessage.create({
        data: {
          from: "x@portal.test",
          to: [`p${i}@example.com`],
          subject: `Message ${i}`,
          text: "t",
          status: "CAPTURED",
          createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)),
        },
      });
    }
    await prisma.mailMessage.create({ data: { from: "x", to: ["sent@example.com"], subject: "Sent one", status: "SENT" } });
    const first = await listCapturedMail(1);
    expect(first.total).toBe(23);
    expect(first.pageCount).toBe(2);
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0].subject).toBe("Message 23");
    const second = await listCapturedMail(2);
    expect(second.rows.map((r) => r.subject)).toEqual(["Message 3", "Message 2", "Message 1"]);
    expect((await listCapturedMail(99)).page).toBe(2);
    expect((await listCapturedMail(Number.NaN)).page).toBe(1);
    expect(await getCapturedMail("not-a-uuid")).toBeNull();
  });
});

describe("the send-email task runs each job's email once", () => {
  // What graphile-worker hands the task: the job (its id, and its key when it
  // was queued with one). A job runs again when the process was killed after
  // the email went out but before the job was marked complete (decision 0014).
  const job = (id: string, key: string | null = null) =>
    ({ job: { id, key }, logger: { info() {}, warn() {}, error() {}, debug() {} } }) as unknown as JobHelpers;
  const payload = (subject: string) => ({ to: "prospect@example.com", subject, text: "Your link: https://portal.test/x" });

  it("sends a job once through SMTP when it runs twice, and a different job again", async () => {
    const smtp = await startSmtp();
    try {
      process.env.SMTP_URL = smtp.url;
      resetEnvCache();
      await sendEmail(payload("Once by id"), job("101"));
      await sendEmail(payload("Once by id"), job("101")); // the same job after a restart
      await sendEmail(payload("Once by key"), job("102", "appointment-mail:approved:7:u1"));
      await sendEmail(payload("Once by key"), job("103", "appointment-mail:approved:7:u1")); // re-queued with its key
      expect(smtp.received.map((r) => r.parsed.subject)).toEqual(["Once by id", "Once by key"]);
      expect(await prisma.mailMessage.count({ where: { subject: "Once by id" } })).toBe(1);
      expect(await prisma.mailMessage.count({ where: { subject: "Once by key" } })).toBe(1);

      await sendEmail(payload("Once by id"), job("104")); // another job: another email
      expect(smtp.received.map((r) => r.parsed.subject)).toEqual(["Once by id", "Once by key", "Once by id"]);
      const rows = await prisma.mailMessage.findMany({ where: { subject: "Once by id" } });
      expect(rows.map((r) => r.status)).toEqual(["SENT", "SENT"]);
    } finally {
      await smtp.close();
    }
  });

  it("sends on the retry of a job whose first SMTP attempt failed", async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${await freePort()}`; // nobody listens
    resetEnvCache();
    await expect(sendEmail(payload("Retried"), job("201"))).rejects.toThrow();
    const smtp = await startSmtp();
    try {
      closeMailTransport();
      process.env.SMTP_URL = smtp.url;
      resetEnvCache();
      await sendEmail(payload("Retried"), job("201"));
      await sendEmail(payload("Retried"), job("201")); // and not a third time
      expect(smtp.received.map((r) => r.parsed.subject)).toEqual(["Retried"]);
      const rows = await prisma.mailMessage.findMany({ where: { subject: "Retried" } });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: "SENT", attempts: 2, error: null });
      // A Message-ID of the job's own: a send repeated after a crash carries the same one.
      expect(rows[0].messageId).toMatch(/^<[0-9a-f]{32}@portal\.test>$/);
      expect(smtp.received[0].parsed.messageId).toBe(rows[0].messageId);
    } finally {
      await smtp.close();
    }
  });

  it("captures a job once, even when two runs of it race", async () => {
    delete process.env.SMTP_URL;
    resetEnvCache();
    await sendEmail(payload("Captured once"), job("301"));
    await Promise.all([sendEmail(payload("Captured once"), job("301")), sendEmail(payload("Captured once"), job("301"))]);
    await Promise.all([sendEmail(payload("Raced"), job("302")), sendEmail(payload("Raced"), job("302"))]);
    expect(await prisma.mailMessage.count({ where: { subject: "Captured once" } })).toBe(1);
    expect(await prisma.mailMessage.count({ where: { subject: "Raced" } })).toBe(1);
    await sendEmail(payload("Captured once"), job("303"));
    expect(await prisma.mailMessage.count({ where: { subject: "Captured once", status: "CAPTURED" } })).toBe(2);
  });

  it("delivers every call without a key, as before (direct callers)", async () => {
    delete process.env.SMTP_URL;
    resetEnvCache();
    await deliverMail(payload("No key"));
    await deliverMail(payload("No key"));
    expect(await prisma.mailMessage.count({ where: { subject: "No key" } })).toBe(2);
  });
});

describe("dev mailbox routes", () => {
  const args = (url: string, params: Record<string, string> = {}) =>
    // As the HTTP server hands it over: from this machine's loopback socket.
    ({ request: withPeerAddress(new Request(url), "127.0.0.1"), params, context: {} }) as unknown as LoaderFunctionArgs;

  it("list and show captured mail, and answer 404 when SMTP_URL is set", async () => {
    delete process.env.SMTP_URL;
    resetEnvCache();
    const { id } = await deliverMail({
      to: "reader@example.com",
      subject: "Route check",
      html: '<p>Open <a href="http://localhost:3001/password/reset/abc">this link</a></p><script>alert(1)</script>',
    });
    await prisma.mailMessage.deleteMany({ where: { id: { not: id } } });
    const list = await listLoader(args("http://localhost/dev/mail?page=1"));
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({ id, subject: "Route check", to: ["reader@example.com"] });
    const one = await showLoader(args(`http://localhost/dev/mail/${id}`, { id }));
    expect(one.mail.links).toEqual(["http://localhost:3001/password/reset/abc"]);
    expect(one.mail.text).toBe("Open this link (http://localhost:3001/password/reset/abc)");
    await expect(showLoader(args("http://localhost/dev/mail/x", { id: "x" }))).rejects.toMatchObject({ status: 404 });

    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    resetEnvCache();
    await expect(listLoader(args("http://localhost/dev/mail"))).rejects.toMatchObject({ status: 404 });
    await expect(showLoader(args(`http://localhost/dev/mail/${id}`, { id }))).rejects.toMatchObject({ status: 404 });
  });

  it("shows captured mail only to internal administrators when the portal is not on a loopback address", async () => {
    delete process.env.SMTP_URL;
    process.env.APP_URL = "https://portal.example.com";
    const dataDir = mkdtempSync(path.join(tmpdir(), "portal-mailbox-"));
    process.env.DATA_DIR = dataDir;
    resetEnvCache();
    resetSecretsCache();
    try {
      const { id } = await deliverMail({ to: "x@example.com", subject: "Reset link", text: "secret link" });
      const anonymous = args(`https://portal.example.com/dev/mail/${id}`, { id });
      await expect(showLoader(anonymous)).rejects.toMatchObject({ status: 404 });
      await expect(listLoader(args("https://portal.example.com/dev/mail"))).rejects.toMatchObject({ status: 404 });

      const agent = await prisma.user.create({ data: { userName: "plain.agent@example.com", emailVerified: true } });
      const admin = await prisma.user.create({ data: { userName: "ops@example.com", emailVerified: true, isInternal: true } });
      const as = async (userId: string) => {
        const cookie = (await createSession(new Request("https://portal.example.com/"), { userId })).split(";")[0]!;
        return {
          request: new Request(`https://portal.example.com/dev/mail/${id}`, { headers: { Cookie: cookie } }),
          params: { id },
          context: {},
        } as unknown as LoaderFunctionArgs;
      };
      await expect(showLoader(await as(agent.id))).rejects.toMatchObject({ status: 404 });
      expect((await showLoader(await as(admin.id))).mail.subject).toBe("Reset link");
    } finally {
      delete process.env.APP_URL;
      resetEnvCache();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("htmlToText", () => {
  it("keeps link targets and drops style and script", () => {
    expect(htmlToText('<style>p{}</style><p>Go <a href="https://x.test/a?b=1&amp;c=2">here</a></p><script>alert(1)</script>')).toBe(
      "Go here (https://x.test/a?b=1&c=2)",
    );
    expect(htmlToText('<a href="https://x.test/">https://x.test/</a>')).toBe("https://x.test/");
  });
});
