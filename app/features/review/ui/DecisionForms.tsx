// The decision forms of the review screen (issue 11), one open at a time in the decision bar
// (DecisionBar, decision 0106): Return for
// correction (with the deficient sections), Reject and Approve, each with a
// required reason and a confirmation box. One conform form per decision with
// decisionSchema; everything works without JavaScript (plain POST, the
// server's answer shows the messages next to the fields and keeps what was typed).
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { SECTION_TITLES, type DataSectionId } from "~/features/appointment/model";
import { DECISION_LABELS, REVIEW_MESSAGES as M } from "../messages";
import { decisionSchema, REASON_MAX, type DecisionKind } from "../schema";
import { FormErrors } from "~/components/form/fields";

const HINTS: Record<DecisionKind, string> = {
  RETURN: "The application goes back to the prospect, who corrects the marked sections and submits it again. The prospect sees the reason.",
  REJECT: "The application is rejected for good and becomes read-only. The prospect sees the reason.",
  APPROVE: "The prospect becomes an agent: an agent number is assigned and the agent is placed in the recruiter's hierarchy.",
};

const CONFIRM: Record<DecisionKind, string> = {
  RETURN: "I confirm: return this application for correction.",
  REJECT: "I confirm: reject this application. This cannot be undone.",
  APPROVE: "I confirm: approve this application.",
};

function Errors({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <p className="field__error" id={id} aria-live="polite">
      {errors?.length ? errors.join(" ") : ""}
    </p>
  );
}

export function DecisionFormCard({
  decision,
  sections,
  reply,
  busy,
  refusal,
  blocked,
  action,
}: {
  decision: DecisionKind;
  /** The application's data sections (RETURN's checkboxes). */
  sections: DataSectionId[];
  reply: SubmissionResult<string[]> | null;
  busy: boolean;
  /** APPROVE refused because the applicant's licences do not cover the application (decision 0070): shown by the button. */
  refusal?: { message: string; reasons: string[] };
  /** APPROVE while the licences panel lists problems (decision 0098): the button is disabled and says why, without JavaScript too. */
  blocked?: string[];
  /** Where it posts: the review path without a query (an open licence form's ?licence= posts elsewhere: decision 0098). */
  action: string;
}) {
  const [form, fields] = useForm({
    id: `decision-${decision}`,
    lastResult: reply,
    constraint: getZodConstraint(decisionSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: decisionSchema }),
  });
  const p = decision.toLowerCase();
  const reasonId = `${p}-reason`;
  const checked = new Set(Array.isArray(fields.sections.initialValue) ? fields.sections.initialValue : fields.sections.initialValue ? [fields.sections.initialValue] : []);
  const titleId = `${p}-title`;
  return (
    <section className={`decision-card decision-card--${p}`} aria-labelledby={titleId}>
      <h3 id={titleId} className="card__title">
        {DECISION_LABELS[decision]}
      </h3>
      <p className="muted">{HINTS[decision]}</p>
      <Form method="post" action={action} {...getFormProps(form)} className="form stack" noValidate>
        <input type="hidden" name="decision" value={decision} />
        <FormErrors form={form} as="p" />
        {decision === "RETURN" ? (
          <fieldset className="field" aria-describedby={fields.sections.errors?.length ? `${p}-sections-error` : undefined}>
            <legend>Sections to correct</legend>
            {sections.map((s) => (
              <label key={s} className="field--inline choice">
                <input type="checkbox" name={fields.sections.name} value={s} defaultChecked={checked.has(s)} key={`${fields.sections.key}-${s}`} />
                <span>{SECTION_TITLES[s]}</span>
              </label>
            ))}
            <Errors id={`${p}-sections-error`} errors={fields.sections.errors} />
          </fieldset>
        ) : null}
        <div className={`field${fields.reason.errors?.length ? " field--invalid" : ""}`}>
          <label htmlFor={reasonId} className="label--required">
            Reason
          </label>
          <span className="field__hint" id={`${reasonId}-hint`}>
            At most {REASON_MAX} characters.
          </span>
          <textarea
            id={reasonId}
            key={fields.reason.key}
            name={fields.reason.name}
            rows={4}
            maxLength={REASON_MAX}
            required
            defaultValue={typeof fields.reason.initialValue === "string" ? fields.reason.initialValue : ""}
            aria-invalid={fields.reason.errors?.length ? true : undefined}
            aria-describedby={[`${reasonId}-hint`, fields.reason.errors?.length ? `${reasonId}-error` : null].filter(Boolean).join(" ")}
          />
          <Errors id={`${reasonId}-error`} errors={fields.reason.errors} />
        </div>
        <div className={`field${fields.confirm.errors?.length ? " field--invalid" : ""}`}>
          <label className="field--inline choice">
            <input
              type="checkbox"
              name={fields.confirm.name}
              value="on"
              key={fields.confirm.key}
              defaultChecked={fields.confirm.initialValue === "on"}
              aria-invalid={fields.confirm.errors?.length ? true : undefined}
              aria-describedby={fields.confirm.errors?.length ? `${p}-confirm-error` : undefined}
            />
            <span>{CONFIRM[decision]}</span>
          </label>
          <Errors id={`${p}-confirm-error`} errors={fields.confirm.errors} />
        </div>
        {refusal ? (
          <div className="decision-refusal" role="alert" id={`${p}-refusal`} data-testid="approval-refused">
            <p className="field__error">{refusal.message}</p>
            <ul>
              {refusal.reasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {blocked?.length ? <ApproveBlocked reasons={blocked} className="decision-refusal" id={`${p}-blocked`} testId="approve-blocked" /> : null}
        <div>
          <button
            type="submit"
            className={`btn ${decision === "APPROVE" ? "btn--primary" : decision === "REJECT" ? "btn--danger" : "btn--secondary"}`}
            disabled={busy || Boolean(blocked?.length)}
            aria-describedby={blocked?.length ? `${p}-blocked` : undefined}
          >
            {DECISION_LABELS[decision]}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** Why Approve cannot be pressed yet: the rule's sentence and each reason (the bar and the Approve form). */
export function ApproveBlocked({ reasons, className, id, testId }: { reasons: string[]; className: string; id?: string; testId?: string }) {
  return (
    <div className={className} id={id} data-testid={testId}>
      <p className="field__error">{M.approveBlocked}</p>
      <ul>
        {reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </div>
  );
}
