// `npm run bench:http` only (BENCH_ROUTES=1; 404 otherwise): when the job
// runner started which job (job id → epoch ms, sub-ms). With WEB_CONCURRENCY > 1
// the runner is in the primary process: this HTTP process asks it (context.askPrimary).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/lib/env.server";
import { jobStartTimes } from "~/lib/jobs.server";

export async function loader({ context }: LoaderFunctionArgs) {
  if (!env().BENCH_ROUTES) throw new Response(null, { status: 404 });
  const times = context.askPrimary ? ((await context.askPrimary("bench-jobs")) ?? {}) : Object.fromEntries(jobStartTimes());
  return Response.json(times, { headers: { "Cache-Control": "no-store" } });
}
