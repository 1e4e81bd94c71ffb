// The agent detail page's 'State appointments' (issue 37 item 5, decision 0113): each state's
// appointment filing of the position, for the upline: its status with the state's or the
// licence's reason, and the day it is due or was filed.
import { LINE_LABEL, reasonText, stateName } from "~/features/licences/messages";
import type { LineOfAuthority, ReasonCode } from "~/features/licences/status";
import { formatDate } from "~/lib/format";
import { FILING_STATUS_LABELS } from "./board";
import type { StateAppointment } from "./board.server";

function detailOf(r: StateAppointment): string {
  if (r.status === "HELD" && r.heldReason) return reasonText({ code: r.heldReason as ReasonCode, stateCode: r.stateCode, line: r.lineOfAuthority as LineOfAuthority });
  if (r.status === "REJECTED" && r.rejectionReason) return `The state's reason: ${r.rejectionReason}`;
  if (r.status === "FILED" && r.filedDate) return `Filed ${formatDate(r.filedDate)}`;
  if (r.status === "ACCEPTED" && r.effectiveDate) return `In effect from ${formatDate(r.effectiveDate)}`;
  if (r.status === "TO_FILE") return r.dueDate ? `Due ${formatDate(r.dueDate)}` : "Due after the first business";
  return "";
}

export function StateAppointments({ rows }: { rows: StateAppointment[] }) {
  return (
    <>
      <h3 id="state-appointments-title">State appointments</h3>
      {rows.length === 0 ? (
        <p className="muted">No state appointment is filed for this agent.</p>
      ) : (
        <ul className="lic-reasons" aria-labelledby="state-appointments-title" data-testid="state-appointments">
          {rows.map((r) => {
            const more = detailOf(r);
            return (
              <li key={`${r.stateCode}-${r.lineOfAuthority}`}>
                {stateName(r.stateCode)}, {LINE_LABEL[r.lineOfAuthority as LineOfAuthority] ?? r.lineOfAuthority}: {FILING_STATUS_LABELS[r.status]}
                {more ? ` (${more})` : ""}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
