import type { LoaderFunctionArgs } from "@remix-run/node";
import { PlaceholderScreen } from "~/components/PlaceholderScreen";
import { requireUser } from "~/lib/auth.server";
import { titleMeta } from "~/lib/meta";

export const meta = titleMeta("Contact Us");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function ContactUsRoute() {
  return (
    <PlaceholderScreen title="Contact Us">
      <p className="muted">Send a request to our team.</p>
    </PlaceholderScreen>
  );
}
