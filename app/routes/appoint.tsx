import type { LoaderFunctionArgs } from "@remix-run/node";
import { PlaceholderScreen } from "~/components/PlaceholderScreen";
import { requireUser } from "~/lib/auth.server";
import { titleMeta } from "~/lib/meta";

export const meta = titleMeta("Application");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function ApplicationRoute() {
  return (
    <PlaceholderScreen title="Application">
      <p className="muted">The appointment application.</p>
    </PlaceholderScreen>
  );
}
