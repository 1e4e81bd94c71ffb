// `npm run bench:http` only (BENCH_ROUTES=1; 404 otherwise): when this
// process's job runner started which job (job id → epoch ms, sub-ms).
import { env } from "~/lib/env.server";
import { jobStartTimes } from "~/lib/jobs.server";

export function loader() {
  if (!env().BENCH_ROUTES) throw new Response(null, { status: 404 });
  return Response.json(Object.fromEntries(jobStartTimes()), { headers: { "Cache-Control": "no-store" } });
}
