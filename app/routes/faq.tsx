// FAQ (spec part 1 §2 'FAQ'): how to recruit (PDF), how to complete
// applications for prospect agents (PDF), customer service by phone and
// email, and a Contact Us link.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { supportContacts } from "~/features/service-requests/contacts.server";
import { ContactLines, GuideLinks } from "~/features/service-requests/ui/SupportContacts";
import { requireUser } from "~/lib/auth.server";
import { titleMeta } from "~/lib/meta";

export const meta = titleMeta("FAQ");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return supportContacts();
}

export default function FaqRoute() {
  const d = useLoaderData<typeof loader>();
  return (
    <SignedInLayout>
      <PageHeader title="FAQ" lead="Frequently asked questions" />
      <section className="card stack" aria-labelledby="faq-recruit">
        <h2 id="faq-recruit">How do I recruit agents?</h2>
        <GuideLinks guides={d.guides.slice(0, 1)} />
      </section>
      <section className="card stack" aria-labelledby="faq-apps">
        <h2 id="faq-apps">How do I complete applications for prospect agents?</h2>
        <GuideLinks guides={d.guides.slice(1)} />
      </section>
      <section className="card stack" aria-labelledby="faq-service">
        <h2 id="faq-service">How do I reach customer service?</h2>
        <ContactLines phone={d.phone} email={d.email} />
      </section>
    </SignedInLayout>
  );
}
