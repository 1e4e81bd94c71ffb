// The fee report's request form (decision 0117): a period (first and last day, or a month preset
// link that fills them in) and an optional carrier. A plain POST (conform + the shared zod schema):
// it works without JavaScript and keeps what was typed when refused, each message beside its field
// and in the error summary above.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import type { z } from "zod";
import { ErrorSummary } from "~/components/ErrorSummary";
import { CHECK_WHEN_SENT, fieldDomId, FormErrors, SelectField, TextField } from "~/components/form/fields";
import { FEE_REPORT_ID, FEE_REPORT_MESSAGES as M, feeReportFields, feeReportSchema } from "../fee-report";

type Fields = z.input<typeof feeReportFields>;
const LABELS: Record<string, string> = { from: "First day", to: "Last day", carrier: "Carrier" };

export type FeeReportFormProps = {
  defaults: { from: string; to: string; carrier: string };
  presets: Array<{ label: string; from: string; to: string }>;
  carriers: Array<{ id: number; label: string }>;
  lastResult: SubmissionResult<string[]> | null;
  busy: boolean;
};

export function FeeReportForm({ defaults, presets, carriers, lastResult, busy }: FeeReportFormProps) {
  const [form, fields] = useForm<Fields, z.output<typeof feeReportSchema>>({
    id: "fee-report",
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(feeReportFields),
    ...CHECK_WHEN_SENT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: feeReportSchema }),
  });
  const wrong = Object.entries(form.allErrors).flatMap(([name, errs]) =>
    errs?.length && LABELS[name] ? [{ id: fieldDomId(name), label: LABELS[name], message: errs.join(" ") }] : [],
  );
  return (
    <section className="card stack" aria-labelledby="fee-report-heading">
      <h2 id="fee-report-heading">Request a fee report</h2>
      {wrong.length ? <ErrorSummary title={M.refusedTitle} errors={wrong} /> : null}
      <nav aria-label="Fill in a month" className="btn-row">
        {presets.map((p) => (
          <Link key={p.from} to={`?from=${p.from}&to=${p.to}`} className="btn btn--secondary btn--small">
            {p.label}
          </Link>
        ))}
      </nav>
      <Form method="post" {...getFormProps(form)} className="form stack" noValidate>
        <FormErrors form={form} as="p" />
        <input type="hidden" name="reportId" value={String(FEE_REPORT_ID)} />
        <TextField meta={fields.from} label={LABELS.from} type="date" required />
        <TextField meta={fields.to} label={LABELS.to} type="date" required hint="Both days are included." />
        <SelectField meta={fields.carrier} label={LABELS.carrier} options={carriers.map((c) => ({ value: String(c.id), label: c.label }))} placeholder="All carriers" />
        <div>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            Request the fee report
          </button>
        </div>
      </Form>
    </section>
  );
}
