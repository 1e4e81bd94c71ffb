// The applicant's licences on the review screen (issue 23 item 4, decision 0070): the NPN, each
// state the application asks for with its licence (number, lines, expiry, its state on the day,
// who entered it: 'Entered by the agent' matters to an administrator) or what is missing, and what
// an approval would lack (the approval's own check: licenceCheck). A link to the NPN's records.
import { Link } from "@remix-run/react";
import { EXPIRY_LABEL, LINE_LABEL, reasonText, SOURCE_LABEL, stateName } from "~/features/licences/messages";
import type { LicenceCheck } from "~/features/licences/rules.server";
import { expiryState, hasLine, LINES_OF_AUTHORITY, type Day } from "~/features/licences/status";

export function LicencePanel({ check, today }: { check: LicenceCheck; today: Day }) {
  const { npn, states, lines, licences, problems } = check;
  const needed = lines.filter((l) => l != null);
  return (
    <section className="card licence-panel" aria-labelledby="review-licences-title" data-testid="licence-panel">
      <h2 id="review-licences-title" className="card__title">
        Licences
      </h2>
      <dl className="licence-panel__facts">
        <dt>National Producer Number (NPN)</dt>
        <dd data-testid="licence-npn">{npn ?? "—"}</dd>
        <dt>Lines of authority needed</dt>
        <dd>{needed.length ? needed.map((l) => LINE_LABEL[l]).join(", ") : "Any"}</dd>
      </dl>
      {npn ? (
        <p>
          <Link to={`/licences/${encodeURIComponent(npn)}`}>All licences and credentials of NPN {npn}</Link>
        </p>
      ) : null}
      {problems.length ? (
        <div className="licence-panel__problems" data-testid="licence-problems">
          <p className="licence-panel__warning">This application cannot be approved until:</p>
          <ul>
            {problems.map((p, i) => (
              <li key={`${p.code}-${p.stateCode ?? ""}-${p.line ?? ""}-${i}`}>{reasonText(p)}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p data-testid="licence-ok">The licences on record cover every state and line of authority this application asks for.</p>
      )}
      {states.length ? (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Licences by state">
          <table className="table table--cards">
            <thead>
              <tr>
                <th scope="col">State</th>
                <th scope="col">Licence</th>
                <th scope="col">Lines</th>
                <th scope="col">Expires</th>
                <th scope="col">Status</th>
                <th scope="col">Source</th>
              </tr>
            </thead>
            <tbody>
              {states.map((s) => {
                const l = licences.find((x) => x.stateCode === s);
                if (!l) {
                  return (
                    <tr key={s}>
                      <th scope="row">{stateName(s)}</th>
                      <td colSpan={5} data-label="Licence">No licence on record</td>
                    </tr>
                  );
                }
                return (
                  <tr key={s}>
                    <th scope="row">{stateName(s)}</th>
                    <td data-label="Licence">
                      {l.licenceNumber ?? "—"}
                      {l.isResident ? " (resident)" : ""}
                      {l.status !== "ACTIVE" ? " — inactive" : ""}
                    </td>
                    <td data-label="Lines">{LINES_OF_AUTHORITY.filter((x) => hasLine(l, x)).map((x) => LINE_LABEL[x]).join(", ") || "—"}</td>
                    <td data-label="Expires">{l.expiryDate ?? "No expiry"}</td>
                    <td data-label="Status">{EXPIRY_LABEL[expiryState(l.expiryDate, today)]}</td>
                    <td data-label="Source">{SOURCE_LABEL[l.source] ?? l.source}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <p>The application asks for no state.</p>
      )}
    </section>
  );
}
