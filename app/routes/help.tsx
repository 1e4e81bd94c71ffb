// Help (spec part 1 §2 'Help'): two downloadable PDF guides, marketing phone
// and mail contact, and a link to Contact Us.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { supportContacts } from "~/features/service-requests/contacts.server";
import { ContactLines, GuideLinks } from "~/features/service-requests/ui/SupportContacts";
import { requireUser } from "~/lib/auth.server";
import { titleMeta } from "~/lib/meta";

export const meta = titleMeta("Help");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return supportContacts();
}

export default function HelpRoute() {
  const d = useLoaderData<typeof loader>();
  return (
    <SignedInLayout>
      <PageHeader title="Help" lead="Guides and how to reach our marketing team" />
      <section className="card stack" aria-labelledby="help-guides">
        <h2 id="help-guides">Guides</h2>
        <GuideLinks guides={d.guides} />
      </section>
      <section className="card stack" aria-labelledby="help-contact">
        <h2 id="help-contact">Contact marketing</h2>
        <ContactLines phone={d.phone} email={d.email} />
      </section>
    </SignedInLayout>
  );
}
