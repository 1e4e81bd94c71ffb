// A real SMTP server on loopback (smtp-server) that keeps every message it
// receives, parsed with mailparser, and an app of its own that sends to it
// (SMTP_URL), for e2e tests that follow emails the way a person would.
//
//   const { app, smtp } = await startAppWithSmtp();   // in beforeAll; dispose() in afterAll
//   const mail = await smtp.mailTo(email, /invitation/i);
//   mail.parsed.html, mail.parsed.text, mail.to (envelope recipients, lowercased)
//   await signUp(page, app.url, account, smtp.verificationLink);   // the confirmation mail arrives here
//
// The shared e2e app (tests/support/global-app.ts) captures its mail in the
// database instead: read that with tests/support/mailbox.ts.
import { afterAll, beforeAll } from "vitest";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { startApp, type AppHandle, type StartAppOptions } from "./app-server";
import { freePort } from "./free-port";
import { buildIfStale } from "./global-app";

export interface ReceivedMail {
  /** The envelope's recipients (To, Cc and Bcc), lowercased. */
  to: string[];
  parsed: ParsedMail;
}

export interface SmtpSink {
  port: number;
  /** SMTP_URL for an app: smtp://127.0.0.1:<port>. */
  url: string;
  /** Every message received so far, oldest first. */
  received: ReceivedMail[];
  /** Waits (polling) for the first message to `email` (an envelope recipient) whose subject matches. */
  mailTo(email: string, subject?: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  /** The built-in provider's confirmation link in the sign-up email to `email` (for signUp()). */
  verificationLink(email: string): Promise<string>;
  close(): Promise<void>;
}

/** `port`: listen on this one (e.g. the port of a sink closed earlier: the SMTP server comes back). */
export async function startSmtpSink(port?: number): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), parsed });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  const listenPort = port ?? (await freePort());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(listenPort, "127.0.0.1", () => resolve());
  });

  async function mailTo(email: string, subject?: RegExp, timeoutMs = 30_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const m = received.find((r) => r.to.includes(email.toLowerCase()) && (!subject || subject.test(r.parsed.subject ?? "")));
      if (m) return m;
      if (Date.now() > deadline) {
        throw new Error(`no mail to ${email} within ${timeoutMs} ms; got ${JSON.stringify(received.map((r) => [r.to, r.parsed.subject]))}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async function verificationLink(email: string): Promise<string> {
    const mail = await mailTo(email, /confirm your/i);
    const link = /https?:\/\/[^\s"'<>]*\/email\/verify\/[^\s"'<>)]+/.exec(mail.parsed.text ?? "")?.[0];
    if (!link) throw new Error(`no confirmation link in the email to ${email}: ${mail.parsed.text}`);
    return link;
  }

  return {
    port: listenPort,
    url: `smtp://127.0.0.1:${listenPort}`,
    received,
    mailTo,
    verificationLink,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An app of its own (fresh database, temp DATA_DIR) whose mail goes to an SMTP sink started here. */
export async function startAppWithSmtp(options: StartAppOptions = {}): Promise<{ app: AppHandle; smtp: SmtpSink; dispose(): Promise<void> }> {
  const smtp = await startSmtpSink();
  let app: AppHandle;
  try {
    app = await startApp({ ...options, env: { ...options.env, SMTP_URL: smtp.url } });
  } catch (error) {
    await smtp.close();
    throw error;
  }
  return {
    app,
    smtp,
    async dispose() {
      await app.dispose();
      await smtp.close();
    },
  };
}

/**
 * The file's own portal with an SMTP sink, started before its tests and stopped after them (builds
 * first when build/ is stale). Read `.app` and `.smtp` inside tests and hooks.
 */
export function portalWithSmtpForFile(options: StartAppOptions = {}): { readonly app: AppHandle; readonly smtp: SmtpSink } {
  let started: { app: AppHandle; smtp: SmtpSink; dispose(): Promise<void> } | undefined;
  beforeAll(async () => {
    buildIfStale();
    started = await startAppWithSmtp(options);
  }, 240_000);
  afterAll(async () => {
    await started?.dispose();
  });
  const need = () => {
    if (!started) throw new Error("the portal is not started (use it inside a test or hook)");
    return started;
  };
  return {
    get app() {
      return need().app;
    },
    get smtp() {
      return need().smtp;
    },
  };
}
