import type { LoaderFunctionArgs } from "@remix-run/node";
import { PlaceholderScreen } from "~/components/PlaceholderScreen";
import { requireUser } from "~/lib/auth.server";
import { titleMeta } from "~/lib/meta";

export const meta = titleMeta("Past Invitations");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function InvitesRoute() {
  return (
    <PlaceholderScreen title="Past Invitations">
      <p className="muted">The invitations you have sent and their status.</p>
    </PlaceholderScreen>
  );
}
