// The reports screen (spec part 3 §2 'Reports', §4, §7): definitions, the
// requester's own requests, queuing a request, what clicking a status says,
// the download and the recruiter finder. Everything is scoped to the asking
// user: another user's request is 404 (never someone else's data).
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { fileResponse, StoredFileMissingError } from "~/lib/storage.server";
import { jobKeys, jobOptions, queueJob } from "~/features/jobs/queue.server";
import { forgetCutOffs, isStoppedMessage } from "~/features/jobs/stopped-runs.server";
import type { Prisma } from "~/generated/prisma/client";
import { downlineSql, isUnderUser, viewerPositionsSql } from "~/features/hierarchy/hierarchy.server";
import { NO_DATA, REPORT_MESSAGES as M } from "./messages";
import { REPORT_STATUS, reportFileName } from "./run.server";
import { filterText, RECRUIT_REPORT_ID, type RecruitReportInput, type ReportInput } from "./schema";

export type ReportDefinitionView = { reportId: number; name: string; info: string };

export async function reportDefinitions(): Promise<ReportDefinitionView[]> {
  return prisma.reportDefinition.findMany({
    where: { isActive: true },
    orderBy: [{ sortOrder: "asc" }, { reportId: "asc" }],
    select: { reportId: true, name: true, info: true },
  });
}

export type ReportRequestView = {
  reportRequestId: number;
  requestDt: string;
  report: string;
  filterText: string;
  statusCode: string;
  status: string;
};

const STATUS_LABEL: Record<string, string> = {
  RPTSTATUS_PENDING: "Pending",
  RPTSTATUS_STARTED: "Started",
  RPTSTATUS_ERROR: "Error",
  RPTSTATUS_COMPLETED: "Completed",
};

/** The user's requests, newest first, one page. */
export async function listReportRequests(userId: string, page: number, pageSize: number) {
  const where = { requestedById: userId };
  const [rows, totalRecords] = await Promise.all([
    prisma.reportRequest.findMany({
      where,
      orderBy: [{ requestDt: "desc" }, { reportRequestId: "desc" }],
      skip: page * pageSize,
      take: pageSize,
      select: { reportRequestId: true, requestDt: true, filterText: true, statusCode: true, report: { select: { name: true } } },
    }),
    prisma.reportRequest.count({ where }),
  ]);
  const results: ReportRequestView[] = rows.map((r) => ({
    reportRequestId: r.reportRequestId,
    requestDt: r.requestDt.toISOString(),
    report: r.report.name,
    filterText: r.filterText,
    statusCode: r.statusCode,
    status: STATUS_LABEL[r.statusCode] ?? r.statusCode,
  }));
  return { results, totalRecords };
}

/** What clicking a status says (spec §4), for the user's own request; null when it is not theirs. */
export async function reportStatusDialog(userId: string, reportRequestId: number) {
  const r = Number.isSafeInteger(reportRequestId)
    ? await prisma.reportRequest.findFirst({ where: { reportRequestId, requestedById: userId }, select: { statusCode: true, errorMessage: true } })
    : null;
  if (!r) return null;
  switch (r.statusCode) {
    case REPORT_STATUS.PENDING:
      return { title: M.pendingTitle, message: M.pendingText, variant: "info" as const };
    case REPORT_STATUS.STARTED:
      return { title: M.startedTitle, message: M.startedText, variant: "info" as const };
    case REPORT_STATUS.ERROR:
      // A failed report can be run again (decision 0083); one whose job stopped says why.
      return (r.errorMessage ?? "").toUpperCase().includes(NO_DATA)
        ? { title: M.noResultsTitle, message: M.noResultsText, variant: "warning" as const }
        : { title: M.oopsTitle, message: isStoppedMessage(r.errorMessage) ? r.errorMessage! : M.oopsText, variant: "error" as const, rerun: reportRequestId };
    default:
      return null;
  }
}

export class RecruiterNotInHierarchyError extends Error {}
export class TooManyPendingReportsError extends Error {}

/** Requests one user may have queued or running at once (keeps one user from filling the job queue). */
export const MAX_PENDING_REPORTS = 5;

/**
 * Stores the request (RPTSTATUS_PENDING) and queues its job (job key per
 * request) in one transaction. The recruit report's recruiter must be one of
 * the user's positions or under them.
 */
