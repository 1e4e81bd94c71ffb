import type { LoaderFunctionArgs } from "@remix-run/node";
import { PlaceholderScreen } from "~/components/PlaceholderScreen";
import { requireUser } from "~/lib/auth.server";
import { titleMeta } from "~/lib/meta";

export const meta = titleMeta("Communications");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function CommunicationsRoute() {
  return (
    <PlaceholderScreen title="Communications">
      <p className="muted">Choose which events notify you by email or text message.</p>
    </PlaceholderScreen>
  );
}
