// The read side of the licence screens (decision 0069): the standing of the NPN's positions, the
// licences and the credentials as tables, each row with its change and delete actions in 'edit' mode.
import type { NpnRecordsData } from "./NpnRecords";
import { Form, Link } from "@remix-run/react";
import { CardTable, LongText } from "~/components/CardTable";
import { formatDate } from "~/lib/format";
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
/**
 * A calendar day as every screen shows it, MM/DD/YYYY (~/lib/format), that may break before its year
 * when the ten columns are tight (ISO dates broke at their hyphens; these would widen the table).
 */
function Day({ d, none = S.none }: { d: string | null | undefined; none?: string }) {
  if (!d) return <>{none}</>;
  const shown = formatDate(d);
  return (
    <>
      {shown.slice(0, 6)}
      <wbr />
      {shown.slice(6)}
    </>
  );
}
const day = (d: string | null | undefined) => <Day d={d} />;
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

/** 'expiring 01/31/2027', or 'to confirm' for a certificate from the application. */
export const expiring = (d: string | null) => (d ? `expiring ${formatDate(d)}` : TO_CONFIRM.toLowerCase());

export function LicenceTable({ data, base }: { data: NpnRecordsData; base: string }) {
  const edit = data.mode === "edit";
  if (data.records.licences.length === 0) return <p className="muted">{S.licencesNone}</p>;
  type License = NpnRecordsData["records"]["licences"][number];
  return (
    <CardTable<License>
      label={S.licencesTable}
      className="lic-table"
      rows={data.records.licences}
      rowKey={(l) => l.id}
      columns={[
        { header: "State", rowHeader: true, cell: (l) => stateName(l.stateCode) },
        { header: "Number", cell: (l) => <LongText text={dash(l.licenceNumber)} /> },
        { header: "Class", cell: (l) => l.licenceClass },
        { header: "Resident", cell: (l) => (l.isResident ? "Yes" : "No") },
        { header: "Lines of authority", cell: (l) => dash(lines(l)) },
        { header: "Effective", cell: (l) => day(l.effectiveDate) },
        { header: "Expiry", cell: (l) => <Day d={l.expiryDate} none="Perpetual" /> },
        {
          header: "Status",
          cell: (l) => (
            <>
              {l.status === "ACTIVE" ? "Active" : "Inactive"} <ExpiryBadge state={expiryState(l.expiryDate, data.today)} />
            </>
          ),
        },
        { header: "Source", cell: (l) => SOURCE_LABEL[l.source] },
        edit && {
          header: "Actions",
          cell: (l) => (
            <div className="lic-actions">
              <Link to={`${base}?licence=${l.id}#licence-form`} className="btn btn--secondary btn--small" aria-label={`Change the license for ${stateName(l.stateCode)}`}>
                Change
              </Link>
              <DeleteButton kind="licence" id={l.id} label={`Delete the license for ${stateName(l.stateCode)}`} />
            </div>
          ),
        },
      ]}
    />
  );
}

export function CredentialTable({ data, base }: { data: NpnRecordsData; base: string }) {
  const edit = data.mode === "edit";
  if (data.records.credentials.length === 0) return <p className="muted">{S.credentialsNone}</p>;
  type Credential = NpnRecordsData["records"]["credentials"][number];
  return (
    <CardTable<Credential>
      label={S.credentialsTable}
      className="lic-table"
      rows={data.records.credentials}
      rowKey={(c) => c.id}
      columns={[
        { header: "Kind", rowHeader: true, cell: (c) => CREDENTIAL_LABEL[c.kind] },
        { header: "Provider", cell: (c) => <LongText text={dash(c.provider)} /> },
        { header: "Policy or course", cell: (c) => <LongText text={dash(c.kind === "EO" ? c.policyNumber : c.courseName)} /> },
        { header: "Limit", cell: (c) => (c.kind === "EO" ? money(c.coverageLimit) : S.none) },
        { header: "Effective or completed", cell: (c) => day(c.effectiveDate) },
        { header: "Expiry", cell: (c) => <Day d={c.expiryDate} none={TO_CONFIRM} /> },
        { header: "State", cell: (c) => (c.expiryDate ? <ExpiryBadge state={expiryState(c.expiryDate, data.today)} /> : <ToConfirmBadge />) },
        {
          header: "Certificate",
          cell: (c) =>
            c.storedFile ? (
              <a href={`/licences/${encodeURIComponent(data.npn)}/certificates/${c.id}`} download aria-label={`${S.certificateLink}: ${c.storedFile.fileName}`}>
                {S.certificateLink}
              </a>
            ) : (
              S.none
            ),
        },
        { header: "Source", cell: (c) => SOURCE_LABEL[c.source] },
        edit && {
          header: "Actions",
          cell: (c) => (
            <div className="lic-actions">
              <Link to={`${base}?credential=${c.id}#credential-form`} className="btn btn--secondary btn--small" aria-label={`Change the ${CREDENTIAL_LABEL[c.kind]} ${expiring(c.expiryDate)}`}>
                Change
              </Link>
              <DeleteButton kind="credential" id={c.id} label={`Delete the ${CREDENTIAL_LABEL[c.kind]} ${expiring(c.expiryDate)}`} />
            </div>
          ),
        },
      ]}
    />
  );
}

/** 'Missing or Invalid' with the fields whose message shows next to them. */
