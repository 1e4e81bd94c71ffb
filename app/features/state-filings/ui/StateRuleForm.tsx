// One state's rules as a form (decision 0108): a plain POST (conform + the shared zod schema), so
// it works without JavaScript and keeps what was typed when refused, each message beside its field
// and in the error summary above. Reasons are rows of code, meaning and 'for cause'; the blank rows
// at the end add new ones, a row emptied is removed.
import { getFormProps, useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import type { z } from "zod";
import { ErrorSummary } from "~/components/ErrorSummary";
import { CHECK_WHEN_SENT, CheckboxField, fieldDomId, FormErrors, RadioGroup, TextField } from "~/components/form/fields";
import { STATE_RULE_MESSAGES as M, TIMING_LABELS } from "../messages";
import { APPOINTMENT_TIMINGS, stateRuleFields, stateRuleSchema } from "../schema";

type Reply = SubmissionResult<string[]> | null;
type Fields = z.input<typeof stateRuleFields>;

const LABELS: Record<string, string> = {
  appointmentTiming: "When the state is appointed",
  appointmentDays: "Days to appoint",
  terminationDays: "Days to notify a termination, not for cause",
  terminationForCauseDays: "Days to notify a termination for cause",
  producerCopyDays: "Days to send the producer a copy, for cause",
  backdateMaxDays: "Days a termination may be backdated",
  residentFeeAmount: "Appointment fee, resident ($)",
  nonResidentFeeAmount: "Appointment fee, non-resident ($)",
  renewalResidentFeeAmount: "Renewal fee, resident ($)",
  renewalNonResidentFeeAmount: "Renewal fee, non-resident ($)",
  reasons: "Termination reasons",
};

function summaryLabel(name: string): string | undefined {
  const row = /^reasons\[(\d+)\]\.(code|label)$/.exec(name);
  if (row) return row[2] === "code" ? `Code of reason ${Number(row[1]) + 1}` : `Meaning of reason ${Number(row[1]) + 1}`;
  return LABELS[name];
}

export function StateRuleForm({ defaults, lastResult, busy }: { defaults: DefaultValue<Fields>; lastResult: Reply; busy: boolean }) {
  const [form, fields] = useForm<Fields, z.output<typeof stateRuleSchema>>({
    id: "state-rule",
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(stateRuleFields),
    ...CHECK_WHEN_SENT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: stateRuleSchema }),
  });
  const reasons = fields.reasons.getFieldList();
  const reasonErrors = fields.reasons.errors ?? [];
  const wrong = Object.entries(form.allErrors).flatMap(([name, errs]) => {
    const label = summaryLabel(name);
    return errs?.length && label ? [{ id: name === "reasons" ? "f-reasons" : fieldDomId(name), label, message: errs.join(" ") }] : [];
  });
  return (
    <>
      {wrong.length ? <ErrorSummary title={M.refusedTitle} lead={M.refusedLead} errors={wrong} /> : null}
      <Form method="post" {...getFormProps(form)} className="form stack" noValidate>
        <FormErrors form={form} as="p" />
        <section className="card stack" aria-labelledby="sr-appointment">
          <h2 id="sr-appointment">Appointment</h2>
          <RadioGroup meta={fields.appointmentTiming} legend={LABELS.appointmentTiming} options={APPOINTMENT_TIMINGS.map((t) => ({ value: t, label: TIMING_LABELS[t] }))} required inline={false} />
          <TextField meta={fields.appointmentDays} label={LABELS.appointmentDays} type="number" hint="After the contract (within days) or the first business (just in time); empty for a pre-appointment state." />
          <CheckboxField meta={fields.countyAppointments} value="on" label="Appointments are also made per county (as in Florida)" />
        </section>
        <section className="card stack" aria-labelledby="sr-termination">
          <h2 id="sr-termination">Termination</h2>
          <div className="form-grid form-grid--3">
            <TextField meta={fields.terminationDays} label={LABELS.terminationDays} type="number" required hint="After the termination's effective date." />
            <TextField meta={fields.terminationForCauseDays} label={LABELS.terminationForCauseDays} type="number" required hint="After the termination's effective date." />
            <TextField meta={fields.producerCopyDays} label={LABELS.producerCopyDays} type="number" required hint="After the state is notified." />
          </div>
          <CheckboxField meta={fields.forCauseElectronic} value="on" label="A for-cause termination can be filed electronically" />
          <CheckboxField meta={fields.backdating} value="on" label="Terminations can be backdated" />
          <TextField meta={fields.backdateMaxDays} label={LABELS.backdateMaxDays} type="number" hint="How many days before the filing the effective date may be; empty when terminations cannot be backdated." />
          <fieldset
            id="f-reasons"
            tabIndex={-1}
            className={`stack${reasonErrors.length ? " field--invalid" : ""}`}
            aria-describedby={reasonErrors.length ? "f-reasons-error" : "f-reasons-hint"}
          >
            <legend className="label--required">{LABELS.reasons}</legend>
            <p className="field__hint" id="f-reasons-hint">
              The codes as the state writes them. Fill in a blank row to add a reason; empty a row to remove it.
            </p>
            {reasons.map((row, i) => {
              const r = row.getFieldset();
              return (
                <div key={row.key} className="form-grid form-grid--3">
                  <TextField meta={r.code} label={`Code of reason ${i + 1}`} maxLength={10} />
                  <TextField meta={r.label} label={`Meaning of reason ${i + 1}`} maxLength={100} />
                  <CheckboxField meta={r.forCause} value="on" label={`Reason ${i + 1} is for cause`} />
                </div>
              );
            })}
            {reasonErrors.length ? (
              <p className="field__error" id="f-reasons-error">
                {reasonErrors.join(" ")}
              </p>
            ) : null}
          </fieldset>
        </section>
        <section className="card stack" aria-labelledby="sr-fees">
          <h2 id="sr-fees">Fees</h2>
          <p className="muted">The appointment fees are the ones the application's States &amp; Fees section shows.</p>
          <div className="form-grid">
            <TextField meta={fields.residentFeeAmount} label={LABELS.residentFeeAmount} required numeric />
            <TextField meta={fields.nonResidentFeeAmount} label={LABELS.nonResidentFeeAmount} required numeric />
            <TextField meta={fields.renewalResidentFeeAmount} label={LABELS.renewalResidentFeeAmount} required numeric />
            <TextField meta={fields.renewalNonResidentFeeAmount} label={LABELS.renewalNonResidentFeeAmount} required numeric />
          </div>
        </section>
        <div className="wizard__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            SAVE
          </button>
        </div>
      </Form>
    </>
  );
}
