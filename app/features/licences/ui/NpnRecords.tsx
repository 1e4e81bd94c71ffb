// The one set of components of the licence and credential screens (issue 23 items 1 and 2; decision
// 0069), shared by /licences (the user's own NPN) and /licences/:npn (administrator, producer,
// upline read-only): the standing of the NPN's positions, the licences, the credentials, and in
// 'edit' mode the forms. The forms work without JavaScript: which form is open is in the address
// (?licence=new|<id>, ?credential=new&kind=EO|AML|PRODUCT_TRAINING or ?credential=<id>), so the
// credential form's fields follow its kind without a script; a refused save comes back with the
// message next to the field and what was typed.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { Banner } from "~/components/Banner";
import { CheckboxField, CHECK_WHEN_SENT, fieldDomId, SelectField, TextField } from "~/components/form/fields";
import { CREDENTIAL_LABEL, LICENCE_STATES, LINE_LABEL, reasonText, SOURCE_LABEL, stateName } from "../messages";
import { credentialSchema, licenceSchema } from "../schema";
import { COMPLETION_DATE_LABEL, CREDENTIAL_FIELD_LABELS, LICENCE_FIELD_LABELS, LICENCE_SCREEN as S } from "../screen-messages";
import { ExpiryBadge, StandingBadge } from "../badges";
import { CREDENTIAL_KINDS, expiryState, type CredentialKind, type Day, type Reason, type RecordSource, type Standing } from "../status";

/** What the loader gives the page (JSON: dates as days). */
export type NpnRecordsData = {
  npn: string;
  mode: "edit" | "read";
  today: Day;
  positions: Array<{ agentId: number; agentNumber: string; carrier: string; standing: Standing; reasons: Reason[]; nextExpiry: Day | null }>;
  records: {
    licences: Array<{
      id: string;
      stateCode: string;
      licenceNumber: string | null;
      licenceClass: string;
      isResident: boolean;
      loaLife: boolean;
      loaAccidentHealth: boolean;
      loaVariable: boolean;
      effectiveDate: Day | null;
      expiryDate: Day | null;
      status: string;
      source: RecordSource;
    }>;
    credentials: Array<{
      id: string;
      kind: CredentialKind;
      provider: string | null;
      policyNumber: string | null;
      coverageLimit: string | null;
      courseName: string | null;
      effectiveDate: Day | null;
      validMonths: number | null;
      expiryDate: Day;
      source: RecordSource;
      storedFile: { id: string; fileName: string; byteSize: number } | null;
    }>;
  };
};

export type LicencesActionData = { form: "licence" | "credential"; reply: SubmissionResult<string[]>; outcome: "invalid" | "failed" };

/** Which form is open, from the address. */
export type OpenForm = { licence: string | null; credential: string | null; kind: CredentialKind | null };

export function openFormOf(search: URLSearchParams): OpenForm {
  const id = (v: string | null) => (v && (v === "new" || /^[0-9a-f-]{36}$/i.test(v)) ? v : null);
  const kind = search.get("kind");
  return { licence: id(search.get("licence")), credential: id(search.get("credential")), kind: (CREDENTIAL_KINDS as readonly string[]).includes(kind ?? "") ? (kind as CredentialKind) : null };
}

