import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { impersonate } from "~/features/users/sign-in.server";
import { requireUser } from "~/lib/auth.server";

export const loader = () => redirect("/");

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const result = await impersonate(request, user, {
    intent: String(form.get("intent") ?? "start"),
    email: String(form.get("email") ?? ""),
  });
  if (result instanceof Response) return result;
  // Back to the welcome page's SPOOF box, which shows the message and keeps the email.
  const params = new URLSearchParams({ spoofError: result.error, spoofEmail: String(form.get("email") ?? "") });
  return redirect(`/?${params}`);
}
