// Outgoing mail. Every email of the product goes through deliverMail:
//  - with SMTP_URL set it is sent through nodemailer and recorded as SENT
//    (or FAILED with the error, and the error is rethrown so a job retries);
//  - without SMTP_URL it is only recorded, as CAPTURED, and shown in the
//    development mailbox at /dev/mail.
// Bodies are never written to the log (they carry reset links and tokens).
//
// A delivery with a deliveryKey (the send-email task gives its job's key, or
// "job:<id>") happens once: a key that already has a CAPTURED or SENT row is
// answered with that row and nothing is sent. The key's row is unique
// (mail_messages.delivery_key): a failed attempt leaves it FAILED, the next
// attempt sends and turns it SENT (attempts counted). Captured mail is recorded
// atomically; with SMTP the row is written after the server's answer, so a
// crash between the two still sends twice (decision 0014, "Emails once").
import { createHash } from "node:crypto";
import { createTransport, type Transporter } from "nodemailer";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "./db.server";
import { htmlToText, linkTargets } from "./email.server";
import { env } from "./env.server";

// The plain-text part of an HTML email (html-to-text; decision 0057).
export { htmlToText };

export type MailAttachment = {
  filename: string;
  content: Buffer | string;
  contentType?: string;
  /** Content-ID for inline images referenced as cid:... in the HTML. */
  cid?: string;
  /** The stored file the content came from (recorded with the message; the dev mailbox offers it). */
  storedFileId?: string;
};

/** What the mail_messages row keeps of each attachment (never the bytes). */
export type RecordedAttachment = { fileName: string; contentType: string | null; byteSize: number; storedFileId: string | null };

function recordedAttachments(list: MailAttachment[] | undefined): RecordedAttachment[] {
  return (list ?? []).map((a) => ({
    fileName: a.filename,
    contentType: a.contentType ?? null,
    byteSize: typeof a.content === "string" ? Buffer.byteLength(a.content) : a.content.byteLength,
    storedFileId: a.storedFileId ?? null,
  }));
}

export type OutgoingMail = {
  to: string | string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  html?: string;
  text?: string;
  /** Overrides MAIL_FROM. */
  from?: string;
  replyTo?: string;
  relatedType?: string;
  relatedId?: string;
  attachments?: MailAttachment[];
  /**
   * Delivers this email at most once per key once it succeeded (see the top
   * of this file). Without a key every call delivers.
   */
  deliveryKey?: string;
};

/**
 * How often a mail job (send-email, send-invitation, the notifications) is
 * tried before it is given up. graphile-worker waits exp(min(attempt, 10))
 * seconds after each failed attempt: attempt 9 comes about 1.3 hours after
 * the first, attempt 12 about 15.8 hours after it, so a message outlasts an
 * SMTP outage of a night, and is sent once when the server is back
 * (decision 0041).
 */
export const MAIL_MAX_ATTEMPTS = 12;

export type DeliveryResult = { id: string; status: "CAPTURED" | "SENT" };

/** True when mail is captured in the database instead of sent (no SMTP_URL). */
export function mailCaptureEnabled(): boolean {
  return !env().SMTP_URL;
}

// One pooled transport per process (decision 0026, "Email"): an SMTP server
// pauses on every new connection before its greeting (smtp-server 100 ms,
// Postfix's postscreen seconds), so messages that follow each other reuse a
// connection instead of paying that pause each. Each message still has its
// own outcome: a refused recipient or message fails that message only (the
// pool resets the session and keeps the connection); a connection the server
// closed while idle is dropped, and a message handed to a connection that
// turns out dead before any byte of it went out is sent over a new one.
// Connections idle for MAIL_POOL_IDLE_MS are closed (a server waiting for its
// clients to leave before it stops is not held up for long). A changed
// SMTP_URL replaces the transport; closeMailTransport() at shutdown closes idle
// connections at once and lets a message being sent finish.
export const MAIL_POOL = { maxConnections: 2, maxMessages: 100, idleTimeoutMs: 2_000 } as const;

let transport: { url: string; transporter: Transporter } | undefined;

