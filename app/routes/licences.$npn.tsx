// /licences/:npn (issue 23 items 1 and 2; decision 0069): the licences and credentials of one NPN,
// as npnAccess allows: an administrator (manage:licences) and the producer change them, an upline
// reads them, anyone else gets the portal's 404 page (audited). The same components and actions as
// /licences (features/licences/ui/NpnRecords.tsx, screens.server.ts). Works without JavaScript.
// `?return=/admin/review/<id>` (a review path only: reviewReturn): a save goes back to that review,
// and the page offers the way back (decision 0098).
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { LICENCE_IMPORT_MESSAGES } from "~/features/licences/import-messages";
import { licenceLookup, readLookupFlash } from "~/features/licences/lookup.server";
import { licencesAction, loadNpnPage, readFlash, requireNpnAccess } from "~/features/licences/screens.server";
import { reviewReturn, withReturn } from "~/features/licences/return-path";
import { LICENCE_SCREEN } from "~/features/licences/screen-messages";
import { NpnRecords, openFormOf, type LicencesActionData, type NpnRecordsData } from "~/features/licences/ui/NpnRecords";
import { titleMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { capabilitiesFor, requireCapability } from "~/lib/permissions.server";
import applicationStyles from "~/styles/application.css";

export const meta = titleMeta(LICENCE_SCREEN.title);
export const links: LinksFunction = () => [{ rel: "stylesheet", href: applicationStyles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireCapability(request, "use:portal");
  const { capabilities } = await capabilitiesFor(request);
  const { npn, access } = await requireNpnAccess(request, user, capabilities, params.npn ?? null);
  const [page, flash, looked] = await Promise.all([loadNpnPage(npn, access, user.id), readFlash(request), readLookupFlash(request)]);
  // The licence lookup (decision 0072): offered to an administrator when one is configured; its POST
  // route (licences.$npn.lookup.ts) comes back here with a one-time message.
  const lookup = access.mode === "edit" && can(capabilities, "manage:licences") && licenceLookup() !== null;
  const headers = new Headers(looked.headers);
  if (flash.clear) headers.append("Set-Cookie", flash.clear);
  return data({ page, flash: looked.message ?? flash.message, lookup }, { headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireCapability(request, "use:portal");
  const { capabilities } = await capabilitiesFor(request);
  const back = reviewReturn(new URL(request.url).searchParams.get("return")) ?? `/licences/${encodeURIComponent(params.npn ?? "")}`;
  return licencesAction(request, user, capabilities, params.npn ?? null, back);
}

export default function NpnLicencesRoute() {
  const { page, flash, lookup } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as LicencesActionData | undefined;
  const [search] = useSearchParams();
  const review = reviewReturn(search.get("return"));
  return (
    <SignedInLayout>
      <PageHeader
        title={LICENCE_SCREEN.title}
        lead={LICENCE_SCREEN.npnLead(page.npn)}
        actions={
          review ? (
            <Link to={review} className="btn btn--secondary">
              {LICENCE_SCREEN.backToReview}
            </Link>
          ) : undefined
        }
      />
      {lookup ? (
        <form method="post" action={withReturn(`/licences/${encodeURIComponent(page.npn)}/lookup`, review)} className="licence-lookup">
          <button type="submit" className="btn btn--secondary">
            {LICENCE_IMPORT_MESSAGES.lookupButton}
          </button>
        </form>
      ) : null}
      <NpnRecords data={page as NpnRecordsData} base={`/licences/${encodeURIComponent(page.npn)}`} open={openFormOf(search)} flash={flash} actionData={actionData} />
    </SignedInLayout>
  );
}
