// The licence and credential forms of the licence screens (decision 0069): conform over the one
// schema of each (schema.ts); without JavaScript the open form is in the address and a refused save
// comes back with the message next to the field and what was typed.
import type { LicencesActionData, NpnRecordsData } from "./NpnRecords";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { Banner } from "~/components/Banner";
import { CheckboxField, CHECK_WHEN_SENT, fieldDomId, SelectField, TextField } from "~/components/form/fields";
import { CREDENTIAL_LABEL, LICENCE_STATES, LINE_LABEL, stateName } from "../messages";
import { credentialSchema, licenceSchema } from "../schema";
import { COMPLETION_DATE_LABEL, CREDENTIAL_FIELD_LABELS, LICENCE_FIELD_LABELS, LICENCE_SCREEN as S } from "../screen-messages";
import { type CredentialKind } from "../status";

function Refused({ names, labels }: { names: string[]; labels: Record<string, string> }) {
  if (names.length === 0) return null;
  return (
    <Banner variant="error" title={S.invalidTitle}>
      <p>{S.invalidLead}</p>
      <ul>
        {names.map((k) => (
          <li key={k}>{labels[k] ?? k}</li>
        ))}
      </ul>
    </Banner>
  );
}

const STATE_OPTIONS = LICENCE_STATES.map(([value, label]) => ({ value, label }));
const yes = (b: boolean | undefined) => (b ? "Y" : undefined);

/**
 * Where a form posts and where CANCEL goes (decision 0098): by default the page it is on; the
 * review screen shows the same forms posting to /licences/<npn>?return=<the review>.
 */
export type FormTarget = { action?: string; cancelTo?: string };

export function LicenceForm({
  data,
  id,
  base,
  actionData,
  target = {},
  defaultState,
}: {
  data: NpnRecordsData;
  id: string;
  base: string;
  actionData?: LicencesActionData;
  target?: FormTarget;
  /** A new licence's state, chosen already (the review screen's 'no license for Texas'). */
  defaultState?: string;
}) {
  const current = id === "new" ? null : (data.records.licences.find((l) => l.id === id) ?? null);
  const [form, fields] = useForm({
    id: "licence-form",
    lastResult: actionData?.form === "licence" ? actionData.reply : null,
    defaultValue: current
      ? {
          stateCode: current.stateCode,
          licenceNumber: current.licenceNumber ?? "",
          licenceClass: current.licenceClass,
          isResident: yes(current.isResident),
          loaLife: yes(current.loaLife),
          loaAccidentHealth: yes(current.loaAccidentHealth),
          loaVariable: yes(current.loaVariable),
          effectiveDate: current.effectiveDate ?? "",
          expiryDate: current.expiryDate ?? "",
          status: current.status,
        }
      : { status: "ACTIVE", ...(defaultState ? { stateCode: defaultState } : {}) },
    ...CHECK_WHEN_SENT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: licenceSchema }),
  });
  if (id !== "new" && !current) return null;
  const wrong = Object.keys(LICENCE_FIELD_LABELS).filter((k) => fields[k as keyof typeof fields]?.errors?.length);
  return (
    <section className="card" aria-labelledby="licence-form-title">
      <h2 id="licence-form-title">{current ? `${S.editLicence}: ${stateName(current.stateCode)}` : S.addLicence}</h2>
      <Refused names={wrong} labels={LICENCE_FIELD_LABELS} />
      <Form method="post" action={target.action} {...getFormProps(form)} className="form stack">
        <input type="hidden" name="intent" value="licence" />
        <input type="hidden" name="id" value={id} />
        <SelectField meta={fields.stateCode} label={LICENCE_FIELD_LABELS.stateCode} options={STATE_OPTIONS} required />
        <TextField meta={fields.licenceNumber} label={LICENCE_FIELD_LABELS.licenceNumber} />
        <TextField meta={fields.licenceClass} label={LICENCE_FIELD_LABELS.licenceClass} hint="Insurance Producer unless you enter another." />
        <CheckboxField meta={fields.isResident} label="This is my resident state" />
        <fieldset className="lic-lines" aria-describedby={fields.loaLife.errors?.length ? `${fieldDomId(fields.loaLife.name)}-error` : undefined}>
          <legend className="label--required">{LICENCE_FIELD_LABELS.loaLife}</legend>
          {/* The lines' message ('choose at least one') is the first box's (the schema's path). */}
          <CheckboxField meta={fields.loaLife} label={LINE_LABEL.LIFE} />
          <CheckboxField meta={fields.loaAccidentHealth} label={LINE_LABEL.ACCIDENT_HEALTH} />
          <CheckboxField meta={fields.loaVariable} label={LINE_LABEL.VARIABLE} />
        </fieldset>
        <TextField meta={fields.effectiveDate} label={LICENCE_FIELD_LABELS.effectiveDate} type="date" />
        <TextField meta={fields.expiryDate} label={LICENCE_FIELD_LABELS.expiryDate} type="date" hint="Leave empty for a perpetual license." />
        <SelectField
          meta={fields.status}
          label={LICENCE_FIELD_LABELS.status}
          options={[
            { value: "ACTIVE", label: "Active" },
            { value: "INACTIVE", label: "Inactive" },
          ]}
          required
        />
        <div className="wizard__actions">
          <Link to={target.cancelTo ?? base} className="btn btn--secondary">
            {S.cancel}
          </Link>
          <button type="submit" className="btn btn--primary">
            {S.save}
          </button>
        </div>
      </Form>
    </section>
  );
}

