import type { LoaderFunctionArgs } from "@remix-run/node";
import { PlaceholderScreen } from "~/components/PlaceholderScreen";
import { requireUser } from "~/lib/auth.server";
import { titleMeta } from "~/lib/meta";

export const meta = titleMeta("Applications in Progress");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function InProgressRoute() {
  return (
    <PlaceholderScreen title="Applications in Progress">
      <p className="muted">Applications of your prospects that are not finished yet.</p>
    </PlaceholderScreen>
  );
}
