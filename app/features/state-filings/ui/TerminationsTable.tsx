// ADMIN > State Filings > Terminations: the list (decision 0118), each row linking to its actions
// and, for cause, its case (?termination=<id>, the filters kept). The Due column says how overdue,
// as the appointments' does (dueText).
import { Link } from "@remix-run/react";
import { CardTable } from "~/components/CardTable";
import { formatDate } from "~/lib/format";
import { TERMINATION_SCREEN_MESSAGES as M, TERMINATION_STATUS_LABELS } from "../termination-board";
import type { TerminationView } from "../termination-board.server";
import { AgentCell, DueCell, Notes, StatusCell } from "./cells";

export function TerminationStatusCell({ t }: { t: TerminationView }) {
  const notes = [t.status === "REJECTED" && t.rejectionReason ? `The state's reason: ${t.rejectionReason}` : null, t.status !== "TO_FILE" && t.filedDate ? `Filed ${formatDate(t.filedDate)}` : null];
  return <StatusCell status={t.status} label={TERMINATION_STATUS_LABELS[t.status]} notes={notes} />;
}

export function TerminationsTable({ rows, today, actHref }: { rows: TerminationView[]; today: string; actHref: (id: string) => string }) {
  if (rows.length === 0) return <p className="empty-state">{M.emptyList}</p>;
  return (
    <CardTable<TerminationView>
      label="State terminations"
      rows={rows}
      rowKey={(t) => t.id}
      rowProps={(t) => ({ "data-status": t.status, "data-state": t.stateCode })}
      columns={[
        { header: "Agent", rowHeader: true, cell: (t) => <AgentCell name={t.agentName} agentNumber={t.agentNumber} npn={t.npn} /> },
        { header: "State", cell: (t) => `${t.stateName} (${t.stateCode})` },
        {
          header: "Reason",
          cell: (t) => (
            <>
              {t.reasonCode}
              <Notes lines={[t.reasonLabel]} />
            </>
          ),
        },
        { header: "For cause", cell: (t) => (t.forCause ? "Yes" : "No") },
        { header: "Effective", cell: (t) => formatDate(t.effectiveDate) },
        { header: "Due", cell: (t) => <DueCell dueDate={t.dueDate} today={today} status={t.status} /> },
        { header: "Status", cell: (t) => <TerminationStatusCell t={t} /> },
        {
          header: "Actions",
          hiddenHeader: true,
          cell: (t) => (
            <Link to={actHref(t.id)}>
              {t.forCause ? "Case and actions" : "Actions"}
              <span className="visually-hidden">
                {" "}
                on the termination of {t.agentName}, {t.stateName}
              </span>
            </Link>
          ),
        },
      ]}
    />
  );
}
