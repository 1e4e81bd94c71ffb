// The applicant's licences on the review screen (issue 23 item 4, decision 0070): the NPN, each
// state the application asks for with its licence (number, lines, expiry, its state on the day,
// who entered it: 'Entered by the agent' matters to an administrator) or what is missing, and what
// an approval would lack (the approval's own check: licenceCheck). A link to the NPN's records.
// While the application awaits approval each problem links to the licence screens' own form, opened
// on this screen (?licence=…, ?credential=…) with the applicant's values; saved, it comes back here
// (decision 0098).
import { formatDate } from "~/lib/format";
import { Link } from "@remix-run/react";
import { ToConfirmBadge } from "~/features/licences/badges";
import { CERTIFICATE_LABEL, EXPIRY_LABEL, LINE_LABEL, reasonText, SOURCE_LABEL, stateName, TO_CONFIRM } from "~/features/licences/messages";
import { withReturn } from "~/features/licences/return-path";
import type { LicenceCheck } from "~/features/licences/rules.server";
import { expiryState, hasLine, isToConfirm, LINES_OF_AUTHORITY, type Day, type Reason } from "~/features/licences/status";
import { REVIEW_MESSAGES as M } from "../messages";

/** The link that resolves a problem on the review screen `review` (null: nothing to do here, e.g. no NPN). */
export function fixOf(p: Reason, review: string): { href: string; label: string } | null {
  const st = p.stateCode ? stateName(p.stateCode) : "";
  if (p.code === "LICENCE_MISSING" && p.stateCode) return { href: `${review}?licence=new&state=${p.stateCode}#licence-form`, label: M.addLicence(st) };
  if (p.code === "CREDENTIAL_TO_CONFIRM" && p.subjectId) return { href: `${review}?credential=${p.subjectId}#credential-form`, label: M.confirmCertificate(p.kind ? CERTIFICATE_LABEL[p.kind] : "certificate") };
  if (p.subjectId && p.stateCode) return { href: `${review}?licence=${p.subjectId}#licence-form`, label: M.confirmLicence(st) };
  return null;
}

export function LicencePanel({ check, today, review }: { check: LicenceCheck; today: Day; /** The review path, while the application awaits approval. */ review: string | null }) {
  const { npn, states, lines, licences, problems } = check;
  const needed = lines.filter((l) => l != null);
  return (
    <section className="card licence-panel" aria-labelledby="review-licences-title" data-testid="licence-panel">
      <h2 id="review-licences-title" className="card__title">
        Licenses
      </h2>
      <dl className="licence-panel__facts">
        <dt>National Producer Number (NPN)</dt>
        <dd data-testid="licence-npn">{npn ?? "—"}</dd>
        <dt>Lines of authority needed</dt>
        <dd>{needed.length ? needed.map((l) => LINE_LABEL[l]).join(", ") : "Any"}</dd>
      </dl>
      {npn ? (
        <p>
          <Link to={withReturn(`/licences/${encodeURIComponent(npn)}`, review)}>All licenses and credentials of NPN {npn}</Link>
        </p>
      ) : null}
      {problems.length ? (
        <div className="licence-panel__problems" data-testid="licence-problems">
          <p className="licence-panel__warning">This application cannot be approved until:</p>
          <ul>
            {problems.map((p, i) => {
              const fix = review ? fixOf(p, review) : null;
              return (
                <li key={`${p.code}-${p.stateCode ?? ""}-${p.line ?? ""}-${i}`}>
                  {reasonText(p)}
                  {fix ? (
                    <>
                      {" "}
                      <Link to={fix.href} preventScrollReset>
                        {fix.label}
                      </Link>
                    </>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      ) : (
        <p data-testid="licence-ok">The licenses on record cover every state and line of authority this application asks for.</p>
      )}
      {states.length ? (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Licenses by state">
          <table className="table table--cards">
            <thead>
              <tr>
                <th scope="col">State</th>
                <th scope="col">License</th>
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
                      <td colSpan={5} data-label="License">No license on record</td>
                    </tr>
                  );
                }
                return (
                  <tr key={s}>
                    <th scope="row">{stateName(s)}</th>
                    <td data-label="License">
                      {l.licenceNumber ?? "—"}
                      {l.isResident ? " (resident)" : ""}
                      {l.status !== "ACTIVE" ? " — inactive" : ""}
                    </td>
                    <td data-label="Lines">{LINES_OF_AUTHORITY.filter((x) => hasLine(l, x)).map((x) => LINE_LABEL[x]).join(", ") || "—"}</td>
                    {/* The applicant gave no dates: nothing about its expiry or state is known yet. */}
                    <td data-label="Expires">{isToConfirm(l) ? TO_CONFIRM : l.expiryDate ? formatDate(l.expiryDate) : "No expiry"}</td>
                    <td data-label="Status">{isToConfirm(l) ? <ToConfirmBadge /> : EXPIRY_LABEL[expiryState(l.expiryDate, today)]}</td>
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
