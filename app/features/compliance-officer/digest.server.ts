// The audit log's daily digest (issue 38 item 3, decision 0119): one audit_digests row per UTC day,
// its row count, first and last id and hash = sha256(previous day's hash, then that day's rows in
// id order, one canonical line each). API_CALL rows are left out: their retention purges them
// (API_CALL_AUDIT_DAYS, decision 0075) and nothing else may delete a row (the trigger).
// runAuditDigest: idempotent (a day written is never written again) and resumable (each day in its
// own transaction; a killed run goes on from the last day written). checkAuditChain recomputes
// every day from the log and names the first one that does not match.
import { createHash } from "node:crypto";
import pg from "pg";
import QueryStream from "pg-query-stream";
import { databaseUrl, prisma } from "~/lib/db.server";

/** One row as hashed: every column, timestamps in UTC to the millisecond, details as jsonb's own text. */
const LINE_SQL = `SELECT id, json_build_array(id::text, to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    action, actor_user_id, impersonator_user_id, target_type, target_id, ip_address, user_agent, details)::text AS line
  FROM audit_log
 WHERE occurred_at >= ($1::date)::timestamp AT TIME ZONE 'UTC' AND occurred_at < ($1::date + 1)::timestamp AT TIME ZONE 'UTC'
   AND action <> 'API_CALL'
 ORDER BY id`;

export type DayDigest = { day: string; rowCount: number; firstId: bigint | null; lastId: bigint | null; hash: string };

/** The digest of one day's rows as the log holds them now, chained to `prevHash`. */
export async function digestDay(day: string, prevHash: string): Promise<DayDigest> {
  const client = new pg.Client({ connectionString: databaseUrl(), application_name: "audit-digest" });
  await client.connect();
  try {
    await client.query("BEGIN READ ONLY");
    const hash = createHash("sha256").update(`${prevHash}\n`);
    let rowCount = 0;
    let firstId: bigint | null = null;
    let lastId: bigint | null = null;
    for await (const r of client.query(new QueryStream(LINE_SQL, [day], { batchSize: 2000 })) as AsyncIterable<{ id: string; line: string }>) {
      hash.update(`${r.line}\n`);
      rowCount++;
      firstId ??= BigInt(r.id);
      lastId = BigInt(r.id);
    }
    await client.query("COMMIT");
    return { day, rowCount, firstId, lastId, hash: hash.digest("hex") };
  } finally {
    await client.end().catch(() => {});
  }
}

const dayText = (d: Date) => d.toISOString().slice(0, 10);
const nextDay = (day: string) => dayText(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000));

/**
 * Writes the digest of every whole UTC day not yet digested, up to the day before `now`: from the
 * day after the last digest (or the log's first day). Returns the days written.
 */
export async function runAuditDigest(now: Date = new Date()): Promise<string[]> {
  const last = await prisma.auditDigest.findFirst({ orderBy: { day: "desc" }, select: { day: true, hash: true } });
  let day: string;
  let prevHash = last?.hash ?? "";
  if (last) day = nextDay(dayText(last.day));
  else {
    const [first] = await prisma.$queryRaw<Array<{ day: string | null }>>`
      SELECT to_char(min(occurred_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM audit_log WHERE action <> 'API_CALL'`;
    if (!first?.day) return [];
    day = first.day;
  }
  const today = dayText(now);
  const written: string[] = [];
  while (day < today) {
    const d = await digestDay(day, prevHash);
    // A second runner that wrote the day first wins; this one stops and leaves the rest to the next run.
    const inserted = await prisma.$executeRaw`
      INSERT INTO audit_digests (day, row_count, first_id, last_id, prev_hash, hash)
      VALUES (${day}::date, ${d.rowCount}, ${d.firstId}, ${d.lastId}, ${prevHash}, ${d.hash})
      ON CONFLICT (day) DO NOTHING`;
    if (inserted === 0) break;
    written.push(day);
    prevHash = d.hash;
    day = nextDay(day);
  }
  return written;
}

export type ChainCheck =
  | { ok: true; days: number; lastDay: string | null }
  | { ok: false; days: number; day: string; reason: string };

/** Recomputes every digested day from the log, in day order; the first day that does not match, and why. */
export async function checkAuditChain(): Promise<ChainCheck> {
  const digests = await prisma.auditDigest.findMany({ orderBy: { day: "asc" } });
  let prevHash = "";
  let checked = 0;
  for (const g of digests) {
    const day = dayText(g.day);
    if (g.prevHash !== prevHash) return { ok: false, days: checked, day, reason: "its digest does not follow the previous day's" };
    const d = await digestDay(day, prevHash);
    if (d.rowCount !== g.rowCount) return { ok: false, days: checked, day, reason: `${g.rowCount} row(s) were digested, ${d.rowCount} are in the log now` };
    if (d.hash !== g.hash) return { ok: false, days: checked, day, reason: "a row of that day was changed, removed or added" };
    prevHash = g.hash;
    checked++;
  }
  return { ok: true, days: checked, lastDay: digests.length ? dayText(digests[digests.length - 1]!.day) : null };
}
