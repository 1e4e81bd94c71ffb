// The REQUEST a REPORT form of the chosen report (downline or recruit); the
// recruit form's recruiter comes from the finder, carried in the URL.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { TextField, FormErrors } from "~/components/form/fields";
import { REPORT_MESSAGES as M } from "../messages";
import {
  DOWNLINE_STATUS_FILTERS,
  INVITATION_STATUS_FILTERS,
  LEVEL_MAX_LENGTH,
  PROSPECT_NAME_MAX,
  RECRUIT_REPORT_ID,
  RECRUITER_NAME_MAX,
  type recruitReportSchema,
  reportSchemaFor,
} from "../schema";
import type { ReportActionData } from "./types";

export function ReportForm(d: { reportId: number; values: Record<string, string> }) {
  const actionData = useActionData() as ReportActionData | undefined;
  const busy = useNavigation().state !== "idle";
  // Submit is disabled while the form is invalid (spec §5) only with JavaScript, which re-enables it as the
  // user corrects; without it the server's answer must stay submittable.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // The recruit schema has every field of both forms: typed as it, used as the chosen report's.
  const schema = reportSchemaFor(String(d.reportId)) as ReturnType<typeof recruitReportSchema>;
  const isRecruit = d.reportId === RECRUIT_REPORT_ID;
  const statuses = isRecruit ? INVITATION_STATUS_FILTERS : DOWNLINE_STATUS_FILTERS;
  const [form, fields] = useForm({
    id: `report-${d.reportId}`,
    lastResult: actionData?.reportId === d.reportId ? actionData.reply : null,
    defaultValue: { reportId: String(d.reportId), appointmentStatusId: "0", ...d.values },
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const status = fields.appointmentStatusId;
  const statusError = status.errors?.[0];
  const recruiterError = isRecruit ? fields.recruiterAgentNo.errors?.[0] : undefined;
  const v = d.values;
  return (
    <Form method="post" action={`/reports?tab=request&report=${d.reportId}`} {...getFormProps(form)} className="form">
      <FormErrors form={form} as="p" first />
      <input type="hidden" name="reportId" value={String(d.reportId)} />
      <input type="hidden" name="tab" value="request" />
      <input type="hidden" name="report" value={String(d.reportId)} />
      <div className="report-form">
        <TextField meta={fields.startDate} label="Start Date" type="date" />
        <TextField meta={fields.endDate} label="End Date" type="date" />
        {isRecruit ? (
          <div className={`field field--wide${recruiterError ? " field--invalid" : ""}`}>
            <span className="field__label" id="recruiter-label">
              Recruiter
            </span>
            <input type="hidden" name="recruiterAgentNo" value={v.recruiterAgentNo ?? ""} />
            <input type="hidden" name="recruiterCompanyNo" value={v.recruiterCompanyNo ?? ""} />
            <input type="hidden" name="recruiterBlockNo" value={v.recruiterBlockNo ?? ""} />
            <input type="hidden" name="recruiterName" value={v.recruiterName ?? ""} />
            <p aria-labelledby="recruiter-label" data-testid="picked-recruiter">
              {v.recruiterAgentNo ? `${v.recruiterName ?? ""} (${v.recruiterAgentNo})` : "Every recruiter in your hierarchy"}
            </p>
            <div className="btn-row">
              <button type="submit" formMethod="get" formAction="/reports" formNoValidate name="finder" value="search" className="btn btn--small btn--secondary">
                Find a Recruiter
              </button>
              {v.recruiterAgentNo ? (
                <Link className="btn btn--small btn--secondary" to={`/reports?${clearRecruiter(v)}`}>
                  Clear recruiter
                </Link>
              ) : null}
            </div>
            {recruiterError ? (
              <p className="field__error" id={fields.recruiterAgentNo.errorId} role="alert">
                {recruiterError}
              </p>
            ) : null}
          </div>
        ) : (
          <TextField meta={fields.recruiterName} label="Recruiter Name" maxLength={RECRUITER_NAME_MAX} />
        )}
        {isRecruit ? <TextField meta={fields.prospectName} label="Prospect Name" maxLength={PROSPECT_NAME_MAX} /> : null}
        <TextField meta={fields.levelNumber} label="Level" hint={M.levelHint} numeric maxLength={LEVEL_MAX_LENGTH} />
        <div className={`field${statusError ? " field--invalid" : ""}`}>
          <label htmlFor={status.id}>Status</label>
          <select
            id={status.id}
            name={status.name}
            defaultValue={(status.initialValue as string | undefined) ?? "0"}
            aria-invalid={statusError ? true : undefined}
            aria-describedby={statusError ? status.errorId : undefined}
          >
            {statuses.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
          {statusError ? (
            <p className="field__error" id={status.errorId} role="alert">
              {statusError}
            </p>
          ) : null}
        </div>
      </div>
      <div className="btn-row">
        <button type="submit" className="btn btn--primary" disabled={busy || (hydrated && !form.valid)}>
          SUBMIT
        </button>
      </div>
    </Form>
  );
}

function clearRecruiter(v: Record<string, string>) {
  const p = new URLSearchParams({ tab: "request", report: String(RECRUIT_REPORT_ID) });
  for (const [k, val] of Object.entries(v)) if (!k.startsWith("recruiter")) p.set(k, val);
  return p.toString();
}
