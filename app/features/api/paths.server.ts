// The paths of the API and the methods each answers: the OpenAPI document's (openapi.server.ts), which
// the route files answer exactly (tests/integration/api-errors.test.ts walks them). The HTTP server
// refuses any other path or method under /api before Remix (server/request-guards.ts): Remix answers an
// unknown path with the portal's HTML page and a method without an action with
// {"message":"Unexpected Server Error"}.
import { openApiDocument } from "./openapi.server";

type ApiPath = { pattern: RegExp; allow: string[] };

let table: ApiPath[] | null = null;

function paths(): ApiPath[] {
  if (table) return table;
  const doc = openApiDocument() as { paths: Record<string, Record<string, unknown>> };
  table = Object.entries(doc.paths).map(([path, operations]) => {
    const source = path
      .split("/")
      .map((segment) => (/^\{\w+\}$/.test(segment) ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("/");
    const methods = Object.keys(operations).map((m) => m.toUpperCase());
    // HEAD is answered wherever GET is (Remix runs the loader).
    const allow = methods.flatMap((m) => (m === "GET" ? ["GET", "HEAD"] : [m]));
    // Remix matches without regard to case and with or without a trailing slash.
    return { pattern: new RegExp(`^${source}/?$`, "i"), allow };
  });
  return table;
}

/** Remix's reading of a path: each segment percent-decoded (a "/" inside one stays a segment's). */
function decoded(pathname: string): string {
  return pathname
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, "%2F");
      } catch {
        return segment;
      }
    })
    .join("/");
}

/** The methods the API answers at `pathname` (GET, HEAD, …); null: the API has no such path. */
export function apiMethodsAt(pathname: string): string[] | null {
  const path = decoded(pathname);
  return paths().find((p) => p.pattern.test(path))?.allow ?? null;
}
