import type { LoaderFunctionArgs } from "@remix-run/node";
import { APPOINTMENT_LINKS_TITLE, AppointmentLinksScreen } from "~/components/AppointmentLinksScreen";
import { requireUser } from "~/lib/auth.server";
import { titleMeta } from "~/lib/meta";

export const meta = titleMeta(APPOINTMENT_LINKS_TITLE);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function AppointmentLinksRoute() {
  return <AppointmentLinksScreen />;
}
