// /agent?h=<own position>&agentNumber=<n>[&tab=][&invite=1] (spec part 3 §2
// 'Agent detail'): header, hierarchy switching, tabs PERSONAL, BUSINESS,
// APPOINTMENT (not for a director), PRINCIPAL AGENT, the hierarchy panel
// (10 parent levels, 20 children), UPDATE USER and Invite User. The agent is
// looked up by agent number under one of the viewer's own positions: any
// other agent answers 404 'Details Unavailable'. Works without JavaScript.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Banner } from "~/components/Banner";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { ownPositions, type Position } from "~/features/agents/agents.server";
import { createUserInvitation, loadAgentDetail, notAvailable, type AgentDetail } from "~/features/agents/detail.server";
import { agentName, displayCompanyName, formatDate, formatDateTime } from "~/features/agents/format";
import { HierarchyPicker } from "~/features/agents/HierarchyPicker";
import { DETAIL_MESSAGES, DETAILS_UNAVAILABLE, HIERARCHY_MESSAGES, INVITE_USER_MESSAGES } from "~/features/agents/messages";
import { inviteErrorTitle, inviteUserSchema } from "~/features/agents/schema";
import { requireUser } from "~/lib/auth.server";
import { formatPhone } from "~/lib/format";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import agentsStyles from "~/styles/agents.css";

export const meta = titleMeta("Agent Detail");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: agentsStyles }];

const TABS = [
  ["personal", "PERSONAL"],
  ["business", "BUSINESS"],
  ["appointment", "APPOINTMENT"],
  ["principal", "PRINCIPAL AGENT"],
] as const;
type Tab = (typeof TABS)[number][0];

type Refusal = { title: string; message: string };

async function locate(request: Request) {
  const user = await requireUser(request);
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
  const { q, positions, position, agentNumber, detail, refusal } = await locate(request);
  const tabParam = q.get("tab") as Tab | null;
  const tab: Tab = TABS.some(([t]) => t === tabParam) && !(tabParam === "appointment" && detail?.isDirector) ? tabParam! : "personal";
  const body = {
    positions,
    position,
    agentNumber,
    detail,
    refusal,
    tab,
    inviteOpen: q.get("invite") === "1" && Boolean(detail && (detail.showInviteUser || detail.showUpdateUser)),
  };
  return refusal ? data(body, { status: 404 }) : body;
}

type ActionData = { reply: SubmissionResult<string[]>; outcome: "sent" | "invalid" | "failed" };

export async function action({ request }: ActionFunctionArgs) {
  const { user, detail } = await locate(request);
  // Only for an agent the viewer may invite for (the same rule as the buttons).
  if (!detail || !(detail.showInviteUser || detail.showUpdateUser)) throw new Response(null, { status: 404 });
  const submission = parseWithZod(await readForm(request), { schema: inviteUserSchema });
  if (submission.status !== "success") return data<ActionData>({ reply: submission.reply(), outcome: "invalid" }, { status: 400 });
  try {
    await createUserInvitation(user, detail, submission.value.emailAddress, request);
  } catch (e) {
    console.error("[agent] Invite User failed", e instanceof Error ? e.message : e);
    return data<ActionData>({ reply: submission.reply(), outcome: "failed" }, { status: 503 });
  }
  return data<ActionData>({ reply: submission.reply({ resetForm: true }), outcome: "sent" });
}

