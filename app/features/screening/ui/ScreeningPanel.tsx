// The review screen's background screening block (decision 0122), for read:screening only: the
// status, the result and the FCRA 615 steps with the day's state of the wait; each form posts to
// the review route (?screening) and works without JavaScript.
import { Form } from "@remix-run/react";
import { Fragment } from "react";
import { Banner } from "~/components/Banner";
import { LocalTime } from "~/components/LocalTime";
import type { ScreeningPanelData } from "../screen.server";
import { SCREENING_MESSAGES as M } from "../statuses";

const STEP_LABEL: Record<string, string> = { PRE_ADVERSE: "Pre-adverse action notice", ADVERSE_FINAL: "Adverse action notice" };

function Action({ action, intent, screeningId, label, secondary }: { action: string; intent: string; screeningId?: string; label: string; secondary?: boolean }) {
  return (
    <Form method="post" action={action} className="screening-panel__action">
      <input type="hidden" name="intent" value={intent} />
      {screeningId ? <input type="hidden" name="screeningId" value={screeningId} /> : null}
      <button type="submit" className={`btn ${secondary ? "btn--secondary" : "btn--primary"}`}>
        {label}
      </button>
    </Form>
  );
}

export function ScreeningPanel({ data, action, answer }: { data: NonNullable<ScreeningPanelData>; action: string; answer?: { ok: boolean; message: string } }) {
  const s = data.screening;
  return (
    <section className="card screening-panel" aria-labelledby="review-screening-title" data-testid="screening-panel">
      <h2 id="review-screening-title" className="card__title">
        {M.title}
      </h2>
      {answer ? (
        <Banner variant={answer.ok ? "success" : "error"} title={answer.ok ? "Done" : "Not done"} role={answer.ok ? "status" : "alert"}>
          <p>{answer.message}</p>
        </Banner>
      ) : null}
      {!s ? (
        data.off ? (
          <p className="note">{M.off}</p>
        ) : data.authorised ? (
          <Action action={action} intent="order" label="Order screening" />
        ) : (
          <p className="note">{M.notAuthorised}</p>
        )
      ) : (
        <>
          <dl className="screening-panel__facts">
            <dt>Status</dt>
            <dd data-testid="screening-status">{s.statusText}</dd>
            <dt>Ordered</dt>
            <dd>
              <LocalTime value={s.orderedAt} /> ({s.adapter === "http" ? "the vendor" : "by file"})
            </dd>
            {s.reference ? (
              <>
                <dt>Vendor reference</dt>
                <dd>{s.reference}</dd>
              </>
            ) : null}
            {s.result ? (
              <>
                <dt>Result</dt>
                <dd>{M.statusLabel[s.result as "CLEAR" | "CONSIDER"]}</dd>
              </>
            ) : null}
            {s.note ? (
              <>
                <dt>Note</dt>
                <dd>{s.note}</dd>
              </>
            ) : null}
            {s.steps.map((x) => (
              <Fragment key={x.kind}>
                <dt>{STEP_LABEL[x.kind] ?? x.kind}</dt>
                <dd>{x.sentAt ? <LocalTime value={x.sentAt} /> : "—"}</dd>
              </Fragment>
            ))}
          </dl>
          {s.wait ? (
            <p className="note" data-testid="screening-wait">
              {s.status === "DISPUTED" ? M.finalDisputed : s.wait.text}
            </p>
          ) : null}
          {s.adapter === "file" && (s.status === "ORDERED" || s.status === "IN_PROGRESS") ? (
            <Form method="post" action={action} encType="multipart/form-data" className="stack screening-panel__result">
              <input type="hidden" name="intent" value="result" />
              <input type="hidden" name="screeningId" value={s.id} />
              <fieldset className="field">
                <legend>Result</legend>
                <label className="choice">
                  <input type="radio" name="result" value="CLEAR" required /> Clear
                </label>
                <label className="choice">
                  <input type="radio" name="result" value="CONSIDER" /> Consider (starts the adverse action steps)
                </label>
              </fieldset>
              <div className="field">
                <label htmlFor="screening-report">Vendor&apos;s report (PDF)</label>
                <input id="screening-report" name="report" type="file" accept="application/pdf,.pdf" required />
              </div>
              <div className="field">
                <label htmlFor="screening-reference">Vendor reference</label>
                <input id="screening-reference" name="reference" type="text" maxLength={200} autoComplete="off" />
              </div>
              <div className="field">
                <label htmlFor="screening-note">Note</label>
                <textarea id="screening-note" name="note" rows={2} maxLength={2000} />
              </div>
              <button type="submit" className="btn btn--primary">
                Record the result
              </button>
            </Form>
          ) : null}
          {s.status === "ADVERSE_PENDING" ? (
            <>
              {s.wait?.over ? <Action action={action} intent="final" screeningId={s.id} label="Confirm the decision: send the adverse action notice" /> : null}
              <Action action={action} intent="dispute" screeningId={s.id} label="The applicant disputes the report" secondary />
            </>
          ) : null}
          {s.status === "DISPUTED" ? (
            <>
              <Action action={action} intent="resolve-clear" screeningId={s.id} label="Dispute resolved: clear" secondary />
              <Action action={action} intent="resolve-consider" screeningId={s.id} label="Dispute resolved: still consider" secondary />
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
