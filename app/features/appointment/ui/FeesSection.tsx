// States & Fees (spec part 2 §2, §4): the chosen states with their fees, the
// add-a-state row, the state fee question (PA / MT), the card block or the
// deduction note, and the fees signature.
//
// The chosen states travel as hidden inputs named `states`. Without
// JavaScript, 'Add a State', the check mark, cancel and delete are submit
// buttons of the section form (intents openAddState, addState,
// cancelAddState, deleteState:XX; no validation) and the server answers with
// the new list and everything typed; with JavaScript the same buttons work
// in the page.
import { useEffect, useState } from "react";
import { formatMoney, stateFeeAmount, totalFees } from "../derive";
import { showsCreditCard, showsStateFeeQuestion } from "../model";
import { CARD_MONTHS, CARD_TYPE_LABELS, CARD_TYPES, cardYears, MT_FEE_TEXT, PA_FEE_TEXT } from "../codes";
import { addStateRefusal, type AddStateRefusal } from "../add-state";
import { ErrorSummary } from "~/components/ErrorSummary";
import { CheckboxField, FieldError, fieldDomId, RadioGroup, SelectField, TextField, useReadOnly } from "~/components/form/fields";
import { stateOptions } from "./PersonalSection";
import { EsignConsent, SignatureField } from "./Signature";
import type { SectionProps } from "./types";
import { CVC_ON_CHECK_PAGE, FEES_MESSAGES, type FeesDialog } from "../messages";

export { FEES_MESSAGES, type FeesDialog };

/** The add-a-state row's select: the refusal's summary links to it. */
const ADD_STATE_ID = "addStateCode";

export const DEDUCTED_TEXT = "Appointment Fees, if any, will be deducted from Commissions.";
export const FEES_NOTE =
  "Fees are not charged until you submit your first piece of business in a state, except for Pre-Appointment states, whose fees are charged when you are appointed.";

export type FeesExtra = { states?: string[]; addRowOpen?: boolean; addStateCode?: string; refused?: AddStateRefusal };

function asStringList(v: unknown): string[] {
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === "string" && x !== "");
  return typeof v === "string" && v ? [v] : [];
}

