// Reports (spec part 3 §2 'Reports', §4, §5, §8): REPORT RESULTS (the user's
// requests, refreshed every 5 seconds with JavaScript — the bell's
// pending-report count with them, as the root loader revalidates too — and a
// Refresh button without it), and REQUEST a REPORT (report 1 downline,
// report 2 recruit, with the recruiter finder). Tabs, a request's status and
// the finder are links and GET forms in the URL: everything works without
// JavaScript. See docs/decisions/0024-downline-applications-and-reports.md.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Notice, type NoticeText } from "~/components/Notice";
import { PageHeader } from "~/components/PageHeader";
import { readPaging } from "~/components/Pager";
import { SignedInLayout } from "~/components/SignedInLayout";
import { STOPPED_MESSAGES } from "~/features/jobs/stopped-messages";
import { formatDateTime } from "~/features/reports/format";
import { viewerTimeZone } from "~/lib/time-zone.server";
import { REPORT_MESSAGES as M } from "~/features/reports/messages";
import {
  FINDER_PAGE_SIZE,
  FINDER_QUERY_MAX,
  listReportRequests,
  recruiterChildren,
  RecruiterNotInHierarchyError,
  reportDefinitions,
  reportStatusDialog,
  requestReport,
  searchRecruiters,
  TooManyPendingReportsError,
  rerunReport,
} from "~/features/reports/reports.server";
import { DOWNLINE_REPORT_ID, RECRUIT_REPORT_ID, REQUESTED_ELSEWHERE, reportSchemaFor } from "~/features/reports/schema";
import { RequestTab } from "~/features/reports/ui/RequestTab";
import { Results } from "~/features/reports/ui/Results";
import type { ReportActionData as ActionData } from "~/features/reports/ui/types";
import { useAutoRefresh } from "~/features/reports/ui/useAutoRefresh";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import reportStyles from "~/styles/reports.css";
import { requireCapability } from "~/lib/permissions.server";

export const meta = titleMeta("Reports");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];

/** REPORT RESULTS refreshes this often with JavaScript (spec §9). */
export const REFRESH_MS = 5000;
const RESULT_PAGE_SIZES = [10, 50];
/** The form fields carried through the finder (GET) so nothing typed is lost. */
const FORM_FIELDS = [
  "startDate",
  "endDate",
  "recruiterName",
  "appointmentStatusId",
  "levelNumber",
  "recruiterAgentNo",
  "recruiterCompanyNo",
  "recruiterBlockNo",
  "prospectName",
] as const;
const FINDER_LIMITS = { pageSize: FINDER_PAGE_SIZE, queryMax: FINDER_QUERY_MAX };

type Tab = "results" | "request";

