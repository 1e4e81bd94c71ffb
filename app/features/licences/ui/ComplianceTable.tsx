// The compliance view's table (issue 23 item 5, decision 0073): one row per agent position with its
// hierarchy, NPN (to its licences), standing and reasons, and the next expiry with its state today.
import { Link } from "@remix-run/react";
import { agentName } from "~/features/agents/format";
import { formatDate } from "~/lib/format";
import type { ComplianceRow } from "../compliance-view.server";
import { EXPIRY_LABEL, reasonText, STANDING_LABEL } from "../messages";
import { expiryState, type Day } from "../status";

const dayText = (d: string) => formatDate(`${d}T00:00:00Z`);

export function ComplianceTable({ rows, today }: { rows: ComplianceRow[]; today: Day }) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Agents and their standing">
      <table className="table" data-testid="compliance-table">
        <thead>
          <tr>
            <th scope="col">Agent</th>
            <th scope="col">Hierarchy</th>
            <th scope="col">NPN</th>
            <th scope="col">Standing</th>
            <th scope="col">Next expiry</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const name = agentName(r) || r.agentNumber;
            return (
              <tr key={r.agentId} data-agent-number={r.agentNumber}>
                <td>
                  {r.via != null ? <Link to={`/agent?h=${r.via}&agentNumber=${encodeURIComponent(r.agentNumber)}`}>{name}</Link> : name}
                  <br />
                  <span className="muted">Agent {r.agentNumber}</span>
                </td>
                <td>
                  {r.carrierCode} / {r.blockNumber}
                </td>
                <td>{r.npn ? <Link to={`/licences/${encodeURIComponent(r.npn)}`} aria-label={`Licences and credentials of NPN ${r.npn}`}>{r.npn}</Link> : "—"}</td>
                <td>
                  <strong>{STANDING_LABEL[r.standing]}</strong>
                  {r.reasons.length ? (
                    <ul className="compliance-reasons">
                      {r.reasons.map((x, i) => (
                        <li key={i}>{reasonText(x)}</li>
                      ))}
                    </ul>
                  ) : null}
                </td>
                <td>
                  {r.nextExpiry ? (
                    <>
                      {dayText(r.nextExpiry)}
                      <br />
                      <span className="muted">{EXPIRY_LABEL[expiryState(r.nextExpiry, today)]}</span>
                    </>
                  ) : (
                    "—"
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
