import type { LoaderFunctionArgs } from "@remix-run/node";
import { PlaceholderScreen } from "~/components/PlaceholderScreen";
import { requireUser } from "~/lib/auth.server";
import { titleMeta } from "~/lib/meta";

export const meta = titleMeta("Email Templates");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function EmailTemplatesRoute() {
  return (
    <PlaceholderScreen title="Email Templates">
      <p className="muted">Your recruitment invitation email templates.</p>
    </PlaceholderScreen>
  );
}
