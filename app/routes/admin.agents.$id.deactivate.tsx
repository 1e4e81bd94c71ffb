// /admin/agents/<id>/deactivate: deactivating one agent position with a termination reason per
// state and an effective date (issue 37 item 3, decision 0111). A plain POST that works without
// JavaScript: refused, 400 with each message beside its field; done, it redirects here with the
// terminations made. Needs import:hierarchy (the administrators who change the hierarchy); an
// unknown agent: 404; a deactivated one shows its date and no form.
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { Notice } from "~/components/Notice";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { dayOf } from "~/features/licences/status";
import { deactivateAgent, deactivationView } from "~/features/state-filings/deactivate.server";
import { choiceOfForm, deactivationFields, deactivationSchema, TERMINATION_MESSAGES as M } from "~/features/state-filings/terminations";
import { DeactivationForm } from "~/features/state-filings/ui/DeactivationForm";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import { requireCapability } from "~/lib/permissions.server";
import applicationStyles from "~/styles/application.css";

export const meta = titleMeta("Deactivate agent");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: applicationStyles }];

const notFound = () => data("There is no agent with this id.", { status: 404 });

async function viewOf(id: string | undefined) {
  const view = /^\d{1,9}$/.test(id ?? "") ? await deactivationView(Number(id)) : null;
  if (!view) throw notFound();
  return view;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireCapability(request, "import:hierarchy");
  return { ...(await viewOf(params.id)), today: dayOf(new Date()) };
}

type ActionData = { reply: SubmissionResult<string[]> };

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireCapability(request, "import:hierarchy");
  const view = await viewOf(params.id);
  const formData = await readForm(request, { schemas: [deactivationFields] });
  if (!view.agent.isActive) return redirect(`/admin/agents/${view.agent.id}/deactivate`, 303);
  const now = new Date();
  const submission = parseWithZod(formData, { schema: deactivationSchema(view.states, dayOf(now), view.anyStateCodes) });
  if (submission.status !== "success") return data<ActionData>({ reply: submission.reply() }, { status: 400 });
  const choice = choiceOfForm(submission.value.reasons)!;
  const r = await deactivateAgent(admin, view.agent.id, { choice, effectiveDate: submission.value.effectiveDate }, { request, now });
  if (!r.ok && r.code === "NOT_FOUND") throw notFound();
  const done = r.ok ? `?terminations=${r.terminations}&withdrawn=${r.withdrawn}` : "";
  return redirect(`/admin/agents/${view.agent.id}/deactivate${done}`, 303);
}

export default function DeactivatePage() {
  const { agent, states, anyReasons, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const [params] = useSearchParams();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const made = params.get("terminations");
  return (
    <SignedInLayout>
      <PageHeader title={`Deactivate agent: ${agent.name}`} lead={`Agent number ${agent.agentNumber}, company ${agent.companyNumber}, block ${agent.blockNumber}`} />
      {made != null ? <Notice key={location.key} title={M.doneTitle} message={M.done(Number(made) || 0, Number(params.get("withdrawn")) || 0)} /> : null}
      {agent.isActive ? (
        <DeactivationForm key={location.key} states={states} anyReasons={anyReasons} today={today} lastResult={actionData?.reply ?? null} busy={busy} />
      ) : made == null ? (
        <Notice variant="info" title={M.alreadyInactive} message={agent.terminationDate ? `Terminated on ${agent.terminationDate}.` : undefined} />
      ) : null}
    </SignedInLayout>
  );
}
