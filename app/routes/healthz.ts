import type { LoaderFunctionArgs } from "@remix-run/node";
import { checkHealth } from "~/lib/health.server";

export async function loader(_args: LoaderFunctionArgs) {
  const health = await checkHealth();
  return new Response(JSON.stringify(health), {
    status: health.status === "ok" ? 200 : 503,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}
