// The director's pipeline card on the dashboard (issue 9 'The director's
// dashboard at a glance'; docs/decisions/0027-dashboard-pipeline.md): how the
// user's downline's applications stand over the last 90 days, and the
// applications submitted week by week over the last 12 weeks. 'Downline' is
// the rule of /inprog and of the read-only access to an application
// (inprog.server.ts, appointment/access.server.ts): the application's
// recruiter position (or its link's) is one of the user's positions or under
// one, or the user filled it in (paper). One statement each; the card runs
// both as one (getPipeline).
import { prisma, queryRows } from "~/lib/db.server";
import { APPT_STATUS } from "~/lib/shell.server";
import { downlineSql, underPositionsSql, viewerPositionsSql } from "~/features/hierarchy/hierarchy.server";
import { fillWeeks, PIPELINE_DAYS, sparkSince, type PipelineCounts, type WeekCount } from "./chart";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The viewer $1's positions (the hierarchy rule, hierarchy.server.ts), as the CTE `viewer`. */
export const VIEWER_CTE = `viewer AS MATERIALIZED (
    ${viewerPositionsSql("$1::uuid")}
  )`;

/**
 * The downline test of an application row `ap` for the viewer $1 (positions
 * in the CTE `viewer`): the user filled it in (paper), or its recruiter
 * position (else its link's) is under them. /inprog's rule too.
 */
export const IN_DOWNLINE = `(ap.submitter_id = $1::uuid
            OR ${underPositionsSql(
              "viewer",
              `COALESCE(ap.recruiter_agent_id,
                       (SELECT l.recruiter_agent_id FROM appointment_links l WHERE l.appointment_link_id = ap.appointment_link_id))`,
            )})`;

/**
 * Pipeline counts in one statement: the applications started since $2 by
 * their current status (index (appointment_status_code, start_dt), a closure
 * probe each), and the user's own invitations sent since $2 that are not yet
 * an appointed agent (the rows /invites?days=90 lists: invitations.server.ts ownInvitations);
 * and the downline's agents not in good order now (agent_compliance, the rows of
 * /compliance?standing=NOT_IN_GOOD_ORDER: issue 23 item 5, decision 0073).
 */
export const PIPELINE_SQL = `
  WITH ${VIEWER_CTE}, apps AS (
    SELECT ap.appointment_status_code AS s
      FROM appointments ap
     WHERE NOT ap.is_deleted
       AND ap.appointment_status_code IN ('${APPT_STATUS.INCOMPLETE}', '${APPT_STATUS.NEWCONTRACT}', '${APPT_STATUS.APPROVED}', '${APPT_STATUS.ABANDONED}')
       AND ap.start_dt >= $2::timestamptz
       AND ${IN_DOWNLINE}
  )
  SELECT (SELECT count(*) FROM invitations i
           WHERE (i.inviter_user_id = $1::uuid OR i.inviter_agent_id IN (SELECT a.id FROM agents a WHERE a.user_id = $1::uuid))
             AND i.invite_date >= $2::timestamptz AND i.status <> 'APPOINTED')::int AS invited,
         count(*) FILTER (WHERE s = '${APPT_STATUS.INCOMPLETE}')::int AS in_progress,
         count(*) FILTER (WHERE s = '${APPT_STATUS.NEWCONTRACT}')::int AS awaiting,
         count(*) FILTER (WHERE s = '${APPT_STATUS.APPROVED}')::int AS approved,
         count(*) FILTER (WHERE s = '${APPT_STATUS.ABANDONED}')::int AS abandoned,
         (SELECT count(*) FROM agent_compliance ac
           WHERE ac.standing = 'NOT_IN_GOOD_ORDER' AND ac.agent_id IN (${downlineSql("viewer")}))::int AS not_in_good_order
    FROM apps`;

/**
 * Submissions per week (UTC weeks starting Monday) since $2, in one
 * statement: the downline's applications by submitted_at, whatever their
 * status now (index on submitted_at, a closure probe each).
 */
export const SPARKLINE_SQL = `
  WITH ${VIEWER_CTE}
  SELECT to_char(date_trunc('week', ap.submitted_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week, count(*)::int AS n
    FROM appointments ap
   WHERE ap.submitted_at >= $2::timestamptz
     AND NOT ap.is_deleted
     AND ${IN_DOWNLINE}
   GROUP BY 1
   ORDER BY 1`;

/** Start of the 90-day window. */
export function pipelineSince(now: Date): Date {
  return new Date(now.getTime() - PIPELINE_DAYS * DAY_MS);
}

export type CountRow = { invited: number; in_progress: number; awaiting: number; approved: number; abandoned: number; not_in_good_order?: number };

export async function pipelineCounts(userId: string, now: Date = new Date()): Promise<PipelineCounts> {
  const [r] = await prisma.$queryRawUnsafe<CountRow[]>(PIPELINE_SQL, userId, pipelineSince(now));
  return countsOf(r);
}

function countsOf(r: CountRow | undefined): PipelineCounts {
  return {
    invited: Number(r?.invited ?? 0),
    inProgress: Number(r?.in_progress ?? 0),
    awaiting: Number(r?.awaiting ?? 0),
    approved: Number(r?.approved ?? 0),
    abandoned: Number(r?.abandoned ?? 0),
  };
}

export async function submissionsByWeek(userId: string, now: Date = new Date()): Promise<WeekCount[]> {
  const rows = await prisma.$queryRawUnsafe<{ week: string; n: number }[]>(SPARKLINE_SQL, userId, sparkSince(now));
  return fillWeeks(now, rows);
}

/** notInGoodOrder: the downline's agents not in good order (not a stage of the 90 days: a count of now). */
export type Pipeline = { counts: PipelineCounts; weeks: WeekCount[]; notInGoodOrder: number };

/**
 * Both of the card's queries as one statement (one round trip, one plan):
 * the counts of PIPELINE_SQL with the weeks of SPARKLINE_SQL as a JSON array
 * ($3: the sparkline's start).
 */
export const PIPELINE_CARD_SQL = `
  SELECT c.*,
         (SELECT COALESCE(json_agg(json_build_object('week', w.week, 'n', w.n) ORDER BY w.week), '[]')
            FROM (${SPARKLINE_SQL.replaceAll("$2::timestamptz", "$3::timestamptz")}) w) AS weeks
    FROM (${PIPELINE_SQL}) c`;

/** The card's data, in one statement (through the pool: the dashboard runs it on every visit). */
export async function getPipeline(userId: string, now: Date = new Date()): Promise<Pipeline> {
  const [r] = await queryRows<CountRow & { weeks: { week: string; n: number }[] }>(PIPELINE_CARD_SQL, [userId, ...pipelineParams(now)]);
  return pipelineOf(r, now);
}

/**
 * PIPELINE_CARD_SQL to run inside another statement whose $1 is the same
 * user: its dates become $3 and $4 (pipelineParams) behind the caller's $2.
 */
export function pipelineCardSqlAfter2(): string {
  return PIPELINE_CARD_SQL.replaceAll("$3::", "$4::").replaceAll("$2::", "$3::");
}

/** The two dates of the card's statement: the 90-day window's start and the sparkline's. */
export function pipelineParams(now: Date): [Date, Date] {
  return [pipelineSince(now), sparkSince(now)];
}

/** The card's data from a row of PIPELINE_CARD_SQL. */
export function pipelineOf(r: (CountRow & { weeks: { week: string; n: number }[] }) | undefined, now: Date): Pipeline {
  return { counts: countsOf(r), weeks: fillWeeks(now, r?.weeks ?? []), notInGoodOrder: Number(r?.not_in_good_order ?? 0) };
}