export default function AgentRoute() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
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
            <Banner variant="success" title="Success">
              <p>{INVITE_USER_MESSAGES.success}</p>
            </Banner>
          ) : actionData?.outcome === "failed" ? (
            <Banner variant="error" title="Oops!">
              <p>{INVITE_USER_MESSAGES.failure}</p>
            </Banner>
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
          </div>
          {d.inviteOpen || actionData ? <InviteUserForm detail={detail} actionData={actionData} closeHref={`${base}&tab=${d.tab}`} /> : null}
          <div className="agent-columns">
            <section aria-labelledby="agent-tabs-title">
              <h2 id="agent-tabs-title" className="visually-hidden">
                Agent information
              </h2>
              <nav aria-label="Agent detail sections">
                <ul className="tabs">
                  {TABS.filter(([t]) => !(t === "appointment" && detail.isDirector)).map(([t, label]) => (
                    <li key={t}>
                      <Link className="tabs__link" to={`${base}&tab=${t}`} aria-current={d.tab === t ? "page" : undefined} preventScrollReset>
                        {label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
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

function AgentHeader({ detail }: { detail: AgentDetail }) {
  return (
    <section className="card agent-header" aria-label="Agent">
      <h2>{detail.name || DETAIL_MESSAGES.noAgentNumber}</h2>
      <span>
        Agent number <strong>{detail.agentNumber}</strong>
      </span>
      <span>
        Company / block{" "}
        <strong>
          {detail.companyNumber} / {detail.blockNumber}
        </strong>
      </span>
      <span>{detail.isDirector ? <strong>{DETAIL_MESSAGES.marketingDirector}</strong> : <>Level <strong>{detail.hierarchyLevel}</strong></>}</span>
      {!detail.isActive ? <span className="status-pill">Deactivated {formatDate(detail.terminationDate)}</span> : null}
    </section>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children || <span className="muted">—</span>}</dd>
    </>
  );
}

function PersonalTab({ detail, position }: { detail: AgentDetail; position: Position }) {
  const isCorp = detail.agentType === "C";
  return (
    <dl className="detail-grid">
      {isCorp ? <Row label="Company name">{displayCompanyName(detail.companyName)}</Row> : <Row label="Last name">{detail.lastName}</Row>}
      {!isCorp ? <Row label="First name">{[detail.firstName, detail.middleName].filter(Boolean).join(" ")}</Row> : null}
      <Row label="Agent number">
        {detail.agentNumber}{" "}
        <Link to={`/agents?tab=active&h=${position.id}&open=${detail.id}`} aria-label={`Show ${detail.name} in the hierarchy tree`}>
          (show in tree)
        </Link>
      </Row>
      <Row label="Email">{detail.email}</Row>
      <Row label="Phone">{formatPhone(detail.phoneNumber)}</Row>
      <Row label="National producer number">{detail.npn}</Row>
      {!detail.isDirector ? (
        <>
          <Row label="Resident state licence">
            {detail.residentLicenseNumber ? `${detail.residentLicenseNumber}${detail.residentLicenseState ? ` (${detail.residentLicenseState})` : ""}` : ""}
          </Row>
          <Row label="Licensed states">{detail.licensedStates.join(", ")}</Row>
        </>
      ) : null}
      <Row label="Address">{detail.address.join(", ")}</Row>
      <Row label="Agent since">{formatDate(detail.createdAt)}</Row>
    </dl>
  );
}

function BusinessTab({ detail }: { detail: AgentDetail }) {
  return (
    <dl className="detail-grid">
      <Row label="Business type">{detail.businessTypeCode?.replace(/^W9BIZ_TYP_/, "") ?? ""}</Row>
      <Row label="Name">{displayCompanyName(detail.businessName ?? detail.companyName)}</Row>
      <Row label="Address">{detail.businessAddress.join(", ")}</Row>
      <Row label="Phone">{formatPhone(detail.businessPhone)}</Row>
      <Row label="Fax">{formatPhone(detail.businessFax)}</Row>
    </dl>
  );
}

function AppointmentTab({ detail }: { detail: AgentDetail }) {
  return (
    <>
      {!detail.appointment ? (
        <Banner variant="info" title={DETAIL_MESSAGES.missingAppointmentTitle}>
          <p>{DETAIL_MESSAGES.missingAppointment}</p>
        </Banner>
      ) : (
        <dl className="detail-grid">
          <Row label="Status">{detail.appointment.statusText}</Row>
          <Row label="Started">{formatDateTime(detail.appointment.startDt)}</Row>
          <Row label="Submitted">{formatDateTime(detail.appointment.submittedAt)}</Row>
          <Row label="Approved">{formatDateTime(detail.appointment.approvedAt)}</Row>
        </dl>
      )}
      <h3>Documents</h3>
      <ul className="download-list">
        {detail.documents.map((doc) => (
          <li key={doc.code}>
            {doc.href ? (
              <a href={doc.href} target="_blank" rel="noopener">
                {doc.label}
              </a>
            ) : (
              <span className="muted">{notAvailable(doc.label)}</span>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function PrincipalTab({ detail }: { detail: AgentDetail }) {
  if (!detail.principal) return <p className="muted">No principal agent is recorded for this agent.</p>;
  return (
    <dl className="detail-grid">
      <Row label="Name">{[detail.principal.firstName, detail.principal.lastName].join(" ")}</Row>
      <Row label="Phone">{formatPhone(detail.principal.phoneNumber)}</Row>
      <Row label="Address">{detail.principal.address.join(", ")}</Row>
    </dl>
  );
}

function HierarchyPanel({ detail, position }: { detail: AgentDetail; position: Position }) {
  const href = (n: string) => `/agent?h=${position.id}&agentNumber=${encodeURIComponent(n)}`;
  return (
    <aside className="card" aria-labelledby="panel-title">
      <h2 id="panel-title">Hierarchy</h2>
      {detail.uplines.length ? (
        <>
          <h3>Uplines</h3>
          <ol className="download-list">
            {detail.uplines.map((u) => (
              <li key={u.agentNumber}>
                <Link to={href(u.agentNumber)}>{u.name}</Link> <span className="muted">#{u.agentNumber} · Level {u.hierarchyLevel}</span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <h3>Direct downline</h3>
      {detail.children.nodes.length ? (
        <ul className="download-list">
          {detail.children.nodes.map((c) => (
            <li key={c.id}>
              <Link to={href(c.agentNumber)}>{agentName(c)}</Link> <span className="muted">#{c.agentNumber}</span>
            </li>
          ))}
          {detail.children.hasMore ? (
            <li>
              <Link to={`/agents?tab=active&h=${position.id}&open=${detail.id}`}>(more in the tree)</Link>
            </li>
          ) : null}
        </ul>
      ) : (
        <p className="muted">{DETAIL_MESSAGES.noDirectDownline}</p>
      )}
    </aside>
  );
}

function InviteUserForm({ detail, actionData, closeHref }: { detail: AgentDetail; actionData: ActionData | undefined; closeHref: string }) {
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useForm({
    id: "invite-user",
    lastResult: actionData?.outcome === "sent" ? null : (actionData?.reply ?? null),
    constraint: getZodConstraint(inviteUserSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inviteUserSchema }),
  });
  const error = fields.emailAddress.errors?.[0];
  const errorTitle = inviteErrorTitle(error);
  return (
    <section id="invite" className="card" aria-labelledby="invite-title">
      <h2 id="invite-title">{detail.showUpdateUser ? "Update User" : "Invite User"}</h2>
      <p className="muted">
        Send {detail.name} an invitation link: once they sign in with this email address, their user is linked to agent {detail.agentNumber}.
      </p>
      <Form method="post" {...getFormProps(form)} className="form stack">
        <div className={`field${error ? " field--invalid" : ""}`}>
          <label htmlFor={fields.emailAddress.id}>Email Address</label>
          <input
            {...getInputProps(fields.emailAddress, { type: "email" })}
            autoComplete="off"
            maxLength={254}
            aria-describedby={error ? fields.emailAddress.errorId : undefined}
          />
          {error ? (
            <p className="field__error" id={fields.emailAddress.errorId}>
              {errorTitle ? <strong>{errorTitle}: </strong> : null}
              {error}
            </p>
          ) : null}
        </div>
        <div className="btn-row">
          <Link to={closeHref} className="btn btn--secondary">
            CANCEL
          </Link>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            SEND
          </button>
        </div>
      </Form>
    </section>
  );
}
