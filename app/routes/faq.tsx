import type { LoaderFunctionArgs } from "@remix-run/node";
import { PlaceholderScreen } from "~/components/PlaceholderScreen";
import { requireUser } from "~/lib/auth.server";
import { titleMeta } from "~/lib/meta";

export const meta = titleMeta("FAQ");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function FaqRoute() {
  return (
    <PlaceholderScreen title="FAQ">
      <p className="muted">How to recruit, how to complete applications for prospect agents, and how to reach customer service.</p>
    </PlaceholderScreen>
  );
}
