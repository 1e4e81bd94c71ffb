// GET /documents/system/{key}: a system PDF (help guide, agreement,
// instructions), inline unless ?download=1.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { findSystemDocument, PUBLIC_SYSTEM_DOCUMENTS } from "~/features/documents/system-documents.server";
import { DOCUMENT_UNAVAILABLE_TITLE } from "~/features/documents/upload";
import { requireUser } from "~/lib/auth.server";
import { fileResponse } from "~/lib/storage.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = params.key ?? "";
  if (!PUBLIC_SYSTEM_DOCUMENTS.has(key)) await requireUser(request);
  const doc = await findSystemDocument(key);
  if (!doc) throw new Response(DOCUMENT_UNAVAILABLE_TITLE, { status: 404 });
  const download = new URL(request.url).searchParams.get("download") === "1";
  return fileResponse(doc.storedFile, {
    disposition: download ? "attachment" : "inline",
    fileName: doc.storedFile.fileName,
  });
}
