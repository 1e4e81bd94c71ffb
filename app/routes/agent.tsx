import type { LoaderFunctionArgs } from "@remix-run/node";
import { PlaceholderScreen } from "~/components/PlaceholderScreen";
import { requireUser } from "~/lib/auth.server";
import { titleMeta } from "~/lib/meta";

export const meta = titleMeta("Agent Detail");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function AgentRoute() {
  return (
    <PlaceholderScreen title="Agent Detail">
      <p className="muted">Personal, business, appointment and principal agent details of an agent in your downline.</p>
    </PlaceholderScreen>
  );
}
