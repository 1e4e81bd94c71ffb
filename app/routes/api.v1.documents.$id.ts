// GET /api/v1/documents/{id} (scope read:documents): a document of an application, streamed as application/pdf (decision 0076).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/features/api/http.server";
import { recordAccess } from "~/lib/audit.server";
import { documentFile } from "~/features/api/read-documents.server";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  apiRoute(request, "read:documents", async ({ token }) => {
    const file = await documentFile(params.id);
    await recordAccess(request, { apiTokenId: token.id }, "DOCUMENT_DOWNLOADED", { type: "Document", id: params.id!.toLowerCase() });
    return file;
  });
