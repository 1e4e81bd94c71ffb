// Applications in progress (spec part 3 §2 '/inprog', §7 'View in-progress'):
// the incomplete and submitted applications of the user's downline: their own
// recruits and the recruits of every agent under them (the recruiter position
// of the application, or its link's, is one of the user's positions or under
// one), plus the paper applications the user filled in. Paged on the server.
// The same rule opens them read-only in /appoint (access.server.ts). The
// hierarchy part is hierarchy.server.ts's, through the pipeline card's
// IN_DOWNLINE (one text for both screens).
import { prisma } from "~/lib/db.server";
import { gridStatusText } from "~/features/appointment/status";
import { IN_DOWNLINE, VIEWER_CTE } from "~/features/pipeline/pipeline.server";

export const INPROG_PAGE_SIZES = [10, 50];
export const INPROG_STATUSES = ["APWF_STATUS_INCOMPLETE", "APWF_STATUS_NEWCONTRACT"] as const;
/**
 * The statuses ?status= may ask for (the dashboard's pipeline card links here,
 * decision 0027): the two of the grid, and approved and abandoned.
 */
export const INPROG_FILTER_STATUSES = [...INPROG_STATUSES, "APWF_STATUS_APPROVED", "APWF_STATUS_ABANDONED"] as const;
export type InProgFilterStatus = (typeof INPROG_FILTER_STATUSES)[number];
/** The windows ?days= may ask for (the pipeline card's). */
export const INPROG_FILTER_DAYS = [90] as const;

export type InProgressFilter = {
  /** One status instead of the grid's two. */
  status?: InProgFilterStatus | null;
  /** Only applications started since. */
  since?: Date | null;
};

/**
 * ?status= and ?days= of /inprog, validated: a status or a window outside the
 * allowed ones is refused (null: the route answers 400), never passed to SQL.
 */
export function readInProgressFilter(url: URL, now: Date = new Date()): { status: InProgFilterStatus | null; days: number | null; since: Date | null } | null {
  const status = url.searchParams.get("status");
  const days = url.searchParams.get("days");
  if (status != null && status !== "" && !(INPROG_FILTER_STATUSES as readonly string[]).includes(status)) return null;
  if (days != null && days !== "" && !(INPROG_FILTER_DAYS as readonly number[]).map(String).includes(days)) return null;
  const nDays = days ? Number(days) : null;
  return {
    status: status ? (status as InProgFilterStatus) : null,
    days: nDays,
    since: nDays ? new Date(now.getTime() - nDays * 24 * 60 * 60 * 1000) : null,
  };
}

export type InProgressRow = {
  appointmentId: number;
  prospect: string;
  recruiter: string;
  initiatedDt: string;
  status: string;
};

/** Status text of the grid: 'New Contract' (APWF_STATUS_NEWCONTRACT) reads 'Submitted for Approval' (spec §2; the catalogue's grid text). */
export const inProgressStatusText = gridStatusText;

type Row = {
  appointment_id: number;
  prospect: string | null;
  email: string | null;
  recruiter: string | null;
  start_dt: Date;
  status: string;
  total: number;
};

/**
 * The SQL of one page (exported for the bench, which runs it over node-postgres beside this function).
 * $1 user, $2 limit, $3 offset, $4 the statuses (text[]), $5 started since (timestamptz, null: any time).
 */
export const IN_PROGRESS_SQL = `
  WITH ${VIEWER_CTE}, mine AS (
    -- Driven by the applications in progress (index on status), each checked with the closure
    -- table's index on descendant_id: the cost follows the number of applications in progress,
    -- not the size of the downline (100,000 agents under a director).
    SELECT ap.appointment_id, ap.start_dt
      FROM appointments ap
     WHERE NOT ap.is_deleted
       AND ap.appointment_status_code = ANY($4::text[])
       AND ap.start_dt >= COALESCE($5::timestamptz, '-infinity'::timestamptz)
       AND ${IN_DOWNLINE}
  ), page AS (
    SELECT appointment_id, start_dt, count(*) OVER ()::int AS total FROM mine
     ORDER BY start_dt DESC, appointment_id DESC
     LIMIT $2 OFFSET $3
  )
  SELECT ap.appointment_id,
         NULLIF(concat_ws(' ', COALESCE(p.first_name, u.first_name, i.prospect_first_name), COALESCE(p.last_name, u.last_name, i.prospect_last_name)), '') AS prospect,
         COALESCE(ap.prospect_email_address, u.user_name) AS email,
         COALESCE(NULLIF(r.company_name, ''), NULLIF(concat_ws(' ', r.first_name, r.last_name), '')) AS recruiter,
         ap.start_dt, ap.appointment_status_code AS status, pg.total
    FROM page pg
    JOIN appointments ap ON ap.appointment_id = pg.appointment_id
    LEFT JOIN appointment_links l ON l.appointment_link_id = ap.appointment_link_id
    LEFT JOIN agents r ON r.id = COALESCE(ap.recruiter_agent_id, l.recruiter_agent_id)
    LEFT JOIN appointment_personal p ON p.appointment_id = ap.appointment_id
    LEFT JOIN users u ON u.id = ap.user_id
    LEFT JOIN invitations i ON i.invitation_id = ap.invitation_id
   ORDER BY pg.start_dt DESC, pg.appointment_id DESC`;

/** One page of the user's downline's applications in progress, newest first. */
export async function inProgressPage(
  userId: string,
  page: number,
  pageSize: number,
  filter: InProgressFilter = {},
): Promise<{ results: InProgressRow[]; totalRecords: number }> {
  const args = inProgressArgs(filter);
  const rows = await prisma.$queryRawUnsafe<Row[]>(IN_PROGRESS_SQL, userId, pageSize, page * pageSize, ...args);
  let totalRecords = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 0) {
    // Past the last page: the count still tells the pager where the end is.
    const again = await prisma.$queryRawUnsafe<Row[]>(IN_PROGRESS_SQL, userId, 1, 0, ...args);
    totalRecords = again[0]?.total ?? 0;
  }
  return {
    results: rows.map((r) => ({
      appointmentId: r.appointment_id,
      prospect: r.prospect ?? r.email ?? "",
      recruiter: r.recruiter ?? "",
      initiatedDt: r.start_dt.toISOString(),
      status: inProgressStatusText(r.status),
    })),
    totalRecords: Number(totalRecords),
  };
}

/** $4 and $5 of IN_PROGRESS_SQL. */
export function inProgressArgs(filter: InProgressFilter = {}): [string[], Date | null] {
  return [filter.status ? [filter.status] : [...INPROG_STATUSES], filter.since ?? null];
}