function transporterFor(url: string): Transporter {
  if (transport?.url === url) return transport.transporter;
  transport?.transporter.close();
  const transporter = createTransport({
    url,
    pool: true,
    maxConnections: MAIL_POOL.maxConnections,
    maxMessages: MAIL_POOL.maxMessages,
    idleTimeout: MAIL_POOL.idleTimeoutMs,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof createTransport>[0]);
  transport = { url, transporter };
  return transporter;
}

/** Closes the SMTP transport (settings change, tests, shutdown): idle connections at once, a send in progress when it ends. */
export function closeMailTransport() {
  transport?.transporter.close();
  transport = undefined;
}

const list = (v: string | string[] | undefined) =>
  (Array.isArray(v) ? v : v ? [v] : []).map((s) => s.trim()).filter(Boolean);

const SUCCESSFUL = ["CAPTURED", "SENT"];
const DELIVERY_KEY_MAX = 500;

type MailRecord = Omit<Prisma.MailMessageCreateInput, "id" | "createdAt" | "deliveryKey" | "attempts">;

/**
 * Records the outcome of one attempt of a keyed delivery: updates the key's
 * FAILED row, or inserts the key's row. When a successful row already exists
 * (a concurrent duplicate won the unique index) that row is left alone and
 * returned.
 */
async function recordKeyed(deliveryKey: string, data: MailRecord, attempted: boolean) {
  const select = { id: true, status: true } as const;
  for (let i = 0; ; i++) {
    const [updated] = await prisma.mailMessage.updateManyAndReturn({
      where: { deliveryKey, status: "FAILED" },
      data: { ...data, ...(attempted ? { attempts: { increment: 1 } } : {}) },
      select,
    });
    if (updated) return updated;
    try {
      return await prisma.mailMessage.create({ data: { ...data, deliveryKey, attempts: attempted ? 1 : 0 }, select });
    } catch (err) {
      if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002")) throw err;
      const existing = await prisma.mailMessage.findUnique({ where: { deliveryKey }, select });
      // Successful: that one counts. FAILED (a concurrent failure got in between): update it.
      if (existing && SUCCESSFUL.includes(existing.status)) return existing;
      if (i >= 2) throw err;
    }
  }
}

/** A Message-ID derived from the delivery key: a repeated send (see above) carries the same one. */
function messageIdFor(deliveryKey: string, from: string) {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "portal.invalid";
  return `<${createHash("sha256").update(deliveryKey).digest("hex").slice(0, 32)}@${domain}>`;
}

export async function deliverMail(msg: OutgoingMail): Promise<DeliveryResult> {
  const e = env();
  const from = msg.from ?? e.MAIL_FROM;
  const to = list(msg.to);
  const cc = list(msg.cc);
  const bcc = list(msg.bcc);
  if (to.length === 0) throw new Error("deliverMail: no recipient");
  const key = msg.deliveryKey;
  if (key != null && (key.length === 0 || key.length > DELIVERY_KEY_MAX)) throw new Error("deliverMail: bad delivery key");
  const html = msg.html ?? null;
  const text = msg.text ?? (html != null ? htmlToText(html) : null);
  const record = {
    from,
    to,
    cc,
    bcc,
    subject: msg.subject,
    html,
    text,
    relatedType: msg.relatedType ?? null,
    relatedId: msg.relatedId ?? null,
    attachments: recordedAttachments(msg.attachments),
  };

  if (key != null) {
    const done = await prisma.mailMessage.findUnique({ where: { deliveryKey: key }, select: { id: true, status: true } });
    if (done && SUCCESSFUL.includes(done.status)) return done as DeliveryResult;
  }

  if (!e.SMTP_URL) {
    const data = { ...record, status: "CAPTURED", error: null };
    const row = key != null
      ? await recordKeyed(key, data, false)
      : await prisma.mailMessage.create({ data, select: { id: true } });
    return { id: row.id, status: "CAPTURED" };
  }

  let info: { messageId?: string };
  try {
    info = await transporterFor(e.SMTP_URL).sendMail({
      from,
      to,
      cc: cc.length ? cc : undefined,
      bcc: bcc.length ? bcc : undefined,
      replyTo: msg.replyTo,
      subject: msg.subject,
      html: html ?? undefined,
      text: text ?? undefined,
      attachments: msg.attachments?.map(({ storedFileId: _ignored, ...a }) => a),
      ...(key != null ? { messageId: messageIdFor(key, from) } : {}),
    });
  } catch (err) {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
    if (key != null) await recordKeyed(key, { ...record, status: "FAILED", error }, true);
    else await prisma.mailMessage.create({ data: { ...record, status: "FAILED", error, attempts: 1 } });
    throw err;
  }
  const sent = { ...record, status: "SENT", error: null, messageId: info.messageId ?? null, sentAt: new Date() };
  const row = key != null
    ? await recordKeyed(key, sent, true)
    : await prisma.mailMessage.create({ data: { ...sent, attempts: 1 }, select: { id: true } });
  return { id: row.id, status: "SENT" };
}

// ---------------------------------------------------------------- dev mailbox

export const CAPTURED_PAGE_SIZE = 20;

export type CapturedMailRow = { id: string; createdAt: Date; to: string[]; subject: string };

/** One page (1-based) of captured messages, newest first. */
export async function listCapturedMail(page: number) {
  const total = await prisma.mailMessage.count({ where: { status: "CAPTURED" } });
  const pageCount = Math.max(1, Math.ceil(total / CAPTURED_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows: CapturedMailRow[] = await prisma.mailMessage.findMany({
    where: { status: "CAPTURED" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (current - 1) * CAPTURED_PAGE_SIZE,
    take: CAPTURED_PAGE_SIZE,
    select: { id: true, createdAt: true, to: true, subject: true },
  });
  return { rows, page: current, pageCount, total };
}

/** One captured message, with its links listed (null when unknown or not captured). */
export async function getCapturedMail(id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const mail = await prisma.mailMessage.findFirst({
    where: { id, status: "CAPTURED" },
    select: {
      id: true,
      createdAt: true,
      from: true,
      to: true,
      cc: true,
      bcc: true,
      subject: true,
      html: true,
      text: true,
      relatedType: true,
      relatedId: true,
      attachments: true,
    },
  });
  return mail
    ? { ...mail, attachments: (Array.isArray(mail.attachments) ? mail.attachments : []) as RecordedAttachment[], links: extractLinks(mail.html, mail.text) }
    : null;
}

/** The http(s) and mailto links of a message (for the dev mailbox: clickable outside the sandboxed preview). */
export function extractLinks(html: string | null, text: string | null): string[] {
  const found = new Set<string>(html ? linkTargets(html) : []);
  for (const m of (text ?? "").matchAll(/https?:\/\/[^\s<>()"']+/g)) found.add(m[0]);
  return [...found].filter((href) => /^(https?:|mailto:)/i.test(href));
}
