// Import Agents (/admin/import, decision 0032): internal administrators
// upload a CSV book of agents; the import runs as a job. The page shows the
// chosen run's progress (refreshed every 2 seconds with JavaScript, a Refresh
// link without), then its counts or its line-numbered errors, and the latest
// imports. Anyone else: 404.
import { redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { readPaging } from "~/components/Pager";
import { SignedInLayout } from "~/components/SignedInLayout";
import { IMPORT_MESSAGES as M } from "~/features/hierarchy/import-messages";
import { FINISHED_STATUSES, getImportRun, listImportRuns, restartImport } from "~/features/hierarchy/import-runs.server";
import { IMPORT_COLUMNS, IMPORT_FILE_FIELD, IMPORT_UPLOAD_PATH, REQUIRED_COLUMNS, type ImportError } from "~/features/hierarchy/import-schema";
import { ImportRun } from "~/features/hierarchy/ui/ImportRun";
import { ImportRunsTable } from "~/features/hierarchy/ui/ImportRunsTable";
import { ImportUploadForm, UPLOAD_ANSWERS } from "~/features/hierarchy/ui/ImportUploadForm";
import type { ImportRunRow, ImportRunView } from "~/features/hierarchy/ui/types";
import { formatDateTime } from "~/features/reports/format";
import { viewerTimeZone } from "~/lib/time-zone.server";
import { useAutoRefresh } from "~/features/reports/ui/useAutoRefresh";
import { titleMeta } from "~/lib/meta";
import reportStyles from "~/styles/reports.css";
import { requireCapability } from "~/lib/permissions.server";
import { readForm } from "~/lib/form.server";

export const meta = titleMeta("Import Agents");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];

const REFRESH_MS = 2000;
const PAGE_SIZES = [10, 50];

export async function loader({ request }: LoaderFunctionArgs) {
  const zone = viewerTimeZone(request);
  await requireCapability(request, "import:hierarchy");
  const url = new URL(request.url);
  const rawRun = url.searchParams.get("run") ?? "";
  let run: ImportRunView | null = null;
  if (rawRun) {
    const r = /^\d{1,9}$/.test(rawRun) ? await getImportRun(Number(rawRun)) : null;
    if (!r) throw new Response("Not Found", { status: 404 });
    run = {
      id: r.id,
      fileName: r.fileName,
      created: formatDateTime(r.createdAt, zone),
      status: r.status,
      statusLabel: M.statusLabel[r.status] ?? r.status,
      finished: FINISHED_STATUSES.includes(r.status),
      percent: Math.max(0, Math.min(100, r.percent)),
      rowsRead: r.rowsRead,
      rowsValid: r.rowsValid,
      rowsWritten: r.rowsWritten,
      inserted: r.inserted,
      updated: r.updated,
      moved: r.moved,
      closureRows: r.closureRows,
      errorCount: r.errorCount,
      errors: (Array.isArray(r.errors) ? r.errors : []) as ImportError[],
      message: r.message,
      canRestart: r.status === "FAILED" && r.fileId !== null,
    };
  }
  const { page, pageSize } = readPaging(url, { pageSizes: PAGE_SIZES });
  const list = await listImportRuns(page, pageSize);
  const runs: ImportRunRow[] = list.runs.map((x) => ({
    id: x.id,
    fileName: x.fileName,
    created: formatDateTime(x.createdAt, zone),
    statusLabel: M.statusLabel[x.status] ?? x.status,
    rowsRead: x.rowsRead,
    errorCount: x.errorCount,
  }));
  const upload = url.searchParams.get("upload");
  return { run, runs, total: list.total, page, pageSize, uploadMessage: upload ? (UPLOAD_ANSWERS[upload] ?? null) : null };
}

/** START AGAIN on a failed run (decision 0083): allowed to whoever may start the import. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCapability(request, "import:hierarchy");
  const form = await readForm(request);
  const runId = String(form.get("runId") ?? "");
  if (form.get("intent") !== "restart" || !/^\d{1,9}$/.test(runId)) throw new Response("Bad Request", { status: 400 });
  // A run that is not failed (a second click) is left as it is: the page shows where it stands.
  await restartImport(Number(runId), user.id, request);
  throw redirect(`/admin/import?run=${runId}`);
}

export default function ImportAgentsPage() {
  const { run, runs, total, page, pageSize, uploadMessage } = useLoaderData<typeof loader>();
  useAutoRefresh(Boolean(run && !run.finished), REFRESH_MS);
  return (
    <SignedInLayout>
      <PageHeader title="Import Agents" lead="Load or update a book of agents from a CSV file. A file with any bad row imports nothing; every bad line is listed." />
      <section className="card" aria-labelledby="upload-title">
        <h2 id="upload-title">Upload a CSV file</h2>
        <ImportUploadForm action={IMPORT_UPLOAD_PATH} fileField={IMPORT_FILE_FIELD} serverMessage={uploadMessage} />
        <details>
          <summary>Columns</summary>
          <p>
            The header row names the columns, in any order: {IMPORT_COLUMNS.join(", ")}. Required columns: {REQUIRED_COLUMNS.join(", ")}. An agent is
            matched by agent number, company and block: importing it again updates it in place. Upline 0000 or blank: the top of a hierarchy.
          </p>
          <p>
            A line that makes an active agent TERMINATED is a deactivation: it needs a terminationReason, the state&apos;s reason code (one for every state the
            agent is appointed in, such as VOL, or one per state, such as FL:AVFS;TX:VOL), and a terminatedDate the states allow (today, or as far back as
            each state accepts). One termination is then filed per state.
          </p>
        </details>
      </section>
      {run ? <ImportRun run={run} /> : null}
      <ImportRunsTable
        title="Latest imports"
        empty="No imports yet."
        label="Latest imports, by upload"
        pagerLabel="Import pages"
        page="/admin/import"
        runs={runs}
        paging={{ page, pageSize, total, pageSizes: PAGE_SIZES }}
      />
    </SignedInLayout>
  );
}