/** The standing of each position and why (reasonText). */
export function StandingList({ positions }: { positions: NpnRecordsData["positions"] }) {
  if (positions.length === 0) return <p className="muted">{S.standingNone}</p>;
  return (
    <ul className="lic-standings">
      {positions.map((p) => (
        <li key={p.agentId}>
          <span className="lic-standings__who">{S.positionLabel(p.agentNumber, p.carrier)}</span> <StandingBadge standing={p.standing} />
          {p.reasons.length ? (
            <ul className="lic-reasons">
              {p.reasons.map((r, i) => (
                <li key={i}>{reasonText(r)}</li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

const dash = (v: string | null | undefined) => (v ? v : S.none);
const lines = (l: { loaLife: boolean; loaAccidentHealth: boolean; loaVariable: boolean }) =>
  [l.loaLife ? LINE_LABEL.LIFE : null, l.loaAccidentHealth ? LINE_LABEL.ACCIDENT_HEALTH : null, l.loaVariable ? LINE_LABEL.VARIABLE : null].filter(Boolean).join(", ");
const money = (v: string | null) => (v ? `$${Number(v).toLocaleString("en-US")}` : S.none);

function DeleteButton({ kind, id, label }: { kind: "licence" | "credential"; id: string; label: string }) {
  return (
    <Form method="post" className="lic-inline-form">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="btn btn--secondary btn--small" aria-label={label}>
        {S.delete}
      </button>
    </Form>
  );
}

export function LicenceTable({ data, base }: { data: NpnRecordsData; base: string }) {
  const edit = data.mode === "edit";
  if (data.records.licences.length === 0) return <p className="muted">{S.licencesNone}</p>;
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={S.licencesTable}>
      <table className="table lic-table">
        <thead>
          <tr>
            <th scope="col">State</th>
            <th scope="col">Number</th>
            <th scope="col">Class</th>
            <th scope="col">Resident</th>
            <th scope="col">Lines of authority</th>
            <th scope="col">Effective</th>
            <th scope="col">Expiry</th>
            <th scope="col">Status</th>
            <th scope="col">Source</th>
            {edit ? <th scope="col">Actions</th> : null}
          </tr>
        </thead>
        <tbody>
          {data.records.licences.map((l) => (
            <tr key={l.id}>
              <th scope="row">{stateName(l.stateCode)}</th>
              <td>{dash(l.licenceNumber)}</td>
              <td>{l.licenceClass}</td>
              <td>{l.isResident ? "Yes" : "No"}</td>
              <td>{dash(lines(l))}</td>
              <td>{dash(l.effectiveDate)}</td>
              <td>{l.expiryDate ?? "Perpetual"}</td>
              <td>
                {l.status === "ACTIVE" ? "Active" : "Inactive"} <ExpiryBadge state={expiryState(l.expiryDate, data.today)} />
              </td>
              <td>{SOURCE_LABEL[l.source]}</td>
              {edit ? (
                <td>
                  <div className="lic-actions">
                    <Link to={`${base}?licence=${l.id}#licence-form`} className="btn btn--secondary btn--small" aria-label={`Change the licence for ${stateName(l.stateCode)}`}>
                      Change
                    </Link>
                    <DeleteButton kind="licence" id={l.id} label={`Delete the licence for ${stateName(l.stateCode)}`} />
                  </div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function CredentialTable({ data, base }: { data: NpnRecordsData; base: string }) {
  const edit = data.mode === "edit";
  if (data.records.credentials.length === 0) return <p className="muted">{S.credentialsNone}</p>;
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={S.credentialsTable}>
      <table className="table lic-table">
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">Provider</th>
            <th scope="col">Policy or course</th>
            <th scope="col">Limit</th>
            <th scope="col">Effective or completed</th>
            <th scope="col">Expiry</th>
            <th scope="col">State</th>
            <th scope="col">Certificate</th>
            <th scope="col">Source</th>
            {edit ? <th scope="col">Actions</th> : null}
          </tr>
        </thead>
        <tbody>
          {data.records.credentials.map((c) => (
            <tr key={c.id}>
              <th scope="row">{CREDENTIAL_LABEL[c.kind]}</th>
              <td>{dash(c.provider)}</td>
              <td>{dash(c.kind === "EO" ? c.policyNumber : c.courseName)}</td>
              <td>{c.kind === "EO" ? money(c.coverageLimit) : S.none}</td>
              <td>{dash(c.effectiveDate)}</td>
              <td>{c.expiryDate}</td>
              <td>
                <ExpiryBadge state={expiryState(c.expiryDate, data.today)} />
              </td>
              <td>
                {c.storedFile ? (
                  <a href={`/licences/${encodeURIComponent(data.npn)}/certificates/${c.id}`} download aria-label={`${S.certificateLink}: ${c.storedFile.fileName}`}>
                    {S.certificateLink}
                  </a>
                ) : (
                  S.none
                )}
              </td>
              <td>{SOURCE_LABEL[c.source]}</td>
              {edit ? (
                <td>
                  <div className="lic-actions">
                    <Link to={`${base}?credential=${c.id}#credential-form`} className="btn btn--secondary btn--small" aria-label={`Change the ${CREDENTIAL_LABEL[c.kind]} expiring ${c.expiryDate}`}>
                      Change
                    </Link>
                    <DeleteButton kind="credential" id={c.id} label={`Delete the ${CREDENTIAL_LABEL[c.kind]} expiring ${c.expiryDate}`} />
                  </div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 'Missing or Invalid' with the fields whose message shows next to them. */
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

export function LicenceForm({ data, id, base, actionData }: { data: NpnRecordsData; id: string; base: string; actionData?: LicencesActionData }) {
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
      : { status: "ACTIVE" },
    ...CHECK_WHEN_SENT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: licenceSchema }),
  });
  if (id !== "new" && !current) return null;
  const wrong = Object.keys(LICENCE_FIELD_LABELS).filter((k) => fields[k as keyof typeof fields]?.errors?.length);
  return (
    <section className="card" aria-labelledby="licence-form-title">
      <h2 id="licence-form-title">{current ? `${S.editLicence}: ${stateName(current.stateCode)}` : S.addLicence}</h2>
      <Refused names={wrong} labels={LICENCE_FIELD_LABELS} />
      <Form method="post" {...getFormProps(form)} className="form stack">
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
        <TextField meta={fields.expiryDate} label={LICENCE_FIELD_LABELS.expiryDate} type="date" hint="Leave empty for a perpetual licence." />
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
          <Link to={base} className="btn btn--secondary">
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
}: {
  data: NpnRecordsData;
  id: string;
  kind: CredentialKind | null;
  base: string;
  actionData?: LicencesActionData;
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
          expiryDate: current.validMonths != null ? "" : current.expiryDate,
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
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="form stack">
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
          <Link to={base} className="btn btn--secondary">
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

/** The whole page body of one NPN: flash, standing, licences, credentials and, in 'edit' mode, the add links and the open form. */
export function NpnRecords({
  data,
  base,
  open,
  flash,
  actionData,
}: {
  data: NpnRecordsData;
  base: string;
  open: OpenForm;
  flash: string | null;
  actionData?: LicencesActionData;
}) {
  const edit = data.mode === "edit";
  return (
    <>
      {flash ? (
        <Banner variant="success" title={S.savedTitle}>
          <p>{flash}</p>
        </Banner>
      ) : null}
      {!edit ? (
        <Banner variant="info" role="note">
          <p>{S.readOnly}</p>
        </Banner>
      ) : null}
      <section className="card" aria-labelledby="lic-standing-title">
        <h2 id="lic-standing-title">{S.standingTitle}</h2>
        <StandingList positions={data.positions} />
      </section>
      <section className="card" aria-labelledby="lic-licences-title">
        <h2 id="lic-licences-title">{S.licencesTitle}</h2>
        <LicenceTable data={data} base={base} />
        {edit ? (
          <p className="btn-row">
            <Link to={`${base}?licence=new#licence-form`} className="btn btn--secondary btn--small">
              {S.addLicence}
            </Link>
          </p>
        ) : null}
      </section>
      {edit && open.licence ? <LicenceForm key={`licence-${open.licence}`} data={data} id={open.licence} base={base} actionData={actionData} /> : null}
      <section className="card" aria-labelledby="lic-credentials-title">
        <h2 id="lic-credentials-title">{S.credentialsTitle}</h2>
        <CredentialTable data={data} base={base} />
        {edit ? (
          <p className="btn-row">
            {CREDENTIAL_KINDS.map((k) => (
              <Link key={k} to={`${base}?credential=new&kind=${k}#credential-form`} className="btn btn--secondary btn--small">
                {S.addCredential(k)}
              </Link>
            ))}
          </p>
        ) : null}
      </section>
      {edit && open.credential ? (
        <CredentialForm key={`credential-${open.credential}-${open.kind ?? ""}`} data={data} id={open.credential} kind={open.kind} base={base} actionData={actionData} />
      ) : null}
    </>
  );
}
