// POST /appoint/upload[?id=<appointmentId>] (a resource route: Responses only): multipart appointmentId,
// documentTypeCode and one PDF (field 'file'). A script (UploadForm with
// XMLHttpRequest, Accept: application/json) gets JSON with the spec's dialog
// title and message; a plain form post is redirected back to the
// application's Supporting Documents with ?upload=<result> (the dialog).
// Read-only applications are refused (403); applications the user may not
// see answer 404.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { handleUpload } from "~/features/documents/upload.server";
import { documentsSectionUrl, UPLOAD_ANSWERS, type UploadJsonAnswer } from "~/features/documents/upload";
import { getCurrentUser, requireUser } from "~/lib/auth.server";

export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

function wantsJson(request: Request): boolean {
  return (request.headers.get("Accept") ?? "").includes("application/json");
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new Response("Method Not Allowed", { status: 405 });
  const json = wantsJson(request);
  if (json) {
    const user = await getCurrentUser(request);
    if (!user) {
      const back = new URL(request.headers.get("Referer") ?? "/home", request.url);
      const answer: UploadJsonAnswer = {
        result: "SESSION",
        ...UPLOAD_ANSWERS.SESSION,
        redirectTo: `/session-expired?returnTo=${encodeURIComponent(back.pathname + back.search)}`,
      };
      return Response.json(answer, { status: 401 });
    }
    let outcome;
    try {
      outcome = await handleUpload(request, user);
    } catch (error) {
      if (error instanceof Response) throw error;
      console.error("upload failed:", error);
      return Response.json({ result: "ERROR", ...UPLOAD_ANSWERS.ERROR } satisfies UploadJsonAnswer, { status: 500 });
    }
    const answer: UploadJsonAnswer = { result: outcome.result, ...UPLOAD_ANSWERS[outcome.result], documentId: outcome.documentId };
    return Response.json(answer, { status: outcome.status });
  }

  const user = await requireUser(request);
  let outcome;
  try {
    outcome = await handleUpload(request, user);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("upload failed:", error);
    const id = Number(new URL(request.url).searchParams.get("id"));
    if (Number.isSafeInteger(id) && id > 0) return redirect(documentsSectionUrl(id, "ERROR"), 303);
    throw new Response("Upload failed", { status: 500 });
  }
  if (outcome.result === "READ_ONLY") throw new Response(UPLOAD_ANSWERS.READ_ONLY.message, { status: 403 });
  if (outcome.appointmentId === null) throw new Response("Not Found", { status: 404 });
  return redirect(documentsSectionUrl(outcome.appointmentId, outcome.result), 303);
}
