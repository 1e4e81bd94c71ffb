// POST /admin/licences/import/upload (a resource route; decision 0072): one licence csv (multipart
// field 'file', and 'purpose' IMPORT or LOOKUP before it), administrators (manage:licences) only,
// checked before the body is read. A script (XMLHttpRequest, Accept: application/json) gets JSON
// { runId } or { code }; a plain form post is redirected to the page (?run=<id> or ?upload=<code>).
// Body cap: server/index.ts gives this path the agent import's MAX_IMPORT_REQUEST_BYTES.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import type { ImportUploadCode } from "~/features/hierarchy/import-upload.server";
import { LICENCE_IMPORT_PATH } from "~/features/licences/import-columns";
import { handleLicenceUpload } from "~/features/licences/import-upload.server";
import { requireCapability } from "~/lib/permissions.server";

export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new Response("Method Not Allowed", { status: 405 });
  const user = await requireCapability(request, "manage:licences");
  const json = (request.headers.get("Accept") ?? "").includes("application/json");
  let outcome;
  try {
    outcome = await handleLicenceUpload(request, user);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("[license import] upload failed:", (error as Error).message);
    outcome = { ok: false as const, code: "ERROR" as ImportUploadCode, status: 500 };
  }
  if (json) return Response.json(outcome.ok ? { runId: outcome.runId } : { code: outcome.code }, { status: outcome.ok ? 200 : outcome.status });
  return redirect(outcome.ok ? `${LICENCE_IMPORT_PATH}?run=${outcome.runId}` : `${LICENCE_IMPORT_PATH}?upload=${outcome.code}`, 303);
}
