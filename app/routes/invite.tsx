import type { LoaderFunctionArgs } from "@remix-run/node";
import { PlaceholderScreen } from "~/components/PlaceholderScreen";
import { requireUser } from "~/lib/auth.server";
import { titleMeta } from "~/lib/meta";

export const meta = titleMeta("Send a Recruitment Invitation");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function InviteRoute() {
  return (
    <PlaceholderScreen title="Send a Recruitment Invitation">
      <p className="muted">Email a prospect an invitation with your appointment links.</p>
    </PlaceholderScreen>
  );
}