export async function loader({ request }: LoaderFunctionArgs) {
  const zone = viewerTimeZone(request);
  const user = await requireCapability(request, "request:report");
  const url = new URL(request.url);
  const sp = url.searchParams;
  const tab: Tab = sp.get("tab") === "request" ? "request" : "results";
  // The compliance report is requested from /compliance (decision 0073), the fee report from ADMIN >
  // State Filings (0117), the audit log's export from ADMIN > Audit Log (0119).
  const definitions = (await reportDefinitions()).filter((r) => !REQUESTED_ELSEWHERE.includes(r.reportId));
  const reportId = sp.get("report") === String(RECRUIT_REPORT_ID) ? RECRUIT_REPORT_ID : DOWNLINE_REPORT_ID;
  const values: Record<string, string> = {};
  for (const f of FORM_FIELDS) {
    const v = sp.get(f);
    if (v != null) values[f] = v.slice(0, 200);
  }

  let results = null;
  let dialog = null;
  let notice: NoticeText | null = null;
  if (tab === "results") {
    const { page, pageSize } = readPaging(url, { pageSizes: RESULT_PAGE_SIZES });
    const list = await listReportRequests(user.id, page, pageSize);
    results = {
      page,
      pageSize,
      totalRecords: list.totalRecords,
      rows: list.results.map((r) => ({ ...r, requested: formatDateTime(r.requestDt, zone) })),
    };
    const status = sp.get("status");
    if (status && /^\d{1,9}$/.test(status)) dialog = await reportStatusDialog(user.id, Number(status));
    if (dialog && sp.get("busy") === "1") dialog = { ...dialog, message: M.tooManyPending };
    // The queued answer is a notice on the page, not a dialog (decision 0103).
    if (sp.get("queued") === "1") notice = { title: M.queuedTitle, message: M.queuedText };
  }

  let finder = null;
  const finderTab = sp.get("finder");
  if (tab === "request" && reportId === RECRUIT_REPORT_ID && (finderTab === "search" || finderTab === "hierarchy")) {
    const fpage = Math.min(Math.max(0, Number(sp.get("fpage")) || 0), 100_000);
    if (finderTab === "search") {
      const q = (sp.get("q") ?? "").slice(0, FINDER_QUERY_MAX);
      const found = await searchRecruiters(user.id, q, fpage);
      finder = { tab: "search" as const, q, page: fpage, ...found, parent: null };
    } else {
      const rawParent = sp.get("parent") ?? "";
      const parentId = /^\d{1,9}$/.test(rawParent) ? Number(rawParent) : null;
      const found = await recruiterChildren(user.id, parentId, fpage);
      finder = { tab: "hierarchy" as const, q: "", page: fpage, ...found };
    }
  }
  return { tab, definitions, reportId, values, results, dialog, notice, finder, year: new Date().getFullYear() };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCapability(request, "request:report");
  const formData = await readForm(request);
  if (formData.get("intent") === "rerun") {
    // RUN AGAIN on a failed request's dialog (decision 0083): the user's own request, as it was.
    const id = String(formData.get("reportRequestId") ?? "");
    try {
      if (!/^\d{1,9}$/.test(id) || !(await rerunReport(user, Number(id)))) throw new Response("Not Found", { status: 404 });
    } catch (error) {
      if (error instanceof TooManyPendingReportsError) throw redirect(`/reports?tab=results&status=${id}&busy=1`);
      throw error;
    }
    throw redirect("/reports?tab=results&queued=1");
  }
  const schema = reportSchemaFor(formData.get("reportId"));
  if (!schema) throw new Response(M.unknownReport, { status: 400 });
  const reportId = Number(formData.get("reportId"));
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data<ActionData>({ reply: submission.reply(), reportId }, { status: 400 });
  }
  try {
    await requestReport(user, submission.value);
  } catch (error) {
    if (error instanceof TooManyPendingReportsError) {
      return data<ActionData>({ reply: submission.reply({ formErrors: [M.tooManyPending] }), reportId }, { status: 429 });
    }
    if (error instanceof RecruiterNotInHierarchyError) {
      return data<ActionData>({ reply: submission.reply({ fieldErrors: { recruiterAgentNo: [M.recruiterNotFound] } }), reportId }, { status: 400 });
    }
    throw error;
  }
  throw redirect("/reports?tab=results&queued=1");
}

export default function ReportsRoute() {
  const d = useLoaderData<typeof loader>();
  useAutoRefresh(d.tab === "results", REFRESH_MS);
  return (
    <SignedInLayout>
      <PageHeader title="Reports" lead="Request downline and recruit reports and download the results." />
      <nav aria-label="Reports tabs">
        <ul className="tabs">
          <li>
            <Link className="tabs__link" to="/reports?tab=results" aria-current={d.tab === "results" ? "page" : undefined}>
              REPORT RESULTS
            </Link>
          </li>
          <li>
            <Link className="tabs__link" to="/reports?tab=request" aria-current={d.tab === "request" ? "page" : undefined}>
              REQUEST a REPORT
            </Link>
          </li>
        </ul>
      </nav>
      {d.notice ? <Notice title={d.notice.title} message={d.notice.message} /> : null}
      {/* A request's status, opened from its row, stands above the list (decision 0103); a failed one offers RUN AGAIN. */}
      {d.dialog ? (
        <Notice id="report-status" variant={d.dialog.variant} title={d.dialog.title} message={d.dialog.message}>
          {"rerun" in d.dialog && d.dialog.rerun ? (
            <Form method="post" action="/reports?tab=results">
              <input type="hidden" name="intent" value="rerun" />
              <input type="hidden" name="reportRequestId" value={String(d.dialog.rerun)} />
              <button type="submit" className="btn btn--primary">
                {STOPPED_MESSAGES.runAgain}
              </button>
            </Form>
          ) : null}
        </Notice>
      ) : null}
      {d.tab === "results" && d.results ? (
        <Results results={d.results} pageSizes={RESULT_PAGE_SIZES} />
      ) : (
        <RequestTab definitions={d.definitions} reportId={d.reportId} values={d.values} finder={d.finder} finderLimits={FINDER_LIMITS} />
      )}
    </SignedInLayout>
  );
}
