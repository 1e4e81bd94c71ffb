// POST /auth/impersonate: an internal administrator starts or ends acting as
// another user (the welcome page's SPOOF box, the banner's STOP). A page
// route with nothing to show (GET goes home) so that a refusal — a body that
// is not a form (400), someone who may not impersonate (403) — is the
// portal's ordinary error page, not the bare text of a resource route.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { impersonate } from "~/features/users/sign-in.server";
import { readForm } from "~/lib/form.server";
import { requireCapability } from "~/lib/permissions.server";

export const loader = () => redirect("/");

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCapability(request, "impersonate:user");
  const form = await readForm(request);
  const result = await impersonate(request, user, {
    intent: String(form.get("intent") ?? "start"),
    email: String(form.get("email") ?? ""),
  });
  if (result instanceof Response) return result;
  // Back to the welcome page's SPOOF box, which shows the message and keeps the email.
  const params = new URLSearchParams({ spoofError: result.error, spoofEmail: String(form.get("email") ?? "") });
  return redirect(`/?${params}`);
}

/** Never shown: GET redirects and a successful POST redirects; refusals render the root error boundary. */
export default function ImpersonateRoute() {
  return null;
}
