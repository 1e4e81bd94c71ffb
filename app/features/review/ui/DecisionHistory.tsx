// The decisions taken on an application, newest first (issue 11): what, why,
// which sections, who and when (in the viewer's zone, decision 0102).
import { LocalTime } from "~/components/LocalTime";
import { DECISION_HISTORY_LABELS, sectionTitles } from "../messages";
import type { DecisionHistoryItem } from "../history.server";

export function DecisionHistory({ items }: { items: DecisionHistoryItem[] }) {
  return (
    <section className="card" aria-labelledby="decision-history-title" data-testid="decision-history">
      <h2 id="decision-history-title" className="card__title">
        Decision history
      </h2>
      {items.length === 0 ? (
        <p className="muted">No decision has been taken on this application yet.</p>
      ) : (
        <ol className="decision-history">
          {items.map((d) => (
            <li key={d.id}>
              <p>
                <strong>{DECISION_HISTORY_LABELS[d.decisionCode] ?? d.decisionCode}</strong> by {d.decidedBy}, <LocalTime value={d.decidedAt} />
              </p>
              {d.sections.length ? <p>Sections: {sectionTitles(d.sections).join(", ")}</p> : null}
              <blockquote className="decision-history__reason">{d.reason}</blockquote>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
