// /admin/legal-holds: ADMIN > Legal Holds (issue 38 item 2, decision 0120): the holds placed on
// people, placing one and lifting one, each a plain POST that works without JavaScript and is
// audited. A person under a hold in force loses nothing to the retention schedule. Needs
// manage:legal-holds (administrators).
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { Notice } from "~/components/Notice";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { liftHold, listHolds, placeHold } from "~/features/retention/holds.server";
import { HOLD_MESSAGES as M } from "~/features/retention/messages";
import { liftHoldSchema, placeHoldSchema } from "~/features/retention/schema";
import { HoldsTable, PlaceHoldForm } from "~/features/retention/ui/HoldForms";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import { requireCapability } from "~/lib/permissions.server";
import applicationStyles from "~/styles/application.css";

export const meta = titleMeta(M.title);
export const links: LinksFunction = () => [{ rel: "stylesheet", href: applicationStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCapability(request, "manage:legal-holds");
  return { holds: await listHolds() };
}

type ActionData = { reply: SubmissionResult<string[]> | null; refused?: string };

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireCapability(request, "manage:legal-holds");
  const formData = await readForm(request, { maxFields: 10 });
  if (formData.get("intent") === "lift") {
    const lift = liftHoldSchema.safeParse(Object.fromEntries(formData));
    if (!lift.success || !(await liftHold(admin, lift.data.holdId, request))) return data<ActionData>({ reply: null, refused: M.notFound }, { status: 409 });
    return redirect("/admin/legal-holds?lifted=1", 303);
  }
  const submission = parseWithZod(formData, { schema: placeHoldSchema });
  if (submission.status !== "success") return data<ActionData>({ reply: submission.reply() }, { status: 400 });
  const placed = await placeHold(admin, submission.value, request);
  if (!placed.ok) return data<ActionData>({ reply: submission.reply({ fieldErrors: { [placed.field]: [placed.message] } }) }, { status: 400 });
  return redirect("/admin/legal-holds?placed=1", 303);
}

export default function LegalHoldsPage() {
  const { holds } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const [params] = useSearchParams();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  return (
    <SignedInLayout>
      <PageHeader title={M.title} lead={M.lead} />
      {params.get("placed") && !actionData ? <Notice key={location.key} title={M.placedTitle} message={M.placed} /> : null}
      {params.get("lifted") && !actionData ? <Notice key={location.key} title={M.liftedTitle} message={M.lifted} /> : null}
      {actionData?.refused ? <Notice variant="error" title={M.liftedTitle} message={actionData.refused} /> : null}
      <PlaceHoldForm key={location.key} lastResult={actionData?.reply ?? null} busy={busy} />
      <section className="card stack" aria-labelledby="holds-heading">
        <h2 id="holds-heading">Holds</h2>
        <HoldsTable holds={holds} busy={busy} />
      </section>
    </SignedInLayout>
  );
}
