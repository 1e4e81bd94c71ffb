// Invite User / UPDATE USER (spec part 3 §4, decision 0023): the email
// address form; works without JavaScript (the browser checks 'required' and
// the email type first; conform validates on the client when it runs, the
// action always).
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { AgentDetail } from "../detail.server";
import { inviteErrorTitle, inviteUserSchema } from "../schema";

export type InviteUserActionData = { reply: SubmissionResult<string[]>; outcome: "sent" | "invalid" | "failed" };

export function InviteUserForm({ detail, actionData, closeHref }: { detail: AgentDetail; actionData: InviteUserActionData | undefined; closeHref: string }) {
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
      {/* Not novalidate (conform's default): the browser's own check runs first, with and without
          JavaScript, so an empty address reads 'Please fill out this field.' as the spec's dialog does
          (part 3 §8); conform's messages (on blur, and the server's) stay for the rest. Decision 0050. */}
      <Form method="post" {...getFormProps(form)} noValidate={false} className="form stack">
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
            Send
          </button>
        </div>
      </Form>
    </section>
  );
}