export function CredentialForm({
  data,
  id,
  kind: newKind,
  base,
  actionData,
  target = {},
}: {
  data: NpnRecordsData;
  id: string;
  kind: CredentialKind | null;
  base: string;
  actionData?: LicencesActionData;
  target?: FormTarget;
}) {
  const current = id === "new" ? null : (data.records.credentials.find((c) => c.id === id) ?? null);
  const kind: CredentialKind = current?.kind ?? newKind ?? "EO";
  const [form, typed] = useForm({
    id: "credential-form",
    lastResult: actionData?.form === "credential" ? actionData.reply : null,
    defaultValue: current
      ? {
          kind,
          provider: current.provider ?? "",
          policyNumber: current.policyNumber ?? "",
          coverageLimit: current.coverageLimit ?? "",
          courseName: current.courseName ?? "",
          effectiveDate: current.effectiveDate ?? "",
          validMonths: current.validMonths != null ? String(current.validMonths) : "",
          expiryDate: current.validMonths != null ? "" : (current.expiryDate ?? ""),
        }
      : { kind },
    ...CHECK_WHEN_SENT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: credentialSchema }),
  });
  // The fields of every kind, and the certificate (not in the schema: its message comes from the server).
  const fields = typed as unknown as Record<string, typeof typed.provider>;
  if (id !== "new" && !current) return null;
  const eo = kind === "EO";
  const labels = { ...CREDENTIAL_FIELD_LABELS, effectiveDate: eo ? CREDENTIAL_FIELD_LABELS.effectiveDate : COMPLETION_DATE_LABEL, provider: eo ? "Insurance carrier" : "Provider" };
  const wrong = Object.keys(CREDENTIAL_FIELD_LABELS).filter((k) => fields[k]?.errors?.length);
  const certificateId = fieldDomId("certificate");
  const certificateErrors = fields.certificate?.errors ?? [];
  return (
    <section className="card" aria-labelledby="credential-form-title">
      <h2 id="credential-form-title">{current ? `${S.editCredential}: ${CREDENTIAL_LABEL[kind]}` : S.addCredential(kind)}</h2>
      <Refused names={wrong} labels={labels} />
      <Form method="post" action={target.action} encType="multipart/form-data" {...getFormProps(form)} className="form stack">
        <input type="hidden" name="intent" value="credential" />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="kind" value={kind} />
        <TextField meta={fields.provider} label={labels.provider} />
        {eo ? (
          <>
            <TextField meta={fields.policyNumber} label={labels.policyNumber} required />
            <TextField meta={fields.coverageLimit} label={labels.coverageLimit} numeric hint="In dollars, e.g. 1000000." />
            <TextField meta={fields.effectiveDate} label={labels.effectiveDate} type="date" />
            <TextField meta={fields.expiryDate} label={labels.expiryDate} type="date" required />
          </>
        ) : (
          <>
            <TextField meta={fields.courseName} label={labels.courseName} required={kind === "PRODUCT_TRAINING"} />
            <TextField meta={fields.effectiveDate} label={labels.effectiveDate} type="date" required />
            <TextField meta={fields.validMonths} label={labels.validMonths} numeric hint="Or enter the expiry date below." />
            <TextField meta={fields.expiryDate} label={labels.expiryDate} type="date" />
          </>
        )}
        <div className={`field${certificateErrors.length ? " field--invalid" : ""}`}>
          <label htmlFor={certificateId}>{S.certificate}</label>
          <span className="field__hint" id={`${certificateId}-hint`}>
            {S.certificateHint}
          </span>
          <input
            id={certificateId}
            name="certificate"
            type="file"
            accept="application/pdf,.pdf"
            aria-invalid={certificateErrors.length ? true : undefined}
            aria-describedby={[certificateErrors.length ? `${certificateId}-error` : null, `${certificateId}-hint`].filter(Boolean).join(" ")}
          />
          <p className="field__error" id={`${certificateId}-error`} aria-live="polite">
            {certificateErrors.join(" ")}
          </p>
        </div>
        <div className="wizard__actions">
          <Link to={target.cancelTo ?? base} className="btn btn--secondary">
            {S.cancel}
          </Link>
          <button type="submit" className="btn btn--primary">
            {S.save}
          </button>
        </div>
      </Form>
    </section>
  );
}
