// ADMIN > State Filings > Terminations: the list (decision 0118), each row linking to its actions
// and, for cause, its case (?termination=<id>, the filters kept). The Due column says how overdue,
// as the appointments' does (dueText).
import { Link } from "@remix-run/react";
import { CardTable } from "~/components/CardTable";
import { formatDate } from "~/lib/format";
import { dueText } from "../board";
import { TERMINATION_SCREEN_MESSAGES as M, TERMINATION_STATUS_LABELS } from "../termination-board";
import type { TerminationView } from "../termination-board.server";

export function TerminationStatusCell({ t }: { t: TerminationView }) {
  return (
    <>
      <span className={`status status--${t.status.toLowerCase().replace("_", "-")}`}>{TERMINATION_STATUS_LABELS[t.status]}</span>
      {t.status === "REJECTED" && t.rejectionReason ? (
        <>
          <br />
          <span className="muted">The state's reason: {t.rejectionReason}</span>
        </>
      ) : null}
      {t.status !== "TO_FILE" && t.filedDate ? (
        <>
          <br />
          <span className="muted">Filed {formatDate(t.filedDate)}</span>
        </>
      ) : null}
    </>
  );
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
        {
          header: "Agent",
          rowHeader: true,
          cell: (t) => (
            <>
              {t.agentName}
              <br />
              <span className="muted">
                #{t.agentNumber} · NPN {t.npn}
              </span>
            </>
          ),
        },
        { header: "State", cell: (t) => `${t.stateName} (${t.stateCode})` },
        {
          header: "Reason",
          cell: (t) => (
            <>
              {t.reasonCode}
              <br />
              <span className="muted">{t.reasonLabel}</span>
            </>
          ),
        },
        { header: "For cause", cell: (t) => (t.forCause ? "Yes" : "No") },
        { header: "Effective", cell: (t) => formatDate(t.effectiveDate) },
        {
          header: "Due",
          cell: (t) => {
            const due = dueText(t.dueDate, today, t.status);
            return (
              <>
                {formatDate(t.dueDate)}
                {due ? (
                  <>
                    <br />
                    <span className={due.overdue ? "filing-overdue" : "muted"}>{due.text}</span>
                  </>
                ) : null}
              </>
            );
          },
        },
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
