// The review screen's one decision bar (issue 36 item 10, decision 0106): the three decisions as
// one row of choices, each opening its own form (DecisionFormCard) below the row. A choice is a
// link (?decide=RETURN#decide), so it works without JavaScript; with JavaScript it opens in place.
// On a phone a strip at the bottom of the screen keeps 'Decide' one tap away.
import type { SubmissionResult } from "@conform-to/react";
import { useLocation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import type { DataSectionId } from "~/features/appointment/model";
import { DECISION_LABELS } from "../messages";
import { DECISIONS, type DecisionKind } from "../schema";
import { ApproveBlocked, DecisionFormCard } from "./DecisionForms";

/** The order of the choices: the usual outcome first, the one that cannot be undone last. */
const CHOICES: readonly DecisionKind[] = ["APPROVE", "RETURN", "REJECT"];

const isDecision = (v: unknown): v is DecisionKind => typeof v === "string" && (DECISIONS as readonly string[]).includes(v);

/** Where a choice goes without JavaScript: the review path (no ?licence= form left open) with the choice. */
export const choiceHref = (review: string, k: DecisionKind) => `${review}?decide=${k}#decide`;

export function DecisionBar({
  review,
  sections,
  answered,
  busy,
  blocked,
  statusText,
}: {
  /** The review path, where the decision forms post. */
  review: string;
  sections: DataSectionId[];
  /** The action's answer to a decision: its form opens with the messages. */
  answered?: { decision: DecisionKind | null; reply: SubmissionResult<string[]> | null; unlicensed?: { message: string; reasons: string[] } };
  busy: boolean;
  /** Why Approve cannot be pressed yet (the licences panel's problems). */
  blocked: string[];
  statusText: string;
}) {
  const [search] = useSearchParams();
  const fromUrl = search.get("decide");
  const location = useLocation();
  const [picked, setPicked] = useState<DecisionKind | null>(null);
  // A server answer opens the form it answers; another page (a licence saved here) starts closed, as without JavaScript.
  useEffect(() => setPicked(null), [answered, location.key]);
  const chosen = picked ?? answered?.decision ?? (isDecision(fromUrl) ? fromUrl : null);
  const formRef = useRef<HTMLDivElement>(null);
  const pick = (k: DecisionKind) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    setPicked(k);
    window.history.replaceState(window.history.state, "", choiceHref(review, k));
    // The focus on the opened form's title, not in a field: leaving a field checks it (conform's onBlur).
    window.setTimeout(() => {
      const title = formRef.current?.querySelector<HTMLElement>("h3");
      title?.setAttribute("tabindex", "-1");
      title?.focus();
    }, 0);
  };
  return (
    <>
      <section className="card review-decision-bar" id="decide" aria-labelledby="decide-title" data-testid="decision-bar">
        <div className="decision-bar__head">
          <h2 id="decide-title" className="card__title">
            Decide
          </h2>
          <ul className="decision-choices" aria-label="Decisions">
            {CHOICES.map((k) => (
              <li key={k}>
                <a
                  href={choiceHref(review, k)}
                  onClick={pick(k)}
                  aria-current={chosen === k ? "true" : undefined}
                  className={`btn decision-choice decision-choice--${k.toLowerCase()}`}
                >
                  {DECISION_LABELS[k]}
                </a>
              </li>
            ))}
          </ul>
        </div>
        {blocked.length && chosen !== "APPROVE" ? <ApproveBlocked reasons={blocked} className="decision-refusal decision-bar__blocked" /> : null}
        <div ref={formRef}>
          {chosen ? (
            <DecisionFormCard
              key={chosen}
              decision={chosen}
              sections={sections}
              reply={answered?.decision === chosen ? answered.reply : null}
              busy={busy}
              refusal={chosen === "APPROVE" && answered?.decision === chosen ? answered.unlicensed : undefined}
              blocked={chosen === "APPROVE" ? blocked : undefined}
              action={review}
            />
          ) : (
            <p className="muted">Choose a decision: its fields open here.</p>
          )}
        </div>
      </section>
      {/* On a phone, at the bottom of the screen whatever is scrolled to (hidden from 720 px by CSS). */}
      <nav className="decide-strip" aria-label="Decision shortcut">
        <span>{statusText}</span>
        <a href="#decide" className="btn btn--primary btn--small">
          Decide
        </a>
      </nav>
    </>
  );
}