export function FeesSection({ view, fields, extra, onChanged }: SectionProps & { extra?: FeesExtra; onChanged?: () => void }) {
  const readOnly = useReadOnly();
  const t = { appointmentTypeCode: view.typeCode, flavour: view.flavour };
  const initialStates = extra?.states ?? asStringList(fields.states.initialValue);
  const [states, setStates] = useState<string[]>(initialStates);
  const [open, setOpen] = useState(Boolean(extra?.addRowOpen));
  const [choice, setChoice] = useState(extra?.addStateCode ?? "");
  // A refused check mark, the server's (without JavaScript) or the browser's; `tries` shows a repeat anew.
  const [refused, setRefused] = useState<AddStateRefusal | null>(extra?.refused ?? null);
  const [tries, setTries] = useState(0);
  const [feeAnswer, setFeeAnswer] = useState<string | null>(null);
  const statesKey = initialStates.join(",");
  useEffect(() => {
    setStates(statesKey ? statesKey.split(",") : []);
    setOpen(Boolean(extra?.addRowOpen));
    setChoice(extra?.addStateCode ?? "");
    setRefused(extra?.refused ?? null);
  }, [statesKey, extra?.addRowOpen, extra?.addStateCode, extra?.refused]);

  const catalogue = new Map(view.stateFees.map((s) => [s.stateCode, s]));
  const rows = states
    .map((code) => catalogue.get(code))
    .filter((s): s is NonNullable<typeof s> => Boolean(s))
    .map((s) => ({ ...s, feeAmount: stateFeeAmount(s, view.residentStateCode) }));
  const total = totalFees(rows);
  const resident = view.residentStateCode ? catalogue.get(view.residentStateCode) : undefined;
  const signatures = fields.signatures.getFieldset();
  const cc = fields.ccInfo.getFieldset();
  const now = new Date(view.now);

  function confirmAdd(e: React.MouseEvent) {
    e.preventDefault();
    const refusal = addStateRefusal(states, choice);
    setRefused(refusal);
    setTries((n) => n + 1);
    if (refusal) return;
    setStates([...states, choice]);
    setOpen(false);
    setChoice("");
    onChanged?.();
  }

  const statesError = fields.states.errors?.length ? fields.states : null;

  return (
    <div className="app-section">
      <fieldset>
        <legend>States</legend>
        {refused && open ? (
          <ErrorSummary key={tries} id="add-state-summary" title={FEES_MESSAGES[refused].title} errors={[{ id: ADD_STATE_ID, message: FEES_MESSAGES[refused].message }]} />
        ) : null}
        {resident ? (
          <p>
            Your resident State Is <strong>{resident.stateName}</strong>.
          </p>
        ) : null}
        {states.map((code) => (
          <input key={code} type="hidden" name={fields.states.name} value={code} />
        ))}
        <div className="table-wrap" id={fieldDomId(fields.states.name)} tabIndex={-1}>
          <table className="table states-table">
            <caption className="visually-hidden">States you will sell in</caption>
            <thead>
              <tr>
                <th scope="col">State</th>
                <th scope="col">Fee</th>
                {!readOnly ? <th scope="col">Action</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={readOnly ? 2 : 3} className="muted">
                    No states yet.
                  </td>
                </tr>
              ) : null}
              {rows.map((s) => (
                <tr key={s.stateCode}>
                  <td>
                    {s.stateName} ({s.stateCode}){s.isPreAppointment ? <span className="muted"> — Pre-Appointment</span> : null}
                  </td>
                  <td>{formatMoney(s.feeAmount)}</td>
                  {!readOnly ? (
                    <td>
                      <button
                        type="submit"
                        name="intent"
                        value={`deleteState:${s.stateCode}`}
                        formNoValidate
                        className="btn btn--small btn--secondary"
                        aria-label={`Delete ${s.stateName}`}
                        onClick={(e) => {
                          e.preventDefault();
                          setStates(states.filter((c) => c !== s.stateCode));
                          onChanged?.();
                        }}
                      >
                        Delete
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td>Total</td>
                <td data-testid="fees-total">{formatMoney(total)}</td>
                {!readOnly ? <td /> : null}
              </tr>
            </tfoot>
          </table>
        </div>
        {statesError ? <FieldError meta={statesError} /> : null}

        {!readOnly && open ? (
          <div className="add-state">
            <input type="hidden" name="addRowOpen" value="1" />
            <div className={`field${refused ? " field--invalid" : ""}`}>
              <label htmlFor={ADD_STATE_ID}>State to add</label>
              <select
                id={ADD_STATE_ID}
                name="addStateCode"
                value={choice}
                onChange={(e) => setChoice(e.target.value)}
                aria-invalid={refused ? true : undefined}
                aria-describedby={refused ? `${ADD_STATE_ID}-error` : undefined}
              >
                <option value="">Select a state…</option>
                {view.stateFees.map((s) => (
                  <option key={s.stateCode} value={s.stateCode}>
                    {s.stateName} ({s.stateCode}) — resident {formatMoney(s.residentFeeAmount)}, non-resident{" "}
                    {formatMoney(s.nonResidentFeeAmount)}
                  </option>
                ))}
              </select>
              {refused ? (
                <p className="field__error" id={`${ADD_STATE_ID}-error`}>
                  {FEES_MESSAGES[refused].message}
                </p>
              ) : null}
            </div>
            <button type="submit" name="intent" value="addState" formNoValidate className="btn btn--primary" onClick={confirmAdd} aria-label="Add the selected state">
              ✓
            </button>
            <button
              type="submit"
              name="intent"
              value="cancelAddState"
              formNoValidate
              className="btn btn--secondary"
              aria-label="Cancel adding a state"
              onClick={(e) => {
                e.preventDefault();
                setOpen(false);
                setChoice("");
                setRefused(null);
              }}
            >
              ✕
            </button>
          </div>
        ) : null}
        {!readOnly && !open ? (
          <p>
            <button
              type="submit"
              name="intent"
              value="openAddState"
              formNoValidate
              className="btn--link"
              onClick={(e) => {
                e.preventDefault();
                setOpen(true);
              }}
            >
              Add a State
            </button>
          </p>
        ) : null}
        <p className="note">{FEES_NOTE}</p>
      </fieldset>

      {showsStateFeeQuestion(t) ? (
        <fieldset
          onChange={(e) => {
            const el = e.target as HTMLInputElement;
            if (el.name === fields.stateFeeAnswer.name) setFeeAnswer(el.value);
          }}
        >
          <legend>State Fee Question</legend>
          <RadioGroup
            meta={fields.stateFeeAnswer}
            legend="Do you want to be pre-appointed in Pennsylvania or Montana?"
            required
            options={[
              { value: "Y", label: "Yes" },
              { value: "N", label: "No" },
            ]}
          />
          {feeAnswer !== "N" ? (
            <div className="form-grid">
              <CheckboxField meta={fields.isPA} value="on" label={`PA (${PA_FEE_TEXT})`} />
              <CheckboxField meta={fields.isMT} value="on" label={`MT (${MT_FEE_TEXT})`} />
            </div>
          ) : null}
        </fieldset>
      ) : null}

      {showsCreditCard(t) ? (
        <fieldset>
          <legend>Pay Fees By Credit Card</legend>
          <div className="form-grid">
            <RadioGroup
              meta={cc.creditCardTypeCode}
              legend="Card Type"
              required
              options={CARD_TYPES.map((c) => ({ value: c, label: CARD_TYPE_LABELS[c] }))}
            />
            <TextField meta={cc.cardNumber} label="Card Number" required sensitive />
            <SelectField
              meta={cc.expirationMonth}
              label="Expiration Month"
              required
              options={CARD_MONTHS.map((m) => ({ value: String(m), label: String(m).padStart(2, "0") }))}
            />
            <SelectField
              meta={cc.expirationYear}
              label="Expiration Year"
              required
              options={cardYears(now).map((y) => ({ value: String(y), label: String(y) }))}
            />
            <TextField meta={cc.nameonCard} label="Name on Card" required autoComplete="cc-name" />
            <TextField meta={cc.billingAddress} label="Billing Address" required className="span-all" />
            <TextField meta={cc.city} label="City" required />
            <SelectField meta={cc.stateCode} label="State" required options={stateOptions(view)} />
            <TextField meta={cc.zip} label="Zip" required numeric />
          </div>
          <p className="note">{CVC_ON_CHECK_PAGE}</p>
        </fieldset>
      ) : (
        <p className="note">{DEDUCTED_TEXT}</p>
      )}

      <fieldset>
        <legend>Applicant Signature</legend>
        <EsignConsent view={view} />
        <SignatureField meta={signatures.SIGTYP_ST_FEES} label="Signature (your mother's maiden name)" consented={view.esignConsented} />
      </fieldset>

    </div>
  );
}
