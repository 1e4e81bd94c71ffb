// /licences (issue 23 items 1 and 2; decision 0069): the signed-in user's OWN licences and
// credentials, those of their own NPN (ownNpns: an active position's, else their own application's).
// No NPN: a page saying where it comes from. The same components and actions as /licences/:npn
// (features/licences/ui/NpnRecords.tsx, screens.server.ts). Works without JavaScript.
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Banner } from "~/components/Banner";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { LICENCE_MESSAGES } from "~/features/licences/messages";
import { licencesAction, loadNpnPage, ownNpn, readFlash, requireNpnAccess } from "~/features/licences/screens.server";
import { LICENCE_SCREEN } from "~/features/licences/screen-messages";
import { NpnRecords, openFormOf, type LicencesActionData, type NpnRecordsData } from "~/features/licences/ui/NpnRecords";
import { titleMeta } from "~/lib/meta";
import { capabilitiesFor, requireCapability } from "~/lib/permissions.server";
import applicationStyles from "~/styles/application.css";

export const meta = titleMeta(LICENCE_SCREEN.title);
export const links: LinksFunction = () => [{ rel: "stylesheet", href: applicationStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCapability(request, "use:portal");
  const npn = await ownNpn(user);
  if (!npn) return { page: null, flash: null };
  const { capabilities } = await capabilitiesFor(request);
  const { access } = await requireNpnAccess(request, user, capabilities, npn);
  const [page, flash] = await Promise.all([loadNpnPage(npn, access, user.id), readFlash(request)]);
  return data({ page, flash: flash.message }, flash.clear ? { headers: { "Set-Cookie": flash.clear } } : undefined);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCapability(request, "use:portal");
  const { capabilities } = await capabilitiesFor(request);
  return licencesAction(request, user, capabilities, await ownNpn(user), "/licences");
}

export default function OwnLicencesRoute() {
  const { page, flash } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as LicencesActionData | undefined;
  const [search] = useSearchParams();
  return (
    <SignedInLayout>
      <PageHeader title={LICENCE_SCREEN.title} lead={page ? LICENCE_SCREEN.npnLead(page.npn) : LICENCE_SCREEN.ownLead} />
      {page ? (
        <NpnRecords data={page as NpnRecordsData} base="/licences" open={openFormOf(search)} flash={flash} actionData={actionData} />
      ) : (
        <Banner variant="info" role="note">
          <p>{LICENCE_MESSAGES.npnRequired}</p>
        </Banner>
      )}
    </SignedInLayout>
  );
}
