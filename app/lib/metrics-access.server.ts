// Who may read /metrics, and the answer (this process's, or with
// WEB_CONCURRENCY > 1 every HTTP process's, added up by the primary).
import { timingSafeEqual } from "node:crypto";
import { env } from "./env.server";
import type { AppLoadContext } from "./load-context.server";
import { processMetrics } from "./metrics.server";
import { clientAddress, isLoopbackAddress } from "./net.server";

function tokenMatches(header: string | null, token: string | undefined): boolean {
  if (!token || !header?.startsWith("Bearer ")) return false;
  const given = Buffer.from(header.slice(7).trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function mayReadMetrics(request: Request): boolean {
  return isLoopbackAddress(clientAddress(request)) || tokenMatches(request.headers.get("authorization"), env().METRICS_TOKEN);
}

/** `context.askPrimary`: with WEB_CONCURRENCY > 1 the primary adds up every HTTP process's metrics. */
export async function metricsResponse(request: Request, context: AppLoadContext): Promise<Response> {
  // 404, not 403: to others the endpoint is not there.
  if (!mayReadMetrics(request)) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const { contentType, text: own } = await processMetrics();
  const text = context.askPrimary ? (((await context.askPrimary("metrics", 5000)) as string | undefined) ?? own) : own;
  return new Response(text, { headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
}
