// GET /api/v1/openapi.json: the OpenAPI 3.1 document of the read API, public (it describes the API, holds no data; decision 0076).
import { apiJson } from "~/features/api/http.server";
import { openApiDocument } from "~/features/api/openapi.server";

export const loader = () => apiJson(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
