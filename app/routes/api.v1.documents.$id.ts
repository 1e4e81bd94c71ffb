// GET /api/v1/documents/{id} (scope read:documents): a document of an application, streamed as application/pdf (decision 0076).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/features/api/http.server";
import { documentFile } from "~/features/api/read-documents.server";

export const loader = ({ request, params }: LoaderFunctionArgs) => apiRoute(request, "read:documents", () => documentFile(params.id));
