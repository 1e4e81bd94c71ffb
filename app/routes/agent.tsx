// /agent?h=<own position>&agentNumber=<n>[&tab=][&invite=1] (spec part 3 §2
// 'Agent detail'): header, hierarchy switching, tabs PERSONAL, BUSINESS,
// APPOINTMENT (not for a director), PRINCIPAL AGENT, the hierarchy panel
// (10 parent levels, 20 children), UPDATE USER and Invite User. The agent is
// looked up by agent number under one of the viewer's own positions: any
// other agent answers 404 'Details Unavailable'. Works without JavaScript.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Banner } from "~/components/Banner";
import { Notice } from "~/components/Notice";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { ownPositions } from "~/features/agents/agents.server";
import { loadAgentDetail, type AgentDetail } from "~/features/agents/detail.server";
import { createUserInvitation } from "~/features/agents/user-invitations.server";
import { HierarchyPicker } from "~/features/agents/HierarchyPicker";
import { DETAIL_MESSAGES, DETAILS_UNAVAILABLE, HIERARCHY_MESSAGES, INVITE_USER_MESSAGES } from "~/features/agents/messages";
import { inviteUserSchema } from "~/features/agents/schema";
import { AgentHeader } from "~/features/agents/ui/AgentHeader";
import { AgentTabNav, AppointmentTab, BusinessTab, PersonalTab, PrincipalTab, TABS, type Tab } from "~/features/agents/ui/AgentTabs";
import { HierarchyPanel } from "~/features/agents/ui/HierarchyPanel";
import { InviteUserForm, type InviteUserActionData } from "~/features/agents/ui/InviteUserForm";
import { recordAccess } from "~/lib/audit.server";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import agentsStyles from "~/styles/agents.css";
import { can } from "~/lib/permissions";
import { capabilitiesFor, requireCapability } from "~/lib/permissions.server";

export const meta = titleMeta("Agent Detail");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: agentsStyles }];

type Refusal = { title: string; message: string };

async function locate(request: Request) {
  const user = await requireCapability(request, "read:downline");
  const q = new URL(request.url).searchParams;
  const positions = await ownPositions(user.id);
  const h = q.get("h");
  const position = h ? (positions.find((p) => String(p.id) === h) ?? null) : (positions[0] ?? null);
  const agentNumber = (q.get("agentNumber") ?? "").trim().slice(0, 20);
  const switched = q.get("switched") === "1";
  let refusal: Refusal | null = null;
  let detail: AgentDetail | null = null;
  if (!position) refusal = positions.length ? DETAILS_UNAVAILABLE : { title: DETAILS_UNAVAILABLE.title, message: HIERARCHY_MESSAGES.noHierarchy };
  else if (!agentNumber) refusal = { title: DETAILS_UNAVAILABLE.title, message: DETAIL_MESSAGES.noAgentNumber };
  else {
    detail = await loadAgentDetail(positions, position, agentNumber);
    if (!detail) {
      refusal = switched
        ? { title: HIERARCHY_MESSAGES.notFoundTitle(agentNumber), message: HIERARCHY_MESSAGES.notFound(agentNumber) }
        : DETAILS_UNAVAILABLE;
    }
  }
  return { user, q, positions, position, agentNumber, detail, refusal };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, q, positions, position, agentNumber, detail, refusal } = await locate(request);
  // An upline's look at a downline agent is on record; the agent's own position is not.
  if (detail) await recordAccess(request, user, "AGENT_VIEWED", { type: "Agent", id: detail.id, ownerUserId: positions.some((p) => p.id === detail.id) ? user.id : null });
  // An administrator (the deactivation's capability) may end an active position from here (decision 0118).
  const { capabilities } = await capabilitiesFor(request);
  const admin = detail?.isActive && can(capabilities, "import:hierarchy") ? `/admin/agents/${detail.id}` : null;
  const deactivateHref = admin ? `${admin}/deactivate` : null;
  const addStateHref = admin ? `${admin}/states` : null;
  const tabParam = q.get("tab") as Tab | null;
  const tab: Tab = TABS.some(([t]) => t === tabParam) && !(tabParam === "appointment" && detail?.isDirector) ? tabParam! : "personal";
  const body = {
    positions,
    position,
    agentNumber,
    detail,
    refusal,
    tab,
    deactivateHref,
    addStateHref,
    inviteOpen: q.get("invite") === "1" && Boolean(detail && (detail.showInviteUser || detail.showUpdateUser)),
  };
  return refusal ? data(body, { status: 404 }) : body;
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, detail } = await locate(request);
  // Only for an agent the viewer may invite for (the same rule as the buttons).
  if (!detail || !(detail.showInviteUser || detail.showUpdateUser)) throw new Response(null, { status: 404 });
  const submission = parseWithZod(await readForm(request), { schema: inviteUserSchema });
  if (submission.status !== "success") return data<InviteUserActionData>({ reply: submission.reply(), outcome: "invalid" }, { status: 400 });
  try {
    await createUserInvitation(user, detail, submission.value.emailAddress, request);
  } catch (e) {
    console.error("[agent] Invite User failed", e instanceof Error ? e.message : e);
    return data<InviteUserActionData>({ reply: submission.reply(), outcome: "failed" }, { status: 503 });
  }
  return data<InviteUserActionData>({ reply: submission.reply({ resetForm: true }), outcome: "sent" });
}

