// `npm run bench:http` only (BENCH_ROUTES=1; 404 otherwise): the statements
// this process ran, to count them per request (one request at a time).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { queryLog } from "~/lib/db.server";
import { env } from "~/lib/env.server";

// ?count=on starts counting afresh, ?count=off stops (and answers what was counted).
export function loader({ request }: LoaderFunctionArgs) {
  if (!env().BENCH_ROUTES) throw new Response(null, { status: 404 });
  const count = new URL(request.url).searchParams.get("count");
  if (count === "on" || count === "off") {
    queryLog.on = count === "on";
    if (queryLog.on) {
      queryLog.count = 0;
      queryLog.prepared = 0;
      queryLog.recent.length = 0;
    }
  }
  return Response.json(queryLog, { headers: { "Cache-Control": "no-store" } });
}
