// The error summary at the top of a refused form (GOV.UK pattern, issue 36
// item 8, decision 0103): a title, then one link per wrong field to the field
// ('#<field id>') with the same message that stands beside the field. It is
// server-rendered from the action's answer (works without JavaScript) and takes
// the focus when shown, as role=alert.
import { useEffect, useState, type MouseEvent, type ReactNode } from "react";
import { Banner } from "./Banner";

/** One wrong field; without a label the message is the link's text (as GOV.UK does). */
export type SummaryError = { /** the field's DOM id */ id: string; label?: string; message: string };

export function ErrorSummary({
  title,
  errors,
  lead,
  children,
  id = "error-summary",
}: {
  title: string;
  errors: SummaryError[];
  /** a sentence above the list */
  lead?: ReactNode;
  /** shown when there is no field to link to */
  children?: ReactNode;
  id?: string;
}) {
  return (
    <Banner variant="error" title={title} role="alert" focus id={id}>
      {lead ? <p>{lead}</p> : null}
      {errors.length ? (
        <ul className="error-summary__list" onClick={focusField}>
          {errors.map((e) => (
            <li key={e.id}>
              {e.label ? (
                <>
                  <a href={`#${e.id}`}>{e.label}</a>: {e.message}
                </>
              ) : (
                <a href={`#${e.id}`}>{e.message}</a>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {children}
    </Banner>
  );
}

/** A link moves the focus into its field, not just the view (a fragment only scrolls; GOV.UK does the same). */
function focusField(e: MouseEvent<HTMLUListElement>) {
  const href = (e.target as HTMLElement).closest("a")?.getAttribute("href");
  const field = href?.startsWith("#") ? document.getElementById(href.slice(1)) : null;
  if (!field) return;
  e.preventDefault();
  field.scrollIntoView({ block: "center" });
  field.focus({ preventScroll: true });
}

/**
 * Whether the person tried to save and the browser's check (conform's same schema) refused it:
 * the summary then shows with JavaScript too, and not while a field is merely left (onBlur).
 * A new answer of the server (`answer`) starts again.
 */
export function useRefusedInBrowser(status: "success" | "error" | undefined, answer: unknown): boolean {
  const [refused, setRefused] = useState(false);
  useEffect(() => setRefused(false), [answer]);
  useEffect(() => {
    if (status === "error") setRefused(true);
  }, [status]);
  return refused;
}
