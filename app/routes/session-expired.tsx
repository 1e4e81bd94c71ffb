// The Session Timeout dialog (spec part 1 §8): shown when a form is posted
// without a live session. 'Log in again' signs in and returns to the page.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AnonymousLayout } from "~/components/AnonymousLayout";
import { Dialog } from "~/components/Dialog";
import { titleMeta } from "~/lib/meta";

const SESSION_TIMEOUT_TITLE = "Session Timeout";
const SESSION_TIMEOUT_MESSAGE =
  "It looks like your session on the site has timed out. Please log in again to resume...";

export const meta = titleMeta(SESSION_TIMEOUT_TITLE);

/** A same-site path ('/...', not '//...' or '/\\...'), else null. */
function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2048) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  return value;
}

export function loader({ request }: LoaderFunctionArgs) {
  const returnTo = safeReturnPath(new URL(request.url).searchParams.get("returnTo"));
  return {
    loginHref: returnTo ? `/auth/login?returnTo=${encodeURIComponent(returnTo)}` : "/auth/login?returnTo=%2Fhome",
  };
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
