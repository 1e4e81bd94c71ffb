// ADMIN > State Filings: the filters (a GET form) and the list of filings (decision 0113), each
// row linking to its actions (?filing=<id>, the filters kept).
import { Form, Link } from "@remix-run/react";
import { CardTable } from "~/components/CardTable";
import { LINE_LABEL, reasonText } from "~/features/licences/messages";
import type { LineOfAuthority, ReasonCode } from "~/features/licences/status";
import { formatDate } from "~/lib/format";
import { FILING_MESSAGES as M, FILING_STATUS_LABELS, STATUS_FILTER_LABELS, STATUS_FILTERS, type BoardFilters, type StatusFilter } from "../board";
import type { FilingView } from "../board.server";
import { AgentCell, DueCell, StatusCell } from "./cells";

/** The filters' GET form; the terminations' list (decision 0118) passes its own statuses. */
export function FilingFiltersForm<S extends string = StatusFilter>({
  filters,
  states,
  carriers,
  pageSize,
  statusFilters = STATUS_FILTERS as unknown as readonly S[],
  statusLabels = STATUS_FILTER_LABELS as unknown as Record<S, string>,
  label = "Filter the filings",
}: {
  filters: BoardFilters<S>;
  states: Array<{ code: string; name: string }>;
  carriers: Array<{ id: number; label: string }>;
  pageSize: number;
  statusFilters?: readonly S[];
  statusLabels?: Record<S, string>;
  label?: string;
}) {
  return (
    <Form method="get" className="inline-form stack" aria-label={label}>
      <input type="hidden" name="pageSize" value={pageSize} />
      <div className="field">
        <label htmlFor="sf-state">State</label>
        <select id="sf-state" name="state" defaultValue={filters.state}>
          <option value="">All states</option>
          {states.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name} ({s.code})
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="sf-carrier">Carrier</label>
        <select id="sf-carrier" name="carrier" defaultValue={filters.carrier == null ? "" : String(filters.carrier)}>
          <option value="">All carriers</option>
          {carriers.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="sf-status">Status</label>
        <select id="sf-status" name="status" defaultValue={filters.status}>
          {statusFilters.map((s) => (
            <option key={s} value={s}>
              {statusLabels[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="sf-due">Due</label>
        <select id="sf-due" name="due" defaultValue={filters.overdue ? "overdue" : ""}>
          <option value="">Any due date</option>
          <option value="overdue">Overdue</option>
        </select>
      </div>
      <button type="submit" className="btn btn--secondary btn--small">
        Filter
      </button>
    </Form>
  );
}

const line = (l: string) => LINE_LABEL[l as LineOfAuthority] ?? l;

function FilingStatusCell({ f }: { f: FilingView }) {
  const notes = [
    f.status === "HELD" && f.heldReason ? reasonText({ code: f.heldReason as ReasonCode, stateCode: f.stateCode, line: f.lineOfAuthority as LineOfAuthority }) : null,
    f.status === "REJECTED" && f.rejectionReason ? `The state's reason: ${f.rejectionReason}` : null,
    f.status === "FILED" && f.filedDate ? `Filed ${formatDate(f.filedDate)}` : null,
  ];
  return <StatusCell status={f.status} label={FILING_STATUS_LABELS[f.status]} notes={notes} />;
}

export function FilingsTable({ rows, today, actHref }: { rows: FilingView[]; today: string; actHref: (id: string) => string }) {
  if (rows.length === 0) return <p className="empty-state">{M.emptyList}</p>;
  return (
    <CardTable<FilingView>
      label="State filings"
      rows={rows}
      rowKey={(f) => f.id}
      rowProps={(f) => ({ "data-status": f.status, "data-state": f.stateCode })}
      columns={[
        { header: "Agent", rowHeader: true, cell: (f) => <AgentCell name={f.agentName} agentNumber={f.agentNumber} npn={f.npn} /> },
        { header: "State", cell: (f) => `${f.stateName} (${f.stateCode})` },
        { header: "Line", cell: (f) => line(f.lineOfAuthority) },
        { header: "Carrier", cell: (f) => f.carrier },
        {
          header: "Due",
          cell: (f) => <DueCell dueDate={f.dueDate} today={today} status={f.status} none={f.justInTime && !f.firstBusinessDate ? "At the first business" : "—"} />,
        },
        { header: "Status", cell: (f) => <FilingStatusCell f={f} /> },
        { header: "Fee", cell: (f) => `$${f.fee}` },
        {
          header: "Actions",
          hiddenHeader: true,
          cell: (f) => (
            <Link to={actHref(f.id)}>
              Actions<span className="visually-hidden"> on the filing of {f.agentName}, {f.stateName}, {line(f.lineOfAuthority)}</span>
            </Link>
          ),
        },
      ]}
    />
  );
}
