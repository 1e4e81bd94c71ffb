// The daily licence monitoring (issue 23 item 3, decision 0071).
//
// monitorCompliance (the monitor-compliance task, daily from jobs/crontab.ts) walks every agent
// position in batches of ids (keyset: id > the last one, ORDER BY id), one transaction per batch:
//  - refreshStanding (compliance.server.ts, THE rule) stores the standing of the batch's positions;
//  - each position with something to tell today (an expiry notice due, noticesDue in status.ts,
//    not yet in compliance_notices; or a NOT_IN_GOOD_ORDER standing not yet told) gets ONE
//    compliance-notice job, keyed per position and day, queued in the same transaction.
// Killed mid-way, the committed batches stand; a run again the same day re-queues the same keys
// (graphile-worker replaces a waiting job) and finds the notices already sent.
//
// sendComplianceNotices (the compliance-notice task) tells the agent and the uplines, in one
// transaction: it inserts the compliance_notices rows (ON CONFLICT DO NOTHING: only the rows it
// inserted are told), marks the standing as told (agent_compliance.noticed_since), and queues the
// send-email and send-sms jobs, keyed per position, day and recipient, per the communication
// preferences (CAT_LICEXP_AGENT for the agent, CAT_LICEXP_AGENT_DOWNLN for the uplines;
// preferences/recipients.server.ts). A job run twice finds nothing new and queues nothing.
import type { Prisma } from "~/generated/prisma/client";
import { agentName } from "~/features/agents/format";
import { jobOptions, queueJob, queueJobs } from "~/features/jobs/queue.server";
import { recipientsByPreference, uplineUserIds } from "~/features/preferences/recipients.server";
import { prisma } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { toE164 } from "~/lib/sms.server";
import { evaluatedAgents, factsByNpn, refreshStanding, type StandingChange } from "./compliance.server";
import { reasonText } from "./messages";
import { monitorEmailBody } from "./monitor-email.server";
import { MONITOR_MESSAGES as M, noticeLabel, noticeText } from "./monitor-messages";
import { dayOf, noticesDue, type Day, type NoticeDue, type Reason } from "./status";

type Tx = Prisma.TransactionClient;

export type MonitorRun = { agents: number; batches: number; noticeJobs: number; becameNotInGoodOrder: number };

const NIGO = "NOT_IN_GOOD_ORDER";

/** The keys of notices (compliance_notices' primary key). */
const noticeKey = (n: Pick<NoticeDue, "subjectKind" | "subjectId" | "expiryDate" | "threshold">) => `${n.subjectKind}:${n.subjectId}:${n.expiryDate}:${n.threshold}`;

