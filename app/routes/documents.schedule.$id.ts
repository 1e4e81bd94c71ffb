// GET /documents/schedule/{id}: a commission schedule PDF as a download, for
// anyone with the link (decision 0022; /view/{pth} links here). Any other or
// unknown document: 404 'Document Unavailable'; an empty file: 404
// 'Download Error: File Empty' (the page's script tells them apart by status
// text in the body; a browser without script sees the small page).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { commissionScheduleFile } from "~/features/documents/schedule-view.server";
import { TRY_AGAIN_LATER, VIEW_MESSAGES } from "~/features/documents/view-messages";
import { refusalPage } from "~/lib/refusal.server";
import { fileResponse, StoredFileMissingError } from "~/lib/storage.server";

function problem(kind: "missing" | "empty"): Response {
  const title = kind === "empty" ? VIEW_MESSAGES.emptyTitle : VIEW_MESSAGES.unavailableTitle;
  const message = kind === "empty" ? TRY_AGAIN_LATER : `${VIEW_MESSAGES.unavailable} ${TRY_AGAIN_LATER}`;
  return new Response(refusalPage(404, title, message), {
    status: 404,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Download-Problem": kind },
  });
}

export async function loader({ params }: LoaderFunctionArgs) {
  const found = await commissionScheduleFile((params.id ?? "").slice(0, 100));
  if (found.kind !== "ok") return problem(found.kind);
  try {
    return await fileResponse(found.storedFile, { disposition: "attachment", fileName: found.fileName, contentType: "application/pdf" });
  } catch (error) {
    if (error instanceof StoredFileMissingError) return problem("missing");
    throw error;
  }
}
