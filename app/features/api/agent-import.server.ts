// The agent import as an API call (issue 24 item 4, decision 0075): POST /api/v1/agent-imports takes
// the screen's CSV (text/csv) or the same columns as JSON ({ "rows": [{ column: value }] }, turned into
// that CSV), stores it and queues the same import run and job as ADMIN > Import Agents (queueImport):
// one reader and one validator check both, and the run's report is the screen's.
import { Readable } from "node:stream";
import { z } from "zod";
import { FINISHED_STATUSES, getImportRun, listImportRuns, queueImport } from "~/features/hierarchy/import-runs.server";
import { IMPORT_MESSAGES as M } from "~/features/hierarchy/import-messages";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "~/features/hierarchy/import-schema";
import { prisma } from "~/lib/db.server";
import { FileTooLargeError, removeBlob, sanitizeFileName, writeBlob, type WrittenBlob } from "~/lib/storage.server";
import { ApiProblem, type ApiContext } from "./http.server";
import { intId, send } from "./paging.server";
import { ImportQueuedSchema, ImportRunListSchema, ImportRunSchema } from "./schemas";

export const AGENT_IMPORTS_PATH = "/api/v1/agent-imports";

const tooLarge = () => new ApiProblem(413, `The body is larger than ${MAX_IMPORT_BYTES} bytes (the import's limit).`);

/** The CSV's bytes as they come, refused when its first 4 KB hold a NUL byte (not text: the upload's rule). */
async function* textOnly(body: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let checked = 0;
  for await (const chunk of body) {
    if (checked < 4096) {
      if (chunk.subarray(0, 4096 - checked).includes(0)) throw new ApiProblem(400, "The body is not CSV text (it holds a NUL byte).");
      checked += chunk.byteLength;
    }
    yield chunk;
  }
}

const cell = z.union([z.string(), z.number(), z.null()]);
const jsonBody = z.object({ rows: z.array(z.record(z.string(), cell)).max(MAX_IMPORT_ROWS) }).strict();

const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;

/**
 * JSON rows as the CSV the screen takes: the header is every key in the order first seen (the reader
 * then refuses unknown or missing columns with its own messages), one line per row, so rows[i] is
 * line i + 2 of the report. A value with a line break is refused (it would shift the lines).
 */
export function rowsToCsv(rows: Array<Record<string, string | number | null>>): string {
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    for (const k of Object.keys(row)) {
      if (seen.has(k)) continue;
      seen.add(k);
      columns.push(k);
    }
  }
  const lines = [columns.map(quote).join(",")];
  rows.forEach((row, i) => {
    lines.push(
      columns
        .map((c) => {
          const v = row[c];
          const s = v === null || v === undefined ? "" : String(v);
          if (/[\r\n]/.test(s)) throw new ApiProblem(400, `rows[${i}].${c.slice(0, 60)} holds a line break.`);
          return quote(s);
        })
        .join(","),
    );
  });
  return lines.join("\n") + "\n";
}

async function readJsonRows(request: Request): Promise<string> {
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_IMPORT_BYTES) throw tooLarge();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiProblem(400, "The body is not valid JSON.");
  }
  const body = jsonBody.safeParse(parsed);
  if (!body.success) {
    const issue = body.error.issues[0]!;
    if (issue.code === "too_big") throw new ApiProblem(400, M.tooManyRows(MAX_IMPORT_ROWS));
    const where = issue.path.length ? issue.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("").replace(/^\./, "") : "body";
    throw new ApiProblem(400, `The body must be { "rows": [ { column: value } ] } with text, number or null values (${where.slice(0, 100)}).`);
  }
  return rowsToCsv(body.data.rows);
}

/** POST /api/v1/agent-imports: 202 with the run's id and its Location. */
export async function startApiImport({ request, token }: ApiContext): Promise<Response> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "text/csv" && type !== "application/json") throw new ApiProblem(415, "Send the agents as text/csv or application/json.");
  let blob: WrittenBlob;
  try {
    if (type === "application/json") {
      blob = await writeBlob({ bytes: Buffer.from(await readJsonRows(request)) }, { maxBytes: MAX_IMPORT_BYTES, contentType: "text/csv" });
    } else {
      if (!request.body) throw new ApiProblem(400, M.emptyFile);
      blob = await writeBlob({ stream: Readable.from(textOnly(request.body as unknown as AsyncIterable<Uint8Array>)) }, { maxBytes: MAX_IMPORT_BYTES, contentType: "text/csv" });
    }
  } catch (error) {
    if (error instanceof FileTooLargeError) throw tooLarge();
    throw error;
  }
  try {
    // The run is the token's: its creator stands as the importing user (the agents' audit rows), the
    // token is named in the file name the screen lists and in the AGENT_IMPORT_QUEUED audit row.
    const owner = await prisma.apiToken.findUnique({ where: { id: token.id }, select: { createdById: true } });
    const fileName = sanitizeFileName(`API ${token.name}.${type === "text/csv" ? "csv" : "json"}`);
    const { runId } = await queueImport({ blob, fileName, userId: owner?.createdById ?? null, request, apiToken: { id: token.id, name: token.name } });
    const location = `${AGENT_IMPORTS_PATH}/${runId}`;
    const accepted = send(ImportQueuedSchema, { id: runId, status: "QUEUED", location });
    return new Response(accepted.body, { status: 202, headers: { ...Object.fromEntries(accepted.headers), Location: location } });
  } catch (error) {
    await removeBlob(blob.storageKey).catch(() => {});
    throw error;
  }
}

/** GET /api/v1/agent-imports/:id: the run's status and the screen's report (counts, errors with line and field). */
export async function apiImportRun(rawId: string | undefined): Promise<Response> {
  const run = await getImportRun(intId(rawId, "import run"));
  if (!run) throw new ApiProblem(404, "There is no import run with this id.");
  return send(ImportRunSchema, {
    id: run.id,
    status: run.status,
    finished: FINISHED_STATUSES.includes(run.status),
    file_name: run.fileName,
    created_at: run.createdAt.toISOString(),
    started_at: run.startedAt?.toISOString() ?? null,
    completed_at: run.completedAt?.toISOString() ?? null,
    percent: run.percent,
    rows_read: run.rowsRead,
    rows_valid: run.rowsValid,
    rows_written: run.rowsWritten,
    inserted: run.inserted,
    updated: run.updated,
    moved: run.moved,
    error_count: run.errorCount,
    errors: (Array.isArray(run.errors) ? run.errors : []) as never,
    message: run.message,
  });
}

/** GET /api/v1/agent-imports: the latest 50 runs (any, screen or API), newest first. */
export async function listApiImports(): Promise<Response> {
  const { runs } = await listImportRuns(0, 50);
  return send(ImportRunListSchema, {
    data: runs.map((r) => ({
      id: r.id,
      status: r.status,
      file_name: r.fileName,
      created_at: r.createdAt.toISOString(),
      rows_read: r.rowsRead,
      error_count: r.errorCount,
      location: `${AGENT_IMPORTS_PATH}/${r.id}`,
    })),
  });
}
