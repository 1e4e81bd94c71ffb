// POST /admin/import/upload (a resource route: Responses only; not nested under the page): one CSV book
// of agents (multipart field 'file'), internal administrators only (anyone
// else 404, before the body is read). A script (XMLHttpRequest with upload
// progress, Accept: application/json) gets JSON { runId } or { code }; a
// plain form post is redirected to /admin/import?run=<id> (or ?upload=<code>).
// Body cap: app/entry.server.tsx gives this path MAX_IMPORT_REQUEST_BYTES.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { handleImportUpload, type ImportUploadCode } from "~/features/hierarchy/import-upload.server";
import { requireCapability } from "~/lib/permissions.server";

export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new Response("Method Not Allowed", { status: 405 });
  const user = await requireCapability(request, "import:hierarchy");
  const json = (request.headers.get("Accept") ?? "").includes("application/json");
  let outcome;
  try {
    outcome = await handleImportUpload(request, user);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("[import] upload failed:", (error as Error).message);
    outcome = { ok: false as const, code: "ERROR" as ImportUploadCode, status: 500 };
  }
  if (json) return Response.json(outcome.ok ? { runId: outcome.runId } : { code: outcome.code }, { status: outcome.ok ? 200 : outcome.status });
  return redirect(outcome.ok ? `/admin/import?run=${outcome.runId}` : `/admin/import?upload=${outcome.code}`, 303);
}
