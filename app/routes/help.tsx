import type { LoaderFunctionArgs } from "@remix-run/node";
import { PlaceholderScreen } from "~/components/PlaceholderScreen";
import { requireUser } from "~/lib/auth.server";
import { titleMeta } from "~/lib/meta";

export const meta = titleMeta("Help");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function HelpRoute() {
  return (
    <PlaceholderScreen title="Help">
      <p className="muted">Guides for recruiting and for completing appointment applications, and how to reach us.</p>
    </PlaceholderScreen>
  );
}
