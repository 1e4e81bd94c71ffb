// The check page's parts (issue 36 item 3, decision 0099), after the GOV.UK 'check answers'
// pattern: each section a summary list with its 'Change' link, the items that still stop the
// submit (each a link to its field), and the card's CVC asked with the submit (never kept).
import { fieldDomId } from "~/components/form/fields";
import type { SummarySection } from "../check-answers";
import type { Deficiency } from "../completion";
import { CVC_HINT } from "../messages";
import { SECTION_TITLES } from "../model";
import { sectionUrl } from "./Chrome";

export function SummarySections({ appointmentId, sections, readOnly }: { appointmentId: number; sections: SummarySection[]; readOnly: boolean }) {
  return (
    <>
      {sections.map((s) => (
        <section key={s.id} className="card check-section" aria-labelledby={`check-${s.id}`}>
          <div className="check-section__head">
            <h2 id={`check-${s.id}`} className="card__title">
              {s.title}
            </h2>
            {readOnly ? null : (
              <a href={sectionUrl(appointmentId, s.id)} className="check-section__change">
                Change<span className="visually-hidden"> {s.title}</span>
              </a>
            )}
          </div>
          {s.groups.map((g, i) => (
            <div key={`${s.id}-${i}`} className="check-group">
              {g.title ? <h3 className="check-group__title">{g.title}</h3> : null}
              <dl className="summary-list">
                {g.rows.map((r, j) => (
                  <div key={j} className="summary-list__row">
                    <dt>{r.label}</dt>
                    <dd>{r.value}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </section>
      ))}
    </>
  );
}

export function StillNeeded({ appointmentId, deficiencies }: { appointmentId: number; deficiencies: Deficiency[] }) {
  if (!deficiencies.length) return null;
  return (
    <section className="card check-needed" aria-labelledby="still-needed-title">
      <h2 className="card__title" id="still-needed-title">
        Still needed
      </h2>
      <p>Correct these before you submit; each opens its field.</p>
      <ul className="deficiencies" aria-labelledby="still-needed-title">
        {deficiencies.map((d, i) => (
          <li key={`${d.section}-${d.field}-${i}`}>
            <a href={sectionUrl(appointmentId, d.section, fieldDomId(d.field))}>
              {SECTION_TITLES[d.section]}: {d.message}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The card's CVC, under the card section's field name (ccInfo.cvcNumber). Always empty: nothing gives a CVC back. */
export function SubmitCvcField({ error }: { error?: string }) {
  const id = fieldDomId("ccInfo.cvcNumber");
  return (
    <div className={`field check-cvc${error ? " field--invalid" : ""}`}>
      <label htmlFor={id} className="label--required">
        CVC
      </label>
      <span className="field__hint" id={`${id}-hint`}>
        {CVC_HINT}
      </span>
      <input
        id={id}
        name="ccInfo.cvcNumber"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
        defaultValue=""
      />
      <p className="field__error" id={`${id}-error`} aria-live="polite">
        {error ?? ""}
      </p>
    </div>
  );
}
