import type { LoaderFunctionArgs } from "@remix-run/node";
import { PlaceholderScreen } from "~/components/PlaceholderScreen";
import { requireUser } from "~/lib/auth.server";
import { titleMeta } from "~/lib/meta";

export const meta = titleMeta("Reports");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function ReportsRoute() {
  return (
    <PlaceholderScreen title="Reports">
      <p className="muted">Request downline and recruit reports and download the results.</p>
    </PlaceholderScreen>
  );
}
