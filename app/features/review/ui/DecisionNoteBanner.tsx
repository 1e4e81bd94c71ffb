// What the prospect sees about the last decision (issue 11) on the dashboard
// and the application screen: a returned application's reason and the
// sections to correct, or a rejected application's reason.
import { Banner } from "~/components/Banner";
import type { DecisionNote } from "../history.server";
import { REVIEW_MESSAGES as M, sectionTitles } from "../messages";

export function DecisionNoteBanner({ note, testId = "decision-note" }: { note: DecisionNote; testId?: string }) {
  if (note.kind === "RETURNED") {
    return (
      <div data-testid={testId}>
        <Banner variant="warning" title={M.returnedTitle}>
          <p>{M.returnedLead}</p>
          <blockquote className="decision-note__reason">{note.reason}</blockquote>
          {note.sections.length ? (
            <>
              <p>{M.returnedSections}</p>
              <ul>
                {sectionTitles(note.sections).map((t) => (
                  <li key={t}>{t}</li>
                ))}
              </ul>
            </>
          ) : null}
        </Banner>
      </div>
    );
  }
  return (
    <div data-testid={testId}>
      <Banner variant="error" title={M.rejectedTitle} role="status">
        <p>{M.rejectedLead}</p>
        <blockquote className="decision-note__reason">{note.reason || "—"}</blockquote>
      </Banner>
    </div>
  );
}
