// The cells the appointments' and the terminations' lists share (decisions 0113, 0118): the agent,
// the status with its notes, the due date with how overdue, and a refused action's summary.
import type { ReactNode } from "react";
import { ErrorSummary } from "~/components/ErrorSummary";
import { formatDate } from "~/lib/format";
import { dueText, FILING_MESSAGES } from "../board";

/** Lines under a cell's value, each muted on its own line; empty ones left out. */
export function Notes({ lines, className = "muted" }: { lines: ReadonlyArray<ReactNode>; className?: string }) {
  return (
    <>
      {lines
        .filter((l) => l != null && l !== false && l !== "")
        .map((l, i) => (
          <span key={i}>
            <br />
            <span className={className}>{l}</span>
          </span>
        ))}
    </>
  );
}

export function AgentCell({ name, agentNumber, npn }: { name: string; agentNumber: string; npn: string }) {
  return (
    <>
      {name}
      <Notes lines={[`#${agentNumber} · NPN ${npn}`]} />
    </>
  );
}

export function StatusCell({ status, label, notes }: { status: string; label: string; notes: ReadonlyArray<ReactNode> }) {
  return (
    <>
      <span className={`status status--${status.toLowerCase().replace("_", "-")}`}>{label}</span>
      <Notes lines={notes} />
    </>
  );
}

/** The due day (or `none` without one) and, while not yet with the state, how soon or how overdue. */
export function DueCell({ dueDate, today, status, none = "—" }: { dueDate: string | null; today: string; status: string; none?: string }) {
  const due = dueText(dueDate, today, status);
  return (
    <>
      {dueDate ? formatDate(dueDate) : <span className="muted">{none}</span>}
      {due ? <Notes lines={[due.text]} className={due.overdue ? "filing-overdue" : "muted"} /> : null}
    </>
  );
}

/**
 * A refused action above its forms: 'Nothing was changed' with the message linked to its field,
 * or the message itself when no field is at fault (changed meanwhile, not found).
 */
export function ActionRefusal({ refusal, fieldIds, fallbackId }: { refusal: { intent: string; field: string | null; message: string } | null; fieldIds: Record<string, string>; fallbackId: string }) {
  if (!refusal) return null;
  return (
    <ErrorSummary title={FILING_MESSAGES.refusedTitle} errors={refusal.field ? [{ id: fieldIds[refusal.intent] ?? fallbackId, message: refusal.message }] : []}>
      {refusal.field ? null : <p>{refusal.message}</p>}
    </ErrorSummary>
  );
}
