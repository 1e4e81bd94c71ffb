// /admin/requests/<id>: one service request for the internal administrators
// (issue 11, decision 0030): the request text, the requester, the PDF, the
// status and assignee, a reply by email with the reply history, and for a
// 'Request that an Agent be Moved' the Move Agent form (preview, then carry
// out). Every form posts here (intent) and works without JavaScript.
// Anyone but an internal administrator (not impersonating): 403; an unknown
// id: 404.
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { ErrorSummary, type SummaryError } from "~/components/ErrorSummary";
import { fieldDomId } from "~/components/form/fields";
import { Notice } from "~/components/Notice";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { moveForRequest, requestDetail, sendReply, serviceRequestExists, setStatus } from "~/features/service-requests/queue.server";
import { moveSchema, REPLY_DELIVERY_LABELS, replySchema, SR_INTENTS, SR_MESSAGES, SR_STATUS_LABELS, statusSchema } from "~/features/service-requests/schema";
import { MoveAgentForm, ReplyForm, StatusForm, type MoveState } from "~/features/service-requests/ui/RequestForms";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import applicationStyles from "~/styles/application.css";
import { requireCapability } from "~/lib/permissions.server";
import { viewerTimeZone } from "~/lib/time-zone.server";

export const meta = titleMeta("Service Request");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: applicationStyles }];

