// POST /api/screening/callback: the screening vendor's signed status (decision 0122). Genuine only
// with Screening-Signature (HMAC-SHA256 of `${timestamp}.${body}` with SCREENING_CALLBACK_SECRET)
// and a Screening-Timestamp within 5 minutes; a forged, stale or unsigned one is refused 401 and
// audited. The answer says nothing of the screening.
import type { ActionFunctionArgs } from "@remix-run/node";
import { audit } from "~/lib/audit.server";
import { env } from "~/lib/env.server";
import { applyVendorUpdate, callbackRefusal, vendorUpdateSchema } from "~/features/screening/vendor-http.server";

const answer = (status: number, body: Record<string, unknown>) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export async function loader() {
  return answer(405, { error: "Method Not Allowed" });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return answer(405, { error: "Method Not Allowed" });
  const body = await request.text();
  const refusal = callbackRefusal(env().SCREENING_CALLBACK_SECRET, { timestamp: request.headers.get("Screening-Timestamp"), signature: request.headers.get("Screening-Signature") }, body);
  if (refusal) {
    await audit("SCREENING_CALLBACK_REFUSED", { request, targetType: "Screening", details: { reason: refusal } });
    return answer(401, { error: "Unauthorized" });
  }
  let json: unknown = null;
  try {
    json = JSON.parse(body);
  } catch {
    // answered below as not an update
  }
  const update = vendorUpdateSchema.safeParse(json);
  if (!update.success) return answer(400, { error: "Bad Request" });
  if (!(await applyVendorUpdate(update.data, "callback"))) return answer(404, { error: "Not Found" });
  return answer(200, { ok: true });
}
