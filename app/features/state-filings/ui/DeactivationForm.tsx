// The deactivation form (decision 0111): the effective date and, per state the agent is appointed
// in, a reason from that state's list (one list of every state's codes for an agent appointed
// nowhere). A plain POST: refused, each message is beside its field and in the summary above.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import type { z } from "zod";
import { ErrorSummary } from "~/components/ErrorSummary";
import { CHECK_WHEN_SENT, fieldDomId, FormErrors, SelectField, TextField } from "~/components/form/fields";
import { ALL_STATES, deactivationFields, TERMINATION_MESSAGES as M, type TerminationState } from "../terminations";

type Fields = z.input<typeof deactivationFields>;
type Reason = TerminationState["reasons"][number];

const optionsOf = (reasons: readonly Reason[]) => reasons.map((r) => ({ value: r.code, label: `${r.code}: ${r.label}${r.forCause ? " (for cause)" : ""}` }));

export function DeactivationForm({
  states,
  anyReasons,
  today,
  lastResult,
  busy,
}: {
  states: readonly TerminationState[];
  anyReasons: readonly Reason[];
  today: string;
  lastResult: SubmissionResult<string[]> | null;
  busy: boolean;
}) {
  const [form, fields] = useForm<Fields>({
    id: "deactivate",
    lastResult,
    defaultValue: { effectiveDate: today },
    constraint: getZodConstraint(deactivationFields),
    ...CHECK_WHEN_SENT,
  });
  const reasons = fields.reasons.getFieldset();
  const rows = states.length ? states.map((s) => ({ key: s.stateCode, label: `Reason for ${s.stateCode}`, reasons: s.reasons })) : [{ key: ALL_STATES, label: "Reason", reasons: anyReasons }];
  const labels: Record<string, string> = { effectiveDate: "Effective date", ...Object.fromEntries(rows.map((r) => [`reasons.${r.key}`, r.label])) };
  const wrong = Object.entries(form.allErrors).flatMap(([name, errs]) => (errs?.length && labels[name] ? [{ id: fieldDomId(name), label: labels[name], message: errs.join(" ") }] : []));
  const backdating = states.map((s) => (s.backdateMaxDays == null ? `${s.stateCode}: not backdated` : `${s.stateCode}: up to ${s.backdateMaxDays} days back`)).join("; ");
  return (
    <>
      {wrong.length ? <ErrorSummary title={M.refusedTitle} lead={M.refusedLead} errors={wrong} /> : null}
      <Form method="post" {...getFormProps(form)} className="form stack" noValidate>
        <FormErrors form={form} as="p" />
        <section className="card stack" aria-labelledby="deactivate-reasons">
          <h2 id="deactivate-reasons">Termination reason</h2>
          <p className="muted">
            {states.length
              ? "Each state takes its own reasons. One termination is filed with each state the agent is appointed in; an appointment not yet filed is withdrawn."
              : "The agent is appointed in no state: nothing is filed. The reason is kept with the deactivation."}
          </p>
          <div className="form-grid">
            {rows.map((r) => (
              <SelectField key={r.key} meta={reasons[r.key]!} label={r.label} options={optionsOf(r.reasons)} required />
            ))}
          </div>
        </section>
        <section className="card stack" aria-labelledby="deactivate-date">
          <h2 id="deactivate-date">Effective date</h2>
          <TextField
            meta={fields.effectiveDate}
            label="Effective date"
            type="date"
            required
            hint={`Today or earlier, as far back as the states allow${backdating ? ` (${backdating})` : ""}.`}
          />
        </section>
        <div className="wizard__actions">
          <button type="submit" className="btn btn--danger" disabled={busy}>
            Deactivate agent
          </button>
        </div>
      </Form>
    </>
  );
}
