import type { LoaderFunctionArgs } from "@remix-run/node";
import { PlaceholderScreen } from "~/components/PlaceholderScreen";
import { requireUser } from "~/lib/auth.server";
import { titleMeta } from "~/lib/meta";

export const meta = titleMeta("Profile");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function ProfileRoute() {
  return (
    <PlaceholderScreen title="Profile">
      <p className="muted">Edit your name and phone number.</p>
    </PlaceholderScreen>
  );
}
