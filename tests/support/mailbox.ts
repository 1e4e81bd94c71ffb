// Reads the emails an app captured (SMTP_URL unset: every message is stored
// in the mail_messages table with status CAPTURED and shown at /dev/mail).
//
//   const mail = await waitForMail(databaseUrl, { to: email, subject: /reset/i });
//   const link = findLink(mail, /\/password\/reset\//);
import pg from "pg";

export interface CapturedMail {
  id: string;
  createdAt: Date;
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  html: string | null;
  text: string | null;
  status: string;
}

export interface MailQuery {
  /** A recipient (case-insensitive), in to or cc. */
  to?: string;
  subject?: string | RegExp;
  /** Only mail created at or after this time. */
  since?: Date;
}

/** Runs one query on a short-lived connection. */
export async function query<T extends pg.QueryResultRow = pg.QueryResultRow>(
  databaseUrl: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

function matches(mail: CapturedMail, q: MailQuery) {
  if (q.subject instanceof RegExp ? !q.subject.test(mail.subject) : q.subject && mail.subject !== q.subject) {
    return false;
  }
  return true;
}

/** Captured mail, newest first. */
export async function listMail(databaseUrl: string, q: MailQuery = {}): Promise<CapturedMail[]> {
  const rows = await query<CapturedMail>(
    databaseUrl,
    `select id, created_at as "createdAt", "from", "to", cc, subject, html, text, status
       from mail_messages
      where ($1::text is null
             or lower($1::text) = any (select lower(x) from unnest("to" || cc) as x))
        and ($2::timestamptz is null or created_at >= $2::timestamptz)
      order by created_at desc`,
    [q.to ?? null, q.since ?? null],
  );
  return rows.filter((m) => matches(m, q));
}

/** Waits (polling) for a message that matches; the newest one wins. */
export async function waitForMail(
  databaseUrl: string,
  q: MailQuery,
  timeoutMs = 20_000,
): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [mail] = await listMail(databaseUrl, q);
    if (mail) return mail;
    if (Date.now() > deadline) {
      const recent = await listMail(databaseUrl, { since: q.since });
      throw new Error(
        `No email matching ${JSON.stringify({ ...q, subject: String(q.subject ?? "") })} within ${timeoutMs / 1000} s. ` +
          `Recent mail: ${JSON.stringify(recent.slice(0, 5).map((m) => ({ to: m.to, subject: m.subject })))}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The first link in a message (html hrefs, then plain-text URLs) matching `pattern`. */
export function findLink(mail: CapturedMail, pattern: RegExp): string {
  const candidates: string[] = [];
  for (const m of (mail.html ?? "").matchAll(/href\s*=\s*["']([^"']+)["']/gi)) {
    candidates.push(m[1].replace(/&amp;/g, "&"));
  }
  for (const m of `${mail.text ?? ""}\n${mail.html ?? ""}`.matchAll(/https?:\/\/[^\s"'<>)]+/g)) {
    candidates.push(m[0].replace(/&amp;/g, "&"));
  }
  const found = candidates.find((c) => pattern.test(c));
  if (!found) throw new Error(`No link matching ${pattern} in the email "${mail.subject}": ${candidates.join(", ")}`);
  return found;
}
