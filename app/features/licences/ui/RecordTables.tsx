// The read side of the licence screens (decision 0069): the standing of the NPN's positions, the
// licences and the credentials as tables, each row with its change and delete actions in 'edit' mode.
import type { NpnRecordsData } from "./NpnRecords";
import { Form, Link } from "@remix-run/react";
import { CREDENTIAL_LABEL, LINE_LABEL, reasonText, SOURCE_LABEL, stateName, TO_CONFIRM } from "../messages";
import { LICENCE_SCREEN as S } from "../screen-messages";
import { ExpiryBadge, StandingBadge, ToConfirmBadge } from "../badges";
import { expiryState } from "../status";

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
/** 'expiring 2027-01-31', or 'to confirm' for a certificate from the application. */
export const expiring = (d: string | null) => (d ? `expiring ${d}` : TO_CONFIRM.toLowerCase());
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
              <td>{c.expiryDate ?? TO_CONFIRM}</td>
              <td>{c.expiryDate ? <ExpiryBadge state={expiryState(c.expiryDate, data.today)} /> : <ToConfirmBadge />}</td>
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
                    <Link to={`${base}?credential=${c.id}#credential-form`} className="btn btn--secondary btn--small" aria-label={`Change the ${CREDENTIAL_LABEL[c.kind]} ${expiring(c.expiryDate)}`}>
                      Change
                    </Link>
                    <DeleteButton kind="credential" id={c.id} label={`Delete the ${CREDENTIAL_LABEL[c.kind]} ${expiring(c.expiryDate)}`} />
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
