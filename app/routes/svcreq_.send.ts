// POST /svcreq/send (a resource route): the Contact Us form sent by the page's
// script (XMLHttpRequest with upload progress, Accept: application/json).
// The same handling as the page's own action (sendServiceRequest), answered
// as JSON: SENT, INVALID with the field errors, INVALID_FILE, MALFORMED,
// ERROR; without a session 401 and where to sign in again.
import type { ActionFunctionArgs } from "@remix-run/node";
import type { SvcreqJsonAnswer } from "~/features/service-requests/service-request";
import { sendServiceRequest } from "~/features/service-requests/svcreq.server";
import { getCurrentUser } from "~/lib/auth.server";

export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new Response("Method Not Allowed", { status: 405 });
  const user = await getCurrentUser(request);
  if (!user) {
    const answer: SvcreqJsonAnswer = { result: "SESSION", redirectTo: `/session-expired?returnTo=${encodeURIComponent("/svcreq")}` };
    return Response.json(answer, { status: 401 });
  }
  if (!(request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    return Response.json({ result: "MALFORMED" } satisfies SvcreqJsonAnswer, { status: 400 });
  }
  const outcome = await sendServiceRequest(request, user);
  const answer: SvcreqJsonAnswer =
    outcome.result === "SENT"
      ? { result: "SENT" }
      : { result: outcome.result, fieldErrors: outcome.reply?.error ?? undefined };
  return Response.json(answer, { status: outcome.status, headers: { "Cache-Control": "no-store" } });
}