export default function AgentRoute() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as InviteUserActionData | undefined;
  const detail = d.detail;
  const base = d.position ? `/agent?h=${d.position.id}&agentNumber=${encodeURIComponent(d.agentNumber)}` : "/agent";
  return (
    <SignedInLayout>
      <PageHeader title="Agent Detail" lead={<Link to={d.position ? `/agents?h=${d.position.id}` : "/agents"}>Back to Agents</Link>} />
      {d.positions.length && d.position ? <HierarchyPicker positions={d.positions} position={d.position} id="detail-hierarchy" keep={{ agentNumber: d.agentNumber, switched: "1" }} /> : null}
      {d.refusal ? (
        <Banner variant="warning" title={d.refusal.title} role="alert">
          <p>{d.refusal.message}</p>
        </Banner>
      ) : null}
      {detail ? (
        <>
          <AgentHeader detail={detail} />
          {actionData?.outcome === "sent" ? (
            <Notice title="Success" message={INVITE_USER_MESSAGES.success} />
          ) : actionData?.outcome === "failed" ? (
            <Notice variant="error" title="Oops!" message={INVITE_USER_MESSAGES.failure} />
          ) : null}
          <div className="btn-row">
            {detail.showUpdateUser ? (
              <Link to={`${base}&tab=${d.tab}&invite=1#invite`} className="btn btn--secondary btn--small">
                UPDATE USER
              </Link>
            ) : null}
            {detail.showInviteUser ? (
              <Link to={`${base}&tab=${d.tab}&invite=1#invite`} className="btn btn--secondary btn--small">
                Invite User
              </Link>
            ) : null}
            {d.addStateHref ? (
              <Link to={d.addStateHref} className="btn btn--secondary btn--small">
                Appoint in another state
              </Link>
            ) : null}
            {d.deactivateHref ? (
              <Link to={d.deactivateHref} className="btn btn--danger btn--small">
                Deactivate agent
              </Link>
            ) : null}
          </div>
          {d.inviteOpen || actionData ? <InviteUserForm detail={detail} actionData={actionData} closeHref={`${base}&tab=${d.tab}`} /> : null}
          <div className="agent-columns">
            <section aria-labelledby="agent-tabs-title">
              <h2 id="agent-tabs-title" className="visually-hidden">
                Agent information
              </h2>
              <AgentTabNav detail={detail} base={base} tab={d.tab} />
              <div className="card">
                {d.tab === "personal" ? <PersonalTab detail={detail} position={d.position!} /> : null}
                {d.tab === "business" ? <BusinessTab detail={detail} /> : null}
                {d.tab === "appointment" ? <AppointmentTab detail={detail} /> : null}
                {d.tab === "principal" ? <PrincipalTab detail={detail} /> : null}
              </div>
            </section>
            <HierarchyPanel detail={detail} position={d.position!} />
          </div>
        </>
      ) : null}
    </SignedInLayout>
  );
}
