// /admin/state-rules/<code>: one state's rules as a form (issue 37 item 1, decision 0108). A plain
// POST that works without JavaScript: refused, it answers 400 with each message beside its field
// and what was typed kept; saved, it redirects here with 'State rules saved'. Needs
// manage:state-filings; an unknown code: 404.
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { Notice } from "~/components/Notice";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { STATE_RULE_MESSAGES as M } from "~/features/state-filings/messages";
import { stateRuleFormDefaults, stateRuleOf, updateStateRule } from "~/features/state-filings/rules.server";
import { stateRuleFields, stateRuleSchema } from "~/features/state-filings/schema";
import { StateRuleForm } from "~/features/state-filings/ui/StateRuleForm";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import { requireCapability } from "~/lib/permissions.server";
import applicationStyles from "~/styles/application.css";

export const meta = titleMeta("State rules");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: applicationStyles }];

const notFound = () => data(M.notFound, { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireCapability(request, "manage:state-filings");
  const rule = await stateRuleOf(params.code ?? "");
  if (!rule) throw notFound();
  return { rule, defaults: stateRuleFormDefaults(rule) };
}

type ActionData = { reply: SubmissionResult<string[]> };

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireCapability(request, "manage:state-filings");
  const code = params.code ?? "";
  if (!(await stateRuleOf(code))) throw notFound();
  const formData = await readForm(request, { schemas: [stateRuleFields] });
  const submission = parseWithZod(formData, { schema: stateRuleSchema });
  if (submission.status !== "success") return data<ActionData>({ reply: submission.reply() }, { status: 400 });
  if (!(await updateStateRule(admin, code, submission.value, request))) throw notFound();
  return redirect(`/admin/state-rules/${code}?saved=1`, 303);
}

export default function StateRulePage() {
  const { rule, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const [params] = useSearchParams();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  return (
    <SignedInLayout>
      <PageHeader
        title={`State rules: ${rule.stateName}`}
        lead={rule.editedAt ? "Set by an administrator: the seed leaves these rules as they are." : "The portal's defaults: change them to the carrier's choices and the state's practice."}
        actions={
          <Link to="/admin/state-rules" className="btn btn--secondary btn--small">
            Back to the states
          </Link>
        }
      />
      {params.get("saved") && !actionData ? <Notice key={location.key} title={M.savedTitle} message={M.savedMessage(rule.stateName)} /> : null}
      <StateRuleForm key={location.key} defaults={defaults} lastResult={actionData?.reply ?? null} busy={busy} />
    </SignedInLayout>
  );
}
