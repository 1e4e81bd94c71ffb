import type { LoaderFunctionArgs } from "@remix-run/node";
import { PlaceholderScreen } from "~/components/PlaceholderScreen";
import { requireUser } from "~/lib/auth.server";
import { titleMeta } from "~/lib/meta";

export const meta = titleMeta("New Appointment");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function WizardRoute() {
  return (
    <PlaceholderScreen title="New Appointment">
      <p className="muted">Start a new appointment application.</p>
    </PlaceholderScreen>
  );
}
