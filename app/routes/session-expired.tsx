// The Session Timeout dialog (spec part 1 §8): shown when a form is posted
// without a live session. 'Log in again' signs in and returns to the page.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AnonymousLayout } from "~/components/AnonymousLayout";
import { Dialog } from "~/components/Dialog";
import { titleMeta } from "~/lib/meta";
import { safeReturnTo } from "~/lib/security.server";

const SESSION_TIMEOUT_TITLE = "Session Timeout";
const SESSION_TIMEOUT_MESSAGE =
  "It looks like your session on the site has timed out. Please log in again to resume...";

export const meta = titleMeta(SESSION_TIMEOUT_TITLE);

export function loader({ request }: LoaderFunctionArgs) {
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo"));
  return { loginHref: `/auth/login?returnTo=${encodeURIComponent(returnTo)}` };
}

export default function SessionExpiredRoute() {
  const { loginHref } = useLoaderData<typeof loader>();
  return (
    <AnonymousLayout>
      <Dialog
        title={SESSION_TIMEOUT_TITLE}
        variant="warning"
        message={<p>{SESSION_TIMEOUT_MESSAGE}</p>}
        buttons={[{ label: "Log in again", to: loginHref, reloadDocument: true }]}
        dismissible={false}
      />
    </AnonymousLayout>
  );
}
