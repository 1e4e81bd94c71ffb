// POST /licences/<npn>/lookup (issue 23 item 6, decision 0072): an administrator (manage:licences,
// and npnAccess 'edit') looks the NPN's licences up in the configured source (LICENCE_LOOKUP) and
// writes what it found (source LOOKUP) with the NPN's standings, in one transaction; then back to
// /licences/<npn> with a one-time message saying what was found and changed (readLookupFlash), keeping
// a `?return=` review path (decision 0098) so that page offers the way back to the review.
// No lookup configured, a malformed NPN or no access: 404. GET: 404.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { npnAccess } from "~/features/licences/access.server";
import { npnKey } from "~/lib/npn";
import { LICENCE_IMPORT_MESSAGES as M } from "~/features/licences/import-messages";
import { licenceLookup, lookUpAndSave, lookupFlashCookie } from "~/features/licences/lookup.server";
import { withReturn } from "~/features/licences/return-path";
import { capabilitiesFor, requireCapability } from "~/lib/permissions.server";

export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new Response("Method Not Allowed", { status: 405 });
  const user = await requireCapability(request, "manage:licences", { targetType: "Npn", targetId: String(params.npn ?? "").slice(0, 25) });
  const npn = npnKey(params.npn);
  const { capabilities } = await capabilitiesFor(request);
  const access = npn ? await npnAccess(user, capabilities, npn) : null;
  const lookup = licenceLookup();
  if (!npn || access?.mode !== "edit" || !lookup) throw new Response("Not Found", { status: 404 });
  const outcome = await lookUpAndSave(lookup, npn, { userId: user.id, impersonatorUserId: user.impersonator?.id ?? null, request });
  if (!outcome.ok) console.warn(`[license lookup] ${lookup.name} for an NPN failed: ${outcome.message}`);
  const message = outcome.ok ? M.lookupFound(lookup.name, outcome.found, outcome.inserted, outcome.updated) : M.lookupFailed(outcome.message);
  const back = withReturn(`/licences/${encodeURIComponent(npn)}`, new URL(request.url).searchParams.get("return"));
  return redirect(back, { status: 303, headers: { "Set-Cookie": await lookupFlashCookie().serialize(message) } });
}
