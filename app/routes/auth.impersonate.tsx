import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { impersonate, requireImpersonator } from "~/features/users/sign-in.server";
import { requireUser } from "~/lib/auth.server";
import { readForm } from "~/lib/form.server";

export const loader = () => redirect("/");

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  await requireImpersonator(request, user);
  const form = await readForm(request, { standalone: true });
  const result = await impersonate(request, user, {
    intent: String(form.get("intent") ?? "start"),
    email: String(form.get("email") ?? ""),
  });
  if (result instanceof Response) return result;
  // Back to the welcome page's SPOOF box, which shows the message and keeps the email.
  const params = new URLSearchParams({ spoofError: result.error, spoofEmail: String(form.get("email") ?? "") });
  return redirect(`/?${params}`);
}
