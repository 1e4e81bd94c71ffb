// The compliance view's table (issue 23 item 5, decision 0073): one row per agent position with its
// hierarchy, NPN (to its licences), standing and reasons, and the next expiry with its state today.
import { Link } from "@remix-run/react";
import { CardTable } from "~/components/CardTable";
import { agentName } from "~/features/agents/format";
import { formatDate } from "~/lib/format";
import type { ComplianceRow } from "../compliance-view.server";
import { EXPIRY_LABEL, reasonText, STANDING_LABEL } from "../messages";
import { expiryState, type Day } from "../status";

const dayText = (d: string) => formatDate(`${d}T00:00:00Z`);

export function ComplianceTable({ rows, today }: { rows: ComplianceRow[]; today: Day }) {
  return (
    <CardTable<ComplianceRow>
      label="Agents and their standing"
      testId="compliance-table"
      rows={rows}
      rowKey={(r) => r.agentId}
      rowProps={(r) => ({ "data-agent-number": r.agentNumber })}
      columns={[
        {
          header: "Agent",
          cell: (r) => {
            const name = agentName(r) || r.agentNumber;
            return (
              <>
                {r.via != null ? <Link to={`/agent?h=${r.via}&agentNumber=${encodeURIComponent(r.agentNumber)}`}>{name}</Link> : name}
                <br />
                <span className="muted">Agent {r.agentNumber}</span>
              </>
            );
          },
        },
        {
          header: "Hierarchy",
          cell: (r) => (
            <>
              {r.carrierCode} / {r.blockNumber}
            </>
          ),
        },
        {
          header: "NPN",
          cell: (r) => (r.npn ? <Link to={`/licences/${encodeURIComponent(r.npn)}`} aria-label={`Licenses and credentials of NPN ${r.npn}`}>{r.npn}</Link> : "—"),
        },
        {
          header: "Standing",
          cell: (r) => (
            <>
              <strong>{STANDING_LABEL[r.standing]}</strong>
              {r.reasons.length ? (
                <ul className="compliance-reasons">
                  {r.reasons.map((x, i) => (
                    <li key={i}>{reasonText(x)}</li>
                  ))}
                </ul>
              ) : null}
            </>
          ),
        },
        {
          header: "Next expiry",
          cell: (r) =>
            r.nextExpiry ? (
              <>
                {dayText(r.nextExpiry)}
                <br />
                <span className="muted">{EXPIRY_LABEL[expiryState(r.nextExpiry, today)]}</span>
              </>
            ) : (
              "—"
            ),
        },
      ]}
    />
  );
}
