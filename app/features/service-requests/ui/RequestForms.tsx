// The forms of /admin/requests/<id> (decision 0030): status and assignee,
// reply by email, and for a 'Request that an Agent be Moved' the Move Agent
// form (preview, then carry out). Each is a plain POST form (conform + the
// shared zod schema): it works without JavaScript and keeps what was typed
// when refused.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { Banner } from "~/components/Banner";
import { SelectField, TextAreaField, TextField } from "~/components/form/fields";
import { MOVE_DONE } from "~/features/hierarchy/move-messages";
import type { MovePlan } from "~/features/hierarchy/move.server";
import { moveSchema, replySchema, REPLY_TEXT_MAX, SR_INTENTS, SR_STATUSES, SR_STATUS_LABELS, statusSchema, type SrStatus } from "../schema";

type Reply = SubmissionResult<string[]> | null;

export function StatusForm({ status, assigneeUserId, admins, lastResult, busy }: { status: SrStatus; assigneeUserId: string | null; admins: Array<{ id: string; name: string }>; lastResult: Reply; busy: boolean }) {
  const [form, fields] = useForm({
    id: "sr-status-form",
    lastResult,
    defaultValue: { status, assigneeUserId: assigneeUserId ?? "" },
    constraint: getZodConstraint(statusSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: statusSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="form stack" aria-labelledby="sr-status-heading">
      <h2 id="sr-status-heading">Status</h2>
      <input type="hidden" name="intent" value={SR_INTENTS.status} />
      <SelectField meta={fields.status} label="Status" options={SR_STATUSES.map((s) => ({ value: s, label: SR_STATUS_LABELS[s] }))} placeholder="Choose a status" required />
      <SelectField meta={fields.assigneeUserId} label="Assignee" options={admins.map((a) => ({ value: a.id, label: a.name }))} placeholder="Nobody" />
      <div className="wizard__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          Save status
        </button>
      </div>
    </Form>
  );
}

export function ReplyForm({ requesterEmail, formToken, lastResult, busy }: { requesterEmail: string; formToken: string; lastResult: Reply; busy: boolean }) {
  const [form, fields] = useForm({
    id: "sr-reply-form",
    lastResult,
    constraint: getZodConstraint(replySchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: replySchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="form stack" aria-labelledby="sr-reply-heading">
      <h2 id="sr-reply-heading">Reply by Email</h2>
      <p className="muted">The reply goes to {requesterEmail} and is kept in the history below.</p>
      <input type="hidden" name="intent" value={SR_INTENTS.reply} />
      <input type="hidden" name="formToken" value={formToken} />
      <TextAreaField meta={fields.replyText} label={`Reply (at most ${REPLY_TEXT_MAX.toLocaleString("en-US")} characters)`} rows={6} />
      <div className="wizard__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          Send reply
        </button>
      </div>
    </Form>
  );
}

export type MoveState =
  | { kind: "preview"; plan: MovePlan; form: { hierarchy: string; agentNumber: string; uplineAgentNumber: string } }
  | { kind: "moved"; plan: MovePlan }
  | { kind: "refused"; message: string }
  | null;

const who = (a: { agentNumber: string; name: string; hierarchyLevel: number }) => `${a.agentNumber} (${a.name}, level ${a.hierarchyLevel})`;

export function MoveAgentForm({
  hierarchies,
  defaultHierarchy,
  done,
  lastResult,
  state,
  busy,
}: {
  hierarchies: Array<{ value: string; label: string }>;
  defaultHierarchy: string;
  /** Moves already carried out from this request. */
  done: Array<{ at: string; by: string; agentNumber: string; fromAgentNumber: string | null; toAgentNumber: string; subtreeSize: number }>;
  lastResult: Reply;
  state: MoveState;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: "sr-move-form",
    lastResult,
    defaultValue: { hierarchy: defaultHierarchy },
    constraint: getZodConstraint(moveSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: moveSchema }),
  });
  return (
    <section className="card stack" aria-labelledby="sr-move-heading">
      <h2 id="sr-move-heading">Move Agent</h2>
      <p className="muted">The agent moves with its whole downline under the new upline, within one hierarchy. Preview first, then carry out the move.</p>
      {state?.kind === "refused" ? (
        <Banner variant="error" title="The move is refused">
          <p>{state.message}</p>
        </Banner>
      ) : null}
      {state?.kind === "moved" ? (
        <Banner variant="success" title={MOVE_DONE.title}>
          <p>{MOVE_DONE.message(state.plan.agent.agentNumber, state.plan.to.agentNumber, state.plan.subtreeSize)}</p>
        </Banner>
      ) : null}
      {done.length ? (
        <div>
          <h3>Moves carried out</h3>
          <ul data-testid="moves-done">
            {done.map((m, i) => (
              <li key={i}>
                {m.at} · {m.by}: agent {m.agentNumber} from {m.fromAgentNumber ?? "no upline"} to {m.toAgentNumber} ({m.subtreeSize} agent{m.subtreeSize === 1 ? "" : "s"})
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="form stack">
        <input type="hidden" name="intent" value={SR_INTENTS.preview} />
        <SelectField meta={fields.hierarchy} label="Hierarchy" options={hierarchies} placeholder="Choose the hierarchy" required />
        <TextField meta={fields.agentNumber} label="Agent number to move" required />
        <TextField meta={fields.uplineAgentNumber} label="New upline agent number" required />
        <div className="wizard__actions">
          <button type="submit" className="btn btn--secondary" disabled={busy}>
            Preview
          </button>
        </div>
      </Form>
      {state?.kind === "preview" ? (
        <div className="stack" role="status">
          <h3>What moves</h3>
          <dl>
            <dt>Agent</dt>
            <dd>{who(state.plan.agent)}</dd>
            <dt>Current upline</dt>
            <dd>{state.plan.from ? who(state.plan.from) : "none"}</dd>
            <dt>New upline</dt>
            <dd>{who(state.plan.to)}</dd>
            <dt>Agents that move</dt>
            <dd>
              <strong data-testid="move-size">{state.plan.subtreeSize}</strong> (the agent and {state.plan.subtreeSize - 1} in its downline)
            </dd>
          </dl>
          <Form method="post">
            <input type="hidden" name="intent" value={SR_INTENTS.move} />
            <input type="hidden" name="hierarchy" value={state.form.hierarchy} />
            <input type="hidden" name="agentNumber" value={state.form.agentNumber} />
            <input type="hidden" name="uplineAgentNumber" value={state.form.uplineAgentNumber} />
            <input type="hidden" name="expectedSize" value={state.plan.subtreeSize} />
            <button type="submit" className="btn btn--primary" disabled={busy}>
              Carry out the move
            </button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}
