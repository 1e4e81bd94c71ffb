// The four steps of the new-application wizard (spec part 2 §2 'Wizard'):
// the content of each step's form; the route adds the hidden answers and
// the buttons (see app/features/appointment/wizard.ts for the step machine).
import { Link } from "@remix-run/react";
import type { WizardContext } from "../create.server";
import { appointmentLineLabel, appointmentLineName } from "./lines";
import { SystemPdf } from "./SystemPdf";

/** The invitation as the wizard's steps show it, with the types step 3 offers. */
export type WizardView = WizardContext & { types: ReadonlyArray<{ code: string; label: string; description?: string }> };

/** A line under each type of step 3. */
export const TYPE_DESCRIPTIONS: Record<string, string> = {
  APPTTYP_IND: "you sell and are paid as an individual agent",
  APPTTYP_CORP: "your agency (corporation or LLC) is appointed and paid",
  APPTTYP_BOTH: "you and your agency are both appointed",
  APPTTYP_PRIN: "you are the principal of an appointed agency",
  APPTTYP_WVB: "you sell through the web-based program as an individual",
  APPTTYP_VB_CORP: "your agency sells through the web-based program",
};

export function StepInstructions({ appointedBefore }: { appointedBefore: boolean }) {
  if (appointedBefore) {
    return (
      <div className="stack">
        <h2>Welcome back</h2>
        <p>
          You have been appointed with us before. This short wizard confirms your new invitation and then opens the
          application. Much of what you entered last time is already filled in: check it, complete what is missing
          and submit.
        </p>
      </div>
    );
  }
  return (
    <div className="stack">
      <h2>Before you start your application</h2>
      <p>
        Thank you for your interest in being appointed. This wizard confirms the invitation you received from your
        recruiting agency, asks how you want to be appointed and then opens your application.
      </p>
      <ul>
        <li>The application has sections for your personal information, commissions, states and fees, policies and agreements, and supporting documents.</li>
        <li>You can save at any time and come back later; nothing is sent for approval until you click SUBMIT.</li>
        <li>Several sections need an electronic signature: you sign by typing your name or your mother’s maiden name.</li>
        <li>Have at hand your SSN (and business tax id for a corporation), your national producer number, your resident state license number and, for direct deposit, your bank details.</li>
      </ul>
      <p>Choose NEXT to continue, or CANCEL to return to the dashboard.</p>
    </div>
  );
}

export function StepInvitation({ ctx, good, error }: { ctx: WizardView; good: string; error?: string }) {
  const r = ctx.recruiter;
  return (
    <div className="stack">
      <h2>Your invitation</h2>
      <p>You were invited by:</p>
      <address className="wizard__invite">
        <strong>{r.agencyName || r.name}</strong>
        {r.agencyName && r.agencyName !== r.name ? <span>{r.name}</span> : null}
        {r.address1 ? <span>{r.address1}</span> : null}
        {r.address2 ? <span>{r.address2}</span> : null}
        {r.city || r.stateCode || r.zipCode ? (
          <span>
            {[r.city, r.stateCode].filter(Boolean).join(", ")} {r.zipCode}
          </span>
        ) : null}
      </address>
      {ctx.lines.length > 1 || ctx.isMulti ? (
        <>
          <p>to the following appointments:</p>
          <ul className="wizard__lines">
            {ctx.lines.map((l, i) => (
              <li key={i}>{appointmentLineLabel(l)}</li>
            ))}
          </ul>
        </>
      ) : ctx.lines[0] ? (
        <p>
          Position: <strong>Level {ctx.lines[0].levelNo}</strong> {ctx.lines[0].levelName}
          {ctx.lines[0].carrierName ? ` (${appointmentLineName(ctx.lines[0])})` : ""}
        </p>
      ) : null}
      <fieldset className={`radio-group radio-group--inline${error ? " field--invalid" : ""}`} {...invalidProps(GOOD_FIELD_ID, error)}>
        <legend>Does this invitation look right?</legend>
        <div className="radio-group__options">
          <label className="choice">
            <input type="radio" id={GOOD_FIELD_ID} name="good" value="Y" defaultChecked={good === "Y"} /> Yes
          </label>
          <label className="choice">
            <input type="radio" name="good" value="N" defaultChecked={good === "N"} /> No
          </label>
        </div>
        <FieldMessage id={GOOD_FIELD_ID} error={error} />
      </fieldset>
    </div>
  );
}

export function StepType({ ctx, type, error }: { ctx: WizardView; type: string; error?: string }) {
  return (
    <fieldset className={`radio-group${error ? " field--invalid" : ""}`} {...invalidProps(TYPE_FIELD_ID, error)}>
      <legend>How do you want to be appointed?</legend>
      <div className="radio-group__options">
        {ctx.types.map((t, i) => (
          <label key={t.code} className="choice">
            <input type="radio" id={i === 0 ? TYPE_FIELD_ID : undefined} name="type" value={t.code} defaultChecked={type === t.code} />
            <span>
              <strong>{t.label}</strong>
              {t.description ? <span className="muted"> — {t.description}</span> : null}
            </span>
          </label>
        ))}
      </div>
      <FieldMessage id={TYPE_FIELD_ID} error={error} />
    </fieldset>
  );
}

/** The first radio of each question: the error summary's links go there (decision 0103). */
export const GOOD_FIELD_ID = "wizard-good";
export const TYPE_FIELD_ID = "wizard-type";

const invalidProps = (id: string, error?: string) => (error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {});

/** The refusal beside its question, as the summary at the top says it. */
function FieldMessage({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p className="field__error" id={`${id}-error`}>
      {error}
    </p>
  ) : null;
}

export function StepPointers() {
  return (
    <div className="stack">
      <h2>Pointers for filling out your application</h2>
      <ul>
        <li>Use the same legal name as on your insurance license.</li>
        <li>Enter numbers without dashes: SSN and tax id have 9 digits, phone numbers 10.</li>
        <li>The pie on the application screen shows your progress; the list under it links to every field still missing.</li>
        <li>SAVE keeps your work without submitting it; SUBMIT sends the complete application for approval.</li>
      </ul>
      <SystemPdf documentKey="WIZARD_POINTERS" title="Pointers for Filling Out Your Application" />
      <SystemPdf documentKey="INSTRUCTIONS" title="Appointment Application Instructions" />
      <p>
        <Link to="/home">Back to the dashboard</Link>
      </p>
    </div>
  );
}