export async function requestReport(user: CurrentUser, input: ReportInput): Promise<{ reportRequestId: number }> {
  const reportId = Number(input.reportId);
  if (reportId === RECRUIT_REPORT_ID) {
    const r = input as RecruitReportInput;
    if (r.recruiterAgentNo) {
      const agent = await prisma.agent.findFirst({
        where: { agentNumber: r.recruiterAgentNo, companyNumber: r.recruiterCompanyNo ?? "", blockNumber: r.recruiterBlockNo ?? -1 },
        select: { id: true },
      });
      if (!agent || !(await isUnderUser(prisma, user.id, { agentIds: [agent.id] }))) throw new RecruiterNotInHierarchyError(M.recruiterNotFound);
    }
  }
  return prisma.$transaction(async (tx) => {
    await underPendingCap(tx, user.id);
    const row = await tx.reportRequest.create({
      data: {
        requestedById: user.id,
        reportId,
        inputJson: input as object,
        filterText: filterText(input),
        statusCode: REPORT_STATUS.PENDING,
      },
      select: { reportRequestId: true },
    });
    const id = row.reportRequestId;
    await queueJob(tx, "generate-report", { reportRequestId: id }, jobOptions.report(id));
    return { reportRequestId: id };
  });
}

/** Refuses a request past MAX_PENDING_REPORTS of one user (serialised: two at once cannot both pass). */
async function underPendingCap(tx: Prisma.TransactionClient, userId: string) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`report-request:${userId}`}))`;
  const pending = await tx.reportRequest.count({
    where: { requestedById: userId, statusCode: { in: [REPORT_STATUS.PENDING, REPORT_STATUS.STARTED] } },
  });
  if (pending >= MAX_PENDING_REPORTS) throw new TooManyPendingReportsError(M.tooManyPending);
}

/**
 * Runs the user's own failed request again as it was (decision 0083): PENDING, its job queued again
 * under its key. False when it is not theirs or not failed (a 'no data' answer is not a failure).
 */
export async function rerunReport(user: CurrentUser, reportRequestId: number): Promise<boolean> {
  if (!Number.isSafeInteger(reportRequestId) || reportRequestId <= 0) return false;
  return prisma.$transaction(async (tx) => {
    const r = await tx.reportRequest.findFirst({ where: { reportRequestId, requestedById: user.id, statusCode: REPORT_STATUS.ERROR }, select: { errorMessage: true } });
    if (!r || (r.errorMessage ?? "").toUpperCase().includes(NO_DATA)) return false;
    await underPendingCap(tx, user.id);
    await tx.reportRequest.update({ where: { reportRequestId }, data: { statusCode: REPORT_STATUS.PENDING, errorMessage: null, startedAt: null, completedAt: null, progress: 0 } });
    await forgetCutOffs(tx, jobKeys.report(reportRequestId));
    await queueJob(tx, "generate-report", { reportRequestId }, jobOptions.report(reportRequestId));
    return true;
  });
}

/** The finished spreadsheet of the user's own request; 404 for anything else. */
export async function reportDownload(userId: string, reportRequestId: number): Promise<Response> {
  const r = Number.isSafeInteger(reportRequestId)
    ? await prisma.reportRequest.findFirst({
        where: { reportRequestId, requestedById: userId, statusCode: REPORT_STATUS.COMPLETED },
        select: { report: { select: { name: true } }, outputFile: true },
      })
    : null;
  if (!r?.outputFile) throw new Response(null, { status: 404 });
  try {
    // The stored name: a spreadsheet's (Downline_Report.xlsx) or the audit export's (Audit_Log.csv).
    return await fileResponse(r.outputFile, { disposition: "attachment", fileName: r.outputFile.fileName || reportFileName(r.report.name) });
  } catch (error) {
    if (error instanceof StoredFileMissingError) throw new Response(null, { status: 404 });
    throw error;
  }
}

// ───────────────────────────── recruiter finder ─────────────────────────────

export type RecruiterOption = {
  id: number;
  agentNumber: string;
  companyNumber: string;
  blockNumber: number;
  name: string;
  level: number;
  childCount: number;
};

export const FINDER_PAGE_SIZE = 10;
export const FINDER_QUERY_MAX = 100;

const nameOf = (a: { companyName: string | null; firstName: string | null; lastName: string | null }) =>
  a.companyName?.trim() || [a.firstName, a.lastName].filter(Boolean).join(" ") || "";

type FinderRow = { id: number; agent_number: string; company_number: string; block_number: number; first_name: string | null; last_name: string | null; company_name: string | null; hierarchy_level: number; child_count: number; total: number };

const toOption = (r: FinderRow): RecruiterOption => ({
  id: r.id,
  agentNumber: r.agent_number,
  companyNumber: r.company_number,
  blockNumber: r.block_number,
  name: nameOf({ companyName: r.company_name, firstName: r.first_name, lastName: r.last_name }),
  level: r.hierarchy_level,
  childCount: Number(r.child_count),
});

/** $1 user, $2 pattern, $3 limit, $4 offset: the team is the hierarchy rule's (hierarchy.server.ts). */
const SEARCH_RECRUITERS_SQL = `
    WITH viewer AS (${viewerPositionsSql("$1::uuid")}),
         team AS (${downlineSql("viewer")})
    SELECT a.id, a.agent_number, a.company_number, a.block_number, a.first_name, a.last_name, a.company_name, a.hierarchy_level,
           0 AS child_count, count(*) OVER ()::int AS total
      FROM agents a JOIN team t ON t.id = a.id
     WHERE a.is_active
       AND (a.last_name ILIKE $2::text OR a.first_name ILIKE $2::text OR a.company_name ILIKE $2::text OR a.agent_number ILIKE $2::text
            OR concat_ws(' ', a.first_name, a.last_name) ILIKE $2::text)
     ORDER BY a.last_name NULLS LAST, a.first_name NULLS LAST, a.agent_number, a.id
     LIMIT $3::int OFFSET $4::int`;

/** SEARCH tab: agents among the user's positions and their downline whose name or agent number contains q. */
export async function searchRecruiters(userId: string, q: string, page: number) {
  const term = q.trim().slice(0, FINDER_QUERY_MAX);
  if (!term) return { results: [] as RecruiterOption[], totalRecords: 0 };
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await prisma.$queryRawUnsafe<FinderRow[]>(SEARCH_RECRUITERS_SQL, userId, pattern, FINDER_PAGE_SIZE, page * FINDER_PAGE_SIZE);
  return { results: rows.map(toOption), totalRecords: rows[0]?.total ?? 0 };
}

/** $1 user, $2 limit, $3 offset: the user's own positions that count (the hierarchy rule's, hierarchy.server.ts). */
const OWN_POSITIONS_SQL = `
    SELECT a.id, a.agent_number, a.company_number, a.block_number, a.first_name, a.last_name, a.company_name, a.hierarchy_level,
           (SELECT count(*) FROM agents k WHERE k.parent_id = a.id AND k.is_active)::int AS child_count, count(*) OVER ()::int AS total
      FROM agents a WHERE a.id IN (${viewerPositionsSql("$1::uuid")})
     ORDER BY a.agent_number, a.company_number, a.block_number
     LIMIT $2::int OFFSET $3::int`;

/**
 * HIERARCHY tab: the user's own positions (no parent given), or the active
 * children of a position in their hierarchy (404-like empty list otherwise).
 */
export async function recruiterChildren(userId: string, parentId: number | null, page: number) {
  if (parentId !== null && !(await isUnderUser(prisma, userId, { agentIds: [parentId] }))) {
    return { parent: null, results: [] as RecruiterOption[], totalRecords: 0 };
  }
  const rows =
    parentId === null
      ? await prisma.$queryRawUnsafe<FinderRow[]>(OWN_POSITIONS_SQL, userId, FINDER_PAGE_SIZE, page * FINDER_PAGE_SIZE)
      : await prisma.$queryRaw<FinderRow[]>`
          SELECT a.id, a.agent_number, a.company_number, a.block_number, a.first_name, a.last_name, a.company_name, a.hierarchy_level,
                 (SELECT count(*) FROM agents k WHERE k.parent_id = a.id AND k.is_active)::int AS child_count, count(*) OVER ()::int AS total
            FROM agents a WHERE a.parent_id = ${parentId} AND a.is_active
           ORDER BY a.last_name NULLS LAST, a.first_name NULLS LAST, a.id
           LIMIT ${FINDER_PAGE_SIZE} OFFSET ${page * FINDER_PAGE_SIZE}`;
  const parent =
    parentId === null
      ? null
      : await prisma.agent.findUnique({
          where: { id: parentId },
          select: { id: true, parentId: true, agentNumber: true, firstName: true, lastName: true, companyName: true },
        });
  // The way back up stops at the user's own positions.
  const upId = parent?.parentId != null && (await isUnderUser(prisma, userId, { agentIds: [parent.parentId] })) ? parent.parentId : null;
  return {
    parent: parent ? { id: parent.id, upId, agentNumber: parent.agentNumber, name: nameOf(parent) } : null,
    results: rows.map(toOption),
    totalRecords: rows[0]?.total ?? 0,
  };
}