/** Of the evaluated positions, those with something to tell today: a notice due and not sent, or a NOT_IN_GOOD_ORDER standing not told. */
async function positionsToTell(tx: Tx, changes: readonly StandingChange[], today: Day): Promise<number[]> {
  const due = changes.map((c) => ({ agentId: c.agentId, notices: noticesDue({ npn: c.npn, appointedStates: c.facts.appointedStates }, c.facts.licences, c.facts.credentials, today) }));
  const all = due.flatMap((d) => d.notices);
  const sent = new Set<string>();
  if (all.length) {
    const rows = await tx.$queryRawUnsafe<Array<{ k: string }>>(
      `SELECT n.subject_kind || ':' || n.subject_id || ':' || n.expiry_date::text || ':' || n.threshold AS k
         FROM compliance_notices n
         JOIN unnest($1::text[], $2::uuid[], $3::date[], $4::int[]) AS x(kind, id, expiry, threshold)
           ON n.subject_kind = x.kind AND n.subject_id = x.id AND n.expiry_date = x.expiry AND n.threshold = x.threshold`,
      all.map((n) => n.subjectKind),
      all.map((n) => n.subjectId),
      all.map((n) => n.expiryDate),
      all.map((n) => n.threshold),
    );
    for (const r of rows) sent.add(r.k);
  }
  const out = new Set(due.filter((d) => d.notices.some((n) => !sent.has(noticeKey(n)))).map((d) => d.agentId));
  const nigo = changes.filter((c) => c.after.standing === NIGO).map((c) => c.agentId);
  if (nigo.length) {
    const untold = await tx.$queryRawUnsafe<Array<{ agent_id: number }>>(
      `SELECT agent_id FROM agent_compliance WHERE agent_id = ANY($1::int[]) AND standing = '${NIGO}' AND noticed_since IS DISTINCT FROM standing_since`,
      nigo,
    );
    for (const r of untold) out.add(r.agent_id);
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * The daily walk (see the top of this file). `today`: the UTC day (default: now's). `batchSize`
 * positions per transaction (default 1000).
 */
export async function monitorCompliance(opts: { today?: Day; batchSize?: number } = {}): Promise<MonitorRun> {
  const today = opts.today ?? dayOf(new Date());
  const batchSize = Math.max(1, Math.min(opts.batchSize ?? 1000, 5000));
  const run: MonitorRun = { agents: 0, batches: 0, noticeJobs: 0, becameNotInGoodOrder: 0 };
  let last = 0;
  for (;;) {
    const batch = await prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SET LOCAL lock_timeout = '10s'`;
        const ids = (await tx.$queryRaw<Array<{ id: number }>>`SELECT id FROM agents WHERE id > ${last} ORDER BY id LIMIT ${batchSize}`).map((r) => r.id);
        if (ids.length === 0) return null;
        const changes = await refreshStanding(tx, ids, today);
        const tell = await positionsToTell(tx, changes, today);
        await queueJobs(
          tx,
          "compliance-notice",
          tell.map((agentId) => ({ payload: { agentId, day: today }, opts: jobOptions.complianceNotice(agentId, today) })),
        );
        return { ids, told: tell.length, became: changes.filter((c) => c.after.standing === NIGO && c.before !== NIGO).length };
      },
      { maxWait: 30_000, timeout: 300_000 },
    );
    if (!batch) return run;
    run.batches++;
    run.agents += batch.ids.length;
    run.noticeJobs += batch.told;
    run.becameNotInGoodOrder += batch.became;
    last = batch.ids[batch.ids.length - 1]!;
    if (batch.ids.length < batchSize) return run;
  }
}

export type NoticeResult = { notices: number; standing: boolean; emailsQueued: number; smsQueued: number; invalidNumbers: number };

type PositionRow = { agent_number: string; user_id: string | null; first_name: string | null; last_name: string | null; company_name: string | null; agent_type: string | null };

/**
 * Tells the agent of position `agentId` and their uplines of what is due on `day` and not told yet
 * (see the top of this file), in one transaction. Safe to run twice: the second finds nothing new.
 */
export async function sendComplianceNotices(agentId: number, day: Day): Promise<NoticeResult> {
  return prisma.$transaction(
    async (tx) => {
      const result: NoticeResult = { notices: 0, standing: false, emailsQueued: 0, smsQueued: 0, invalidNumbers: 0 };
      const [agent] = await evaluatedAgents(tx, [agentId]);
      if (!agent) return result; // inactive, a director, or gone since the walk
      let fresh: NoticeDue[] = [];
      if (agent.npn) {
        const { licences, credentials } = await factsByNpn(tx, [agent.npn]);
        const due = noticesDue(agent, licences.get(agent.npn) ?? [], credentials.get(agent.npn) ?? [], day);
        if (due.length) {
          // Only the rows this transaction inserts are told: another position of the NPN, or a run
          // of the job before, may have told them already.
          const inserted = await tx.$queryRawUnsafe<Array<{ k: string }>>(
            `INSERT INTO compliance_notices (subject_kind, subject_id, expiry_date, threshold, npn, sent_on)
             SELECT x.kind, x.id, x.expiry, x.threshold, $5, $6::date
               FROM unnest($1::text[], $2::uuid[], $3::date[], $4::int[]) AS x(kind, id, expiry, threshold)
             ON CONFLICT DO NOTHING
             RETURNING subject_kind || ':' || subject_id || ':' || expiry_date::text || ':' || threshold AS k`,
            due.map((n) => n.subjectKind),
            due.map((n) => n.subjectId),
            due.map((n) => n.expiryDate),
            due.map((n) => n.threshold),
            agent.npn,
            day,
          );
          const keys = new Set(inserted.map((r) => r.k));
          fresh = due.filter((n) => keys.has(noticeKey(n)));
        }
      }
      const told = await tx.$queryRawUnsafe<Array<{ reasons: Reason[] }>>(
        `UPDATE agent_compliance SET noticed_since = standing_since
          WHERE agent_id = $1 AND standing = '${NIGO}' AND noticed_since IS DISTINCT FROM standing_since
          RETURNING reasons`,
        agentId,
      );
      const reasons = told[0]?.reasons ?? null;
      result.notices = fresh.length;
      result.standing = reasons != null;
      if (fresh.length === 0 && reasons == null) return result;

      const [p] = await tx.$queryRawUnsafe<PositionRow[]>(
        `SELECT agent_number, user_id, first_name, last_name, company_name, agent_type FROM agents WHERE id = $1`,
        agentId,
      );
      const own = p?.user_id ? [p.user_id] : [];
      const uplines = await uplineUserIds([agentId], new Set(own), tx);
      const recipients = await recipientsByPreference(own, uplines, "CAT_LICEXP_AGENT", tx);
      const who = p ? `${agentName({ firstName: p.first_name, lastName: p.last_name, companyName: p.company_name, agentType: p.agent_type })} (${p.agent_number})` : `Agent ${agentId}`;
      const url = `${env().appUrl}/home`;
      const relatedType = "LICENCE_NOTICE";
      for (const r of recipients) {
        const relatedId = `${agentId}:${day}:${r.userId}`;
        if (r.emails.length) {
          const upline = r.relation === "UPLINE";
          const facts: Array<[string, string]> = [
            [M.agentLabel, who],
            ...fresh.map((n): [string, string] => [noticeLabel(n), noticeText(n)]),
            ...(reasons ? [[M.standingLabel, M.notInGoodOrder] as [string, string], ...reasons.map((x): [string, string] => [M.reasonLabel, reasonText(x)])] : []),
          ];
          const subject = upline ? M.subjectUpline(who) : M.subjectOwn;
          const intro = [upline ? M.introUpline(who) : M.introOwn, ...(reasons ? [upline ? M.notInGoodOrderUpline(who) : M.notInGoodOrderOwn] : [])];
          const { html, text } = monitorEmailBody({ subject, intro, facts, url });
          await queueJob(tx, "send-email", { to: r.emails, subject, html, text, relatedType, relatedId }, jobOptions.complianceMail(agentId, day, r.userId));
          result.emailsQueued++;
        }
        for (const raw of r.smsNumbers) {
          const to = toE164(raw);
          if (!to) {
            result.invalidNumbers++;
            continue;
          }
          const text = M.sms(env().DEFAULT_TITLE, r.relation === "UPLINE" ? who : null, url);
          await queueJob(tx, "send-sms", { to, text, relatedType, relatedId }, jobOptions.complianceSms(agentId, day, r.userId, to));
          result.smsQueued++;
        }
      }
      return result;
    },
    { maxWait: 30_000, timeout: 60_000 },
  );
}
