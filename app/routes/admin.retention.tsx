// /admin/retention: the retention queue (issue 38 items 2 and 3, decision 0120): read-only, for the
// administrators and the compliance officer (read:retention). What the nightly erasure takes next,
// by its own rule, with the people held out of it.
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { QUEUE_MESSAGES as M } from "~/features/retention/messages";
import { retentionQueue } from "~/features/retention/queue.server";
import { RetentionQueue } from "~/features/retention/ui/RetentionQueue";
import { can } from "~/lib/permissions";
import { capabilitiesFor, requireCapability } from "~/lib/permissions.server";
import { titleMeta } from "~/lib/meta";
import agentsStyles from "~/styles/agents.css";

export const meta = titleMeta(M.title);
export const links: LinksFunction = () => [{ rel: "stylesheet", href: agentsStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCapability(request, "read:retention");
  const { capabilities } = await capabilitiesFor(request);
  return { queue: await retentionQueue(), holdsHref: can(capabilities, "manage:legal-holds") ? "/admin/legal-holds" : null };
}

export default function RetentionPage() {
  const { queue, holdsHref } = useLoaderData<typeof loader>();
  return (
    <SignedInLayout>
      <PageHeader title={M.title} lead={M.lead} />
      <RetentionQueue q={queue} holdsHref={holdsHref} />
    </SignedInLayout>
  );
}
