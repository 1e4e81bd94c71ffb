// Import Licenses (/admin/licences/import, issue 23 item 1, decision 0072): administrators
// (manage:licences) upload a licence csv (our columns or NIPR's PDB detail report) to import, or a
// NIPR file to keep for the 'file' licence lookup; a job reads it. The page shows the chosen run's
// progress (refreshed with JavaScript, a Refresh link without), then its counts or its
// line-numbered errors, and the latest runs. The upload form and the run are the agent import's.
import { redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { readPaging } from "~/components/Pager";
import { SignedInLayout } from "~/components/SignedInLayout";
import type { ImportError } from "~/features/hierarchy/import-schema";
import { ImportRun } from "~/features/hierarchy/ui/ImportRun";
import { ImportRunsTable } from "~/features/hierarchy/ui/ImportRunsTable";
import { ImportUploadForm, UPLOAD_ANSWERS } from "~/features/hierarchy/ui/ImportUploadForm";
import type { ImportRunView } from "~/features/hierarchy/ui/types";
import { LICENCE_IMPORT_MESSAGES as M } from "~/features/licences/import-messages";
import { FINISHED, getLicenceImportRun, listLicenceImportRuns } from "~/features/licences/import.server";
import { restartLicenceImport } from "~/features/licences/import-restart.server";
import { LICENCE_COLUMNS, LICENCE_FILE_FIELD, LICENCE_IMPORT_PATH, LICENCE_PURPOSE_FIELD, LICENCE_UPLOAD_PATH, NIPR_COLUMN_NAMES } from "~/features/licences/import-columns";
import { formatDateTime } from "~/features/reports/format";
import { viewerTimeZone } from "~/lib/time-zone.server";
import { useAutoRefresh } from "~/features/reports/ui/useAutoRefresh";
import { titleMeta } from "~/lib/meta";
import { requireCapability } from "~/lib/permissions.server";
import { readForm } from "~/lib/form.server";
import reportStyles from "~/styles/reports.css";

export const meta = titleMeta("Import Licenses");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];

const PAGE_SIZES = [10, 50];
const PURPOSE_LABEL: Record<string, string> = { IMPORT: "Import", LOOKUP: "For the lookup" };

export async function loader({ request }: LoaderFunctionArgs) {
  const zone = viewerTimeZone(request);
  await requireCapability(request, "manage:licences");
  const url = new URL(request.url);
  const rawRun = url.searchParams.get("run") ?? "";
  let run: (ImportRunView & { purpose: string; counts: Array<[string, number, string?]> }) | null = null;
  if (rawRun) {
    const r = /^\d{1,9}$/.test(rawRun) ? await getLicenceImportRun(Number(rawRun)) : null;
    if (!r) throw new Response("Not Found", { status: 404 });
    const completed = r.status === "COMPLETED";
    run = {
      id: r.id,
      purpose: r.purpose,
      fileName: r.fileName,
      created: formatDateTime(r.createdAt, zone),
      status: r.status,
      statusLabel: r.purpose === "LOOKUP" && completed ? M.lookupFileKept : (M.statusLabel[r.status] ?? r.status),
      finished: FINISHED.includes(r.status),
      percent: Math.max(0, Math.min(100, r.percent)),
      rowsRead: r.rowsRead,
      rowsValid: completed ? r.rowsRead : 0,
      rowsWritten: completed ? r.inserted + r.updated : 0,
      inserted: r.inserted,
      updated: r.updated,
      moved: 0,
      closureRows: 0,
      errorCount: r.errorCount,
      errors: (Array.isArray(r.errors) ? r.errors : []) as ImportError[],
      message: r.message,
      canRestart: r.status === "FAILED" && r.fileId !== null,
      counts: [
        ["Licenses", r.licences, "licence-count"],
        ["NPNs", r.npns],
        ...(r.purpose === "IMPORT"
          ? ([
              ["New licenses", r.inserted, "import-inserted"],
              ["Updated licenses", r.updated, "import-updated"],
              ["Unchanged licenses", r.unchanged, "import-unchanged"],
            ] as Array<[string, number, string]>)
          : []),
        ["Left out (no life, health or variable line)", r.skipped],
      ],
    };
  }
  const { page, pageSize } = readPaging(url, { pageSizes: PAGE_SIZES });
  const list = await listLicenceImportRuns(page, pageSize);
  const runs = list.runs.map((x) => ({
    id: x.id,
    purpose: PURPOSE_LABEL[x.purpose] ?? x.purpose,
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
  const user = await requireCapability(request, "manage:licences");
  const form = await readForm(request);
  const runId = String(form.get("runId") ?? "");
  if (form.get("intent") !== "restart" || !/^\d{1,9}$/.test(runId)) throw new Response("Bad Request", { status: 400 });
  // A run that is not failed (a second click) is left as it is: the page shows where it stands.
  await restartLicenceImport(Number(runId), user.id, request);
  throw redirect(`${LICENCE_IMPORT_PATH}?run=${runId}`);
}

export default function ImportLicencesPage() {
  const { run, runs, total, page, pageSize, uploadMessage } = useLoaderData<typeof loader>();
  useAutoRefresh(Boolean(run && !run.finished), 2000);
  return (
    <SignedInLayout>
      <PageHeader
        title="Import Licenses"
        lead="Load or update producers' licenses from a CSV file (ours or NIPR's PDB detail report), or keep a NIPR file for the license lookup. A file with any bad row imports nothing; every bad line is listed."
      />
      <section className="card" aria-labelledby="upload-title">
        <h2 id="upload-title">Upload a CSV file</h2>
        <ImportUploadForm
          action={LICENCE_UPLOAD_PATH}
          fileField={LICENCE_FILE_FIELD}
          serverMessage={uploadMessage}
          page={LICENCE_IMPORT_PATH}
          hint="A header row and one license (or, NIPR's, one line of authority) per row"
        >
          <fieldset className="radio-group">
            <legend>What to do with the file</legend>
            <div className="radio-group__options">
              <label className="field--inline choice">
                <input type="radio" name={LICENCE_PURPOSE_FIELD} value="IMPORT" defaultChecked />
                <span>Import its licenses</span>
              </label>
              <label className="field--inline choice">
                <input type="radio" name={LICENCE_PURPOSE_FIELD} value="LOOKUP" />
                <span>Keep it for the license lookup (nothing is written)</span>
              </label>
            </div>
          </fieldset>
        </ImportUploadForm>
        <details>
          <summary>Columns</summary>
          <p>
            The header row names the columns, in any order and any case: {LICENCE_COLUMNS.join(", ")} (npn and stateCode required; yes/no columns take Y, N,
            Yes, No; dates YYYY-MM-DD or MM/DD/YYYY). NIPR&apos;s names are accepted too:{" "}
            {Object.values(NIPR_COLUMN_NAMES)
              .map((names) => names[0])
              .join(", ")}
            . NIPR&apos;s rows of one NPN and state (one per line of authority) make one license with its lines. A license is matched by NPN and state: importing it
            again updates it in place.
          </p>
        </details>
      </section>
      {run ? <ImportRun run={run} page={LICENCE_IMPORT_PATH} counts={run.counts} /> : null}
      <ImportRunsTable
        title="Latest files"
        empty="No files yet."
        label="Latest license files, by upload"
        pagerLabel="License import pages"
        page={LICENCE_IMPORT_PATH}
        runs={runs} purpose
        paging={{ page, pageSize, total, pageSizes: PAGE_SIZES }}
      />
    </SignedInLayout>
  );
}
