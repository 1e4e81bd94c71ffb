// GET /agent/documents/:documentId?agent=<agentId>[&download=1]
// A document of an agent's appointment, from the APPOINTMENT tab of agent
// detail: served only when the agent is in the signed-in user's downline
// (closure table) and the document belongs to that agent's appointment (or
// is a system document). Anything else answers 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { agentDocument, agentPageBackLink } from "~/features/agents/detail.server";
import { documentDownloadResponse } from "~/features/documents/document-download.server";
import { recordAccess } from "~/lib/audit.server";
import { requireCapability } from "~/lib/permissions.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireCapability(request, "read:downline");
  const url = new URL(request.url);
  const agentParam = url.searchParams.get("agent") ?? "";
  if (!/^\d{1,9}$/.test(agentParam)) throw new Response("Not Found", { status: 404 });
  const resolved = await agentDocument(user, Number(agentParam), params.documentId ?? "");
  if (resolved.kind === "not-found") throw new Response("Not Found", { status: 404 });
  if (resolved.kind !== "unavailable") {
    await recordAccess(request, user, "DOCUMENT_DOWNLOADED", { type: "Document", id: params.documentId ?? "", details: { agentId: Number(agentParam) } });
  }
  // 'Document Unavailable' leads back to the agent's page it was opened from.
  const back = await agentPageBackLink(user, Number(agentParam));
  return documentDownloadResponse(resolved, { download: url.searchParams.get("download") === "1", back });
}
