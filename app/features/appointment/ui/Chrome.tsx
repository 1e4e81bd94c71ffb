// The frame of the application screen (spec part 2 §2 'Layout'): the left
// navigation with check marks, the header with the inviter and the levels,
// and the right side panel (status, whose turn, agent number, CANCEL / SAVE /
// SUBMIT, completion pie, deficiencies). SUBMIT saves the section and opens the
// check page (decision 0099).
import { Form, Link, useNavigate } from "@remix-run/react";
import { SECTION_TITLES, type SectionId } from "../model";
import { REVIEW_MESSAGES } from "~/features/review/messages";
import { CompletionPie } from "./CompletionPie";
import { fieldDomId } from "~/components/form/fields";
import { appointmentLineLabel } from "./lines";
import { SystemPdf } from "./SystemPdf";
import { formatPhone } from "~/lib/format";

export function sectionUrl(appointmentId: number, section: SectionId, hash?: string) {
  return `/appoint?id=${appointmentId}&section=${section}${hash ? `#${hash}` : ""}`;
}

const SECTION_FLAG = REVIEW_MESSAGES.returnedNav;

export function SectionNav({
  appointmentId,
  sections,
  current,
  complete,
  hrefOf = (s) => sectionUrl(appointmentId, s),
  flagged = [],
}: {
  appointmentId: number;
  sections: SectionId[];
  current: SectionId;
  complete: Partial<Record<SectionId, boolean>>;
  /** Where a section's link goes (default the application screen). */
  hrefOf?: (s: SectionId) => string;
  /** Sections an administrator returned for correction (issue 11): marked 'needs correction'. */
  flagged?: readonly SectionId[];
}) {
  return (
    <nav className="card section-nav" aria-label="Application sections">
      <ol>
        {sections.map((s) => {
          const done = s !== "INSTRUCT" && Boolean(complete[s]);
          return (
            <li key={s}>
              <Link to={hrefOf(s)} aria-current={s === current ? "page" : undefined}>
                {s !== "INSTRUCT" ? (
                  <span className={`section-nav__check${done ? " section-nav__check--done" : ""}`} aria-hidden="true">
                    {done ? "✓" : ""}
                  </span>
                ) : (
                  <span className="section-nav__check" aria-hidden="true">
                    i
                  </span>
                )}
                <span>
                  {SECTION_TITLES[s]}
                  {flagged.includes(s) ? (
                    <span className="section-nav__flag" data-testid={`flag-${s}`}>
                      {" "}
                      ({SECTION_FLAG})
                    </span>
                  ) : null}
                </span>
                {done ? <span className="visually-hidden"> (complete)</span> : null}
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * Instructions (spec part 2 §2): the instructions PDF, and a form with
 * nothing to fill in that the side panel's SAVE and SUBMIT belong to (the
 * side panel is the same on every section; Save & Continue from Supporting
 * Documents lands here).
 */
export function InstructionsForm({ appointmentId }: { appointmentId: number }) {
  return (
    <>
      <SystemPdf documentKey="INSTRUCTIONS" title="Appointment Application Instructions" />
      <Form method="post" id="section-INSTRUCT" action={sectionUrl(appointmentId, "INSTRUCT")}>
        <input type="hidden" name="section" value="INSTRUCT" />
      </Form>
    </>
  );
}

export type HeaderView = {
  inviterAgentNumber: string | null;
  inviterPhone: string | null;
  inviterName: string | null;
  lines: Array<{ carrier: string; productType?: string; scheduleName?: string; levelNo: number; levelName: string }>;
  typeLabel: string;
};

export function AppHeader({ header }: { header: HeaderView }) {
  const multi = header.lines.length > 1;
  return (
    <section className="card app-header-card" aria-label="Application details">
      <dl>
        {header.inviterName ? (
          <>
            <dt>Invited by</dt>
            <dd>{header.inviterName}</dd>
          </>
        ) : null}
        <dt>Inviter Agent #</dt>
        <dd data-testid="inviter-agent-number">{header.inviterAgentNumber ?? "—"}</dd>
        <dt>Inviter Phone</dt>
        <dd>{header.inviterPhone ? formatPhone(header.inviterPhone) : "—"}</dd>
      </dl>
      <dl>
        <dt>{multi ? "Appointments" : "Level"}</dt>
        <dd>
          {multi ? (
            <ul>
              {header.lines.map((l, i) => (
                <li key={i}>{appointmentLineLabel({ ...l, productType: l.productType ?? "" })}</li>
              ))}
            </ul>
          ) : header.lines[0] ? (
            `${header.lines[0].levelNo} ${header.lines[0].levelName}`
          ) : (
            "—"
          )}
        </dd>
        <dt>Appointment Type</dt>
        <dd data-testid="appointment-type">{header.typeLabel}</dd>
      </dl>
    </section>
  );
}

export type Deficiency = { section: SectionId; field: string; message: string };

/**
 * A 'Still needed' entry as a sentence (issue 36 item 8): the rule's message word for word (the
 * spec's wording and case), starting with a capital and ending with a full stop, so the spec's
 * 'Q&A Signature Required' and our 'NPN is required' read alike in one list.
 */
export function stillNeededText(message: string): string {
  const m = message.trim();
  if (!m) return m;
  const first = m.charAt(0).toUpperCase() + m.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

export function focusField(id: string) {
  const el = document.getElementById(id);
  if (!el) return;
  el.scrollIntoView({ block: "center" });
  const target =
    el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement
      ? el
      : (el.querySelector<HTMLElement>("input:not([type=hidden]),select,textarea,button,a[href]") ?? el);
  target.focus({ preventScroll: true });
}

/** Jump to an error: go to its section, then scroll to and focus the field after 1000 ms (spec §9). */
export const JUMP_DELAY_MS = 1000;

/** The check-your-answers page, which submits (decision 0099). */
export const checkUrl = (appointmentId: number) => `/appoint/check?id=${appointmentId}`;

/**
 * Where the applicant stands, at the top of the application on a phone (issue 36 item 6): the side
 * panel (status, completion, SUBMIT, Still needed) is at the very bottom there. Hidden by CSS where the
 * side panel sits beside the form.
 */
export function ProgressStrip({
  appointmentId,
  statusText,
  percent,
  stillNeeded,
  readOnly,
}: {
  appointmentId: number;
  statusText: string;
  percent: number;
  stillNeeded: number;
  readOnly: boolean;
}) {
  return (
    <nav className="card progress-strip" aria-label="Where you stand">
      <p className="progress-strip__facts">
        <strong>{statusText}</strong> · {percent} % complete
        {stillNeeded && !readOnly ? (
          <>
            {" · "}
            <a href="#deficiencies-title">Still needed: {stillNeeded}</a>
          </>
        ) : null}
      </p>
      {!readOnly ? (
        <Link to={checkUrl(appointmentId)} className="btn btn--secondary btn--small">
          Check and submit
        </Link>
      ) : null}
    </nav>
  );
}

/** After the last section's form: the way on, to checking the answers and submitting. */
export function LastSectionNext({ appointmentId }: { appointmentId: number }) {
  return (
    <p className="last-section-next">
      <Link to={checkUrl(appointmentId)} className="btn btn--primary">
        Check your answers and submit
      </Link>
    </p>
  );
}

export function SidePanel({
  appointmentId,
  formId,
  statusText,
  agentNumber,
  readOnly,
  unsaved,
  percent,
  deficiencies,
  attempted = false,
  current,
  busy,
  turn,
}: {
  appointmentId: number;
  formId: string;
  statusText: string;
  agentNumber: string | null;
  readOnly: boolean;
  unsaved: boolean;
  percent: number;
  deficiencies: Deficiency[];
  /** A save was tried on this page: 'Still needed' turns red; neutral before (decision 0103). */
  attempted?: boolean;
  current: SectionId;
  busy: boolean;
  /** Whose turn it is ('With you', 'With the reviewer', 'Returned: …'). */
  turn: string;
}) {
  const navigate = useNavigate();
  return (
    <aside className="card side-panel" aria-label="Application status">
      <div className="side-panel__status">
        <div>
          Status: <strong data-testid="application-status">{statusText}</strong>
        </div>
        {agentNumber ? (
          <div>
            Agent Number: <strong data-testid="agent-number">{agentNumber}</strong>
          </div>
        ) : null}
      </div>
      <p className="side-panel__turn">
        Whose turn: <strong data-testid="whose-turn">{turn}</strong>
      </p>
      <div className="side-panel__buttons">
        <Link to="/home" className="btn btn--secondary">
          CANCEL
        </Link>
        {!readOnly ? (
          <>
            <button type="submit" form={formId} name="intent" value="save" className="btn btn--secondary" disabled={busy}>
              SAVE
              {unsaved ? (
                <>
                  <span className="unsaved-star" aria-hidden="true">
                    *
                  </span>
                  <span className="visually-hidden"> (unsaved changes)</span>
                </>
              ) : null}
            </button>
            <button type="submit" form={formId} name="intent" value="submit" className="btn btn--primary" disabled={busy}>
              SUBMIT
            </button>
          </>
        ) : null}
      </div>
      <CompletionPie percent={percent} />
      {percent >= 100 ? (
        <p className="done-note">{readOnly ? "All sections are complete." : "All sections are complete: you can submit."}</p>
      ) : null}
      {deficiencies.length && !readOnly ? (
        <div>
          <h2 className="card__title" id="deficiencies-title">
            Still needed
          </h2>
          <ul className={`deficiencies${attempted ? " deficiencies--refused" : ""}`} aria-labelledby="deficiencies-title">
            {deficiencies.map((d, i) => {
              const id = fieldDomId(d.field);
              const href = sectionUrl(appointmentId, d.section, id);
              return (
                <li key={`${d.section}-${d.field}-${i}`}>
                  <a
                    href={href}
                    onClick={(e) => {
                      if (e.metaKey || e.ctrlKey || e.shiftKey) return;
                      e.preventDefault();
                      const jump = () => window.setTimeout(() => focusField(id), d.section === current ? 20 : JUMP_DELAY_MS);
                      if (d.section === current) {
                        window.history.replaceState(window.history.state, "", href);
                        jump();
                      } else {
                        navigate(href);
                        jump();
                      }
                    }}
                  >
                    {stillNeededText(d.message)}
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </aside>
  );
}