function requestId(param: string | undefined): number {
  const id = /^\d{1,9}$/.test(param ?? "") ? Number(param) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw data(SR_MESSAGES.notFound, { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireCapability(request, "manage:service-request");
  const detail = await requestDetail(requestId(params.id), viewerTimeZone(request));
  if (!detail) throw data(SR_MESSAGES.notFound, { status: 404 });
  return { detail, formToken: crypto.randomUUID() };
}

type ActionData = { form: "status" | "reply" | "move"; reply: SubmissionResult<string[]> | null; outcome: "invalid" | "failed" | "done"; move?: MoveState };

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireCapability(request, "manage:service-request");
  const id = requestId(params.id);
  const notFound = () => data(SR_MESSAGES.notFound, { status: 404 });
  // The request exists before the form is read and checked: 404, whatever was posted.
  if (!(await serviceRequestExists(id))) throw notFound();
  const formData = await readForm(request);
  const intent = formData.get("intent");

  if (intent === SR_INTENTS.status) {
    const submission = parseWithZod(formData, { schema: statusSchema });
    if (submission.status !== "success") return data<ActionData>({ form: "status", reply: submission.reply(), outcome: "invalid" }, { status: 400 });
    const saved = await setStatus(admin, id, submission.value, request);
    if (!saved.ok && saved.code === "NOT_FOUND") throw notFound();
    if (!saved.ok) return data<ActionData>({ form: "status", reply: submission.reply({ fieldErrors: { assigneeUserId: [SR_MESSAGES.assigneeUnknown] } }), outcome: "invalid" }, { status: 400 });
    return redirect(`/admin/requests/${id}?saved=1`, 303);
  }

  if (intent === SR_INTENTS.reply) {
    const submission = parseWithZod(formData, { schema: replySchema });
    if (submission.status !== "success") return data<ActionData>({ form: "reply", reply: submission.reply(), outcome: "invalid" }, { status: 400 });
    let sent: Awaited<ReturnType<typeof sendReply>>;
    try {
      sent = await sendReply(admin, id, submission.value, request);
    } catch (error) {
      console.error("[admin requests] the reply failed:", error instanceof Error ? error.message : error);
      return data<ActionData>({ form: "reply", reply: submission.reply(), outcome: "failed" }, { status: 503 });
    }
    if (!sent.ok) throw notFound();
    return redirect(`/admin/requests/${id}?replied=1`, 303);
  }

  if (intent === SR_INTENTS.preview || intent === SR_INTENTS.move) {
    const submission = parseWithZod(formData, { schema: moveSchema });
    if (submission.status !== "success") return data<ActionData>({ form: "move", reply: submission.reply(), outcome: "invalid" }, { status: 400 });
    const v = submission.value;
    const result = await moveForRequest(admin, id, v, request);
    if (!result.ok && result.code === "NOT_FOUND") throw notFound();
    if (!result.ok && result.code === "FIELDS") {
      return data<ActionData>({ form: "move", reply: submission.reply({ fieldErrors: result.fieldErrors }), outcome: "invalid" }, { status: 400 });
    }
    if (!result.ok) {
      return data<ActionData>({ form: "move", reply: submission.reply(), outcome: "invalid", move: { kind: "refused", message: result.message } }, { status: 409 });
    }
    const move: MoveState = result.done
      ? { kind: "moved", plan: result.plan }
      : { kind: "preview", plan: result.plan, form: { hierarchy: v.hierarchy, agentNumber: v.agentNumber, uplineAgentNumber: v.uplineAgentNumber } };
    return data<ActionData>({ form: "move", reply: result.done ? null : submission.reply(), outcome: "done", move });
  }
  throw data("The form has a field the portal does not use.", { status: 400 });
}

// The labels the three forms give their fields (RequestForms.tsx).
const FIELD_LABELS: Record<string, string> = {
  status: "Status",
  assigneeUserId: "Assignee",
  replyText: "Reply",
  hierarchy: "Hierarchy",
  agentNumber: "Agent number to move",
  uplineAgentNumber: "New upline agent number",
};

function wrongFields(reply: SubmissionResult<string[]> | null): SummaryError[] {
  return Object.entries(reply?.error ?? {}).flatMap(([name, errs]) =>
    errs?.length && FIELD_LABELS[name] ? [{ id: fieldDomId(name), label: FIELD_LABELS[name], message: errs.join(" ") }] : [],
  );
}

export default function ServiceRequestPage() {
  const { detail: d, formToken } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const [params] = useSearchParams();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const replyOf = (form: ActionData["form"]) => (actionData?.form === form ? actionData.reply : null);

  return (
    <SignedInLayout>
      <PageHeader
        title={`Service Request #${d.id}`}
        lead={`${d.type} · ${SR_STATUS_LABELS[d.status]}`}
        actions={
          <Link to="/admin/requests" className="btn btn--secondary btn--small">
            Back to the queue
          </Link>
        }
      />
      {/* On the page until the next action (decision 0103); a refusal links to its fields. */}
      {params.get("saved") === "1" && !actionData ? <Notice title={SR_MESSAGES.statusSavedTitle} message={SR_MESSAGES.statusSaved} /> : null}
      {params.get("replied") === "1" && !actionData ? <Notice title={SR_MESSAGES.replySentTitle} message={SR_MESSAGES.replySent} /> : null}
      {actionData?.outcome === "failed" ? <Notice key={location.key} variant="error" title={SR_MESSAGES.failedTitle} message={SR_MESSAGES.failed} /> : null}
      {actionData?.outcome === "invalid" && !actionData.move ? (
        <ErrorSummary key={`${location.key}-errors`} title={SR_MESSAGES.invalidTitle} lead="Correct these fields and send it again:" errors={wrongFields(actionData.reply)} />
      ) : null}

      <section className="card stack" aria-labelledby="sr-request-heading">
        <h2 id="sr-request-heading">Request</h2>
        <dl>
          <dt>Request Date</dt>
          <dd>{d.requestDt}</dd>
          <dt>Requester</dt>
          <dd>
            {d.requester} ({d.requesterEmail}) · {d.requesterTypeCode}
          </dd>
          <dt>Requester Agent Number</dt>
          <dd>{d.requesterNumber ?? "none"}</dd>
          <dt>Subject</dt>
          <dd>{d.type}</dd>
          <dt>Attachment</dt>
          <dd>
            {d.attachment ? (
              <a href={`/admin/requests/${d.id}/attachment`} download>
                {d.attachment.fileName} ({d.attachment.byteSize.toLocaleString("en-US")} bytes)
              </a>
            ) : (
              "none"
            )}
          </dd>
        </dl>
        <h3>Request Text</h3>
        <p style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="request-text">
          {d.text}
        </p>
      </section>

      <section className="card">
        <StatusForm status={d.status} assigneeUserId={d.assigneeUserId} admins={d.admins} lastResult={replyOf("status")} busy={busy} />
      </section>

      {d.move ? (
        <MoveAgentForm
          hierarchies={d.move.hierarchies}
          defaultHierarchy={d.move.defaultHierarchy}
          done={d.move.done}
          lastResult={replyOf("move")}
          state={actionData?.form === "move" ? (actionData.move ?? null) : null}
          busy={busy}
        />
      ) : null}

      <section className="card">
        {/* A new form (empty, a fresh token) once a reply is recorded. */}
        <ReplyForm key={`reply-${d.replies.length}`} requesterEmail={d.requesterEmail} formToken={formToken} lastResult={replyOf("reply")} busy={busy} />
      </section>

      <section className="card stack" aria-labelledby="sr-history-heading">
        <h2 id="sr-history-heading">Reply History</h2>
        {d.replies.length === 0 ? (
          <p className="muted">No reply yet.</p>
        ) : (
          <ol className="stack" data-testid="reply-history">
            {d.replies.map((r) => (
              <li key={r.id}>
                <p>
                  <strong>{r.author}</strong> · {r.at} · to {r.sentTo} · <span className="muted">email {REPLY_DELIVERY_LABELS[r.delivery] ?? r.delivery}</span>
                </p>
                <p style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{r.text}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </SignedInLayout>
  );
}
