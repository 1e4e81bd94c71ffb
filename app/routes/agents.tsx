import type { LoaderFunctionArgs } from "@remix-run/node";
import { PlaceholderScreen } from "~/components/PlaceholderScreen";
import { requireUser } from "~/lib/auth.server";
import { titleMeta } from "~/lib/meta";

export const meta = titleMeta("Agents");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function AgentsRoute() {
  return (
    <PlaceholderScreen title="Agents">
      <p className="muted">Your downline hierarchy: active agents, search and deactivated agents.</p>
    </PlaceholderScreen>
  );
}
