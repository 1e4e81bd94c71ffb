// The one set of components of the licence and credential screens (issue 23 items 1 and 2; decision
// 0069), shared by /licences (the user's own NPN) and /licences/:npn (administrator, producer,
// upline read-only): the standing of the NPN's positions, the licences, the credentials, and in
// 'edit' mode the forms. The forms work without JavaScript: which form is open is in the address
// (?licence=new|<id>, ?credential=new&kind=EO|AML|PRODUCT_TRAINING or ?credential=<id>), so the
// credential form's fields follow its kind without a script; a refused save comes back with the
// message next to the field and what was typed.
// Its parts: RecordTables.tsx (standing, licences, credentials) and RecordForms.tsx (the two forms).
import { type SubmissionResult } from "@conform-to/react";
import { Link, useNavigation } from "@remix-run/react";
import { Banner } from "~/components/Banner";
import { Notice } from "~/components/Notice";
import { ConfirmStep } from "~/components/ConfirmStep";
import { CREDENTIAL_LABEL, stateName } from "../messages";
import { LICENCE_SCREEN as S } from "../screen-messages";
import { CREDENTIAL_KINDS, type CredentialKind, type Day, type Reason, type RecordSource, type Standing } from "../status";
import { CredentialForm, LicenceForm } from "./RecordForms";
import { CredentialTable, LicenceTable, StandingList } from "./RecordTables";

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
      /** Null: a certificate from the application, its expiry to confirm (decision 0098). */
      expiryDate: Day | null;
      source: RecordSource;
      storedFile: { id: string; fileName: string; byteSize: number } | null;
    }>;
  };
};

export type LicencesActionData =
  | { form: "licence" | "credential"; reply: SubmissionResult<string[]>; outcome: "invalid" | "failed" }
  /** A delete's first POST: the page asks before the record goes. */
  | { form: "delete"; kind: "licence" | "credential"; id: string };

/** Which form is open, from the address. */
export type OpenForm = { licence: string | null; credential: string | null; kind: CredentialKind | null };

export function openFormOf(search: URLSearchParams): OpenForm {
  const id = (v: string | null) => (v && (v === "new" || /^[0-9a-f-]{36}$/i.test(v)) ? v : null);
  const kind = search.get("kind");
  return { licence: id(search.get("licence")), credential: id(search.get("credential")), kind: (CREDENTIAL_KINDS as readonly string[]).includes(kind ?? "") ? (kind as CredentialKind) : null };
}

/** The standing of each position and why (reasonText). */
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
  const busy = useNavigation().state !== "idle";
  const deleting = edit && actionData?.form === "delete" ? describeDelete(data, actionData.kind, actionData.id) : null;
  return (
    <>
      {deleting && actionData?.form === "delete" ? (
        <section className="card" aria-label={S.deleteRegion}>
          <ConfirmStep
            id="lic-delete-heading"
            level={2}
            heading={deleting.heading}
            text={S.deleteText}
            intent="delete"
            fields={{ kind: actionData.kind, id: actionData.id }}
            yes={S.deleteYes}
            no={S.deleteNo}
            backTo={base}
            busy={busy}
          />
        </section>
      ) : null}
      {flash ? (
        <Notice title={S.savedTitle} message={flash} />
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

/** The record a delete's first POST named, in words; null when it is no longer on the page. */
function describeDelete(data: NpnRecordsData, kind: "licence" | "credential", id: string): { heading: string } | null {
  if (kind === "licence") {
    const l = data.records.licences.find((r) => r.id === id);
    return l ? { heading: S.deleteLicence(stateName(l.stateCode), l.licenceNumber) } : null;
  }
  const c = data.records.credentials.find((r) => r.id === id);
  return c ? { heading: S.deleteCredential(CREDENTIAL_LABEL[c.kind], c.expiryDate) } : null;
}
