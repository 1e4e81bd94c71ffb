// /admin/agents/<id>/states: an administrator appoints an active agent position in one more state
// (issue 37 item 2), which makes its appointment filings. A plain POST that works without
// JavaScript: refused, 400 with the message beside the field; done, it redirects here saying what
// was made. Needs import:hierarchy (as the deactivation); an unknown agent: 404.
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { Notice } from "~/components/Notice";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { stateName } from "~/features/licences/messages";
import { ADD_STATE_MESSAGES as M, addStateSchema } from "~/features/state-filings/add-state";
import { addAgentState, addStateView } from "~/features/state-filings/add-state.server";
import { AddStateForm } from "~/features/state-filings/ui/AddStateForm";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import { requireCapability } from "~/lib/permissions.server";
import applicationStyles from "~/styles/application.css";

export const meta = titleMeta(M.title);
export const links: LinksFunction = () => [{ rel: "stylesheet", href: applicationStyles }];

async function viewOf(id: string | undefined) {
  const view = /^\d{1,9}$/.test(id ?? "") ? await addStateView(Number(id)) : null;
  if (!view) throw data("There is no agent with this id.", { status: 404 });
  return view;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireCapability(request, "import:hierarchy");
  return viewOf(params.id);
}

type ActionData = { reply: SubmissionResult<string[]> };

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireCapability(request, "import:hierarchy");
  const view = await viewOf(params.id);
  const submission = parseWithZod(await readForm(request, { schemas: [addStateSchema] }), { schema: addStateSchema });
  if (submission.status !== "success") return data<ActionData>({ reply: submission.reply() }, { status: 400 });
  const r = await addAgentState(admin, view.agent.id, submission.value.stateCode, { request });
  if (!r.ok) {
    const errors: Record<string, string[]> = { [r.field ?? ""]: [r.message] };
    return data<ActionData>({ reply: submission.reply({ fieldErrors: errors }) }, { status: 400 });
  }
  return redirect(`/admin/agents/${view.agent.id}/states?added=${submission.value.stateCode}&filings=${r.filings}`, 303);
}

export default function AddStatePage() {
  const { agent, appointed, choices } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const [params] = useSearchParams();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const added = params.get("added");
  return (
    <SignedInLayout>
      <PageHeader title={`${M.title}: ${agent.name}`} lead={<>Agent number {agent.agentNumber}. <Link to="/admin/state-filings">ADMIN &gt; State Filings</Link></>} />
      {added ? <Notice key={location.key} title={M.doneTitle} message={M.done(stateName(added), Number(params.get("filings")) || 0)} /> : null}
      {agent.isActive ? (
        <AddStateForm key={location.key} appointed={appointed} choices={choices} lastResult={actionData?.reply ?? null} busy={busy} />
      ) : (
        <Notice variant="info" title={M.inactive} />
      )}
    </SignedInLayout>
  );
}
