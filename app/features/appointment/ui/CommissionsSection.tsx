// Commissions (spec part 2 §2): commission statements, the commission
// schedule signatures, and how commissions are paid.
import { useEffect, useState } from "react";
import { hasRemitAssignment, isRepresentativeType, showsCommissionSchedule } from "../model";
import { ACCOUNT_TYPE_LABELS, ACCOUNT_TYPES, REMIT_TYPE_LABELS, REMIT_TYPES } from "../codes";
import { RadioGroup, SelectField, TextField } from "~/components/form/fields";
import { stateOptions } from "./PersonalSection";
import { EsignConsent, SignatureField } from "./Signature";
import type { SectionProps } from "./types";

export const PAYMENT_TEXTS = {
  direct: "Direct deposits are made twice a month, on the 15th and at the end of the month, when at least $25 is due.",
  paper: "Paper checks are issued monthly, on the last business day of the month; no check is issued for less than $100.",
} as const;

export function CommissionsSection({ view, fields }: SectionProps) {
  const t = { appointmentTypeCode: view.typeCode, flavour: view.flavour };
  const schedule = showsCommissionSchedule(t);
  const signatures = fields.signatures.getFieldset();
  const bank = fields.bankInfo.getFieldset();
  const assign = fields.commissionRemitAssign.getFieldset();
  const initialRemit = typeof fields.commissionRemitTypeCode.initialValue === "string" ? fields.commissionRemitTypeCode.initialValue : "";
  // With JavaScript only the chosen remittance's fields are shown; without it all are.
  const [remit, setRemit] = useState<string | null>(null);
  useEffect(() => setRemit(initialRemit), [initialRemit]);
  const shown = (code: string) => remit === null || remit === code;
  const remitTypes = REMIT_TYPES.filter((c) => c !== "COMRMT_TYP_ASGN" || hasRemitAssignment(view.typeCode));

  return (
    <div className="app-section">
      {schedule ? (
        <fieldset>
          <legend>Commission Schedule</legend>
          {view.commissionStatements.length ? (
            <ul className="download-list">
              {view.commissionStatements.map((s) => (
                <li key={s.href}>
                  <a className="download-link" href={s.href} target="_blank" rel="noreferrer">
                    {s.label} (PDF)
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No commission statement is available for your level yet.</p>
          )}
          <p>By signing you accept the commission schedule of your level.</p>
          <EsignConsent view={view} />
          <div className="form-grid form-grid--3">
            <SignatureField meta={signatures.SIGTYP_COMSCHED_DT} type="date" label="Date" consented={view.esignConsented} />
            <SignatureField meta={signatures.SIGTYP_COMSCHED_AGT} label="Agent Name" consented={view.esignConsented} />
            <SignatureField
              meta={signatures.SIGTYP_COMSCHED}
              label="Signature (your mother's maiden name)"
              consented={view.esignConsented}
            />
          </div>
        </fieldset>
      ) : null}

      <fieldset
        onChange={(e) => {
          const el = e.target as HTMLInputElement;
          if (el.name === fields.commissionRemitTypeCode.name) setRemit(el.value);
        }}
      >
        <legend>Commission Remittance</legend>
        <RadioGroup
          meta={fields.commissionRemitTypeCode}
          legend="How do you want to be paid?"
          required={!isRepresentativeType(view.typeCode)}
          options={remitTypes.map((c) => ({ value: c, label: REMIT_TYPE_LABELS[c] }))}
        />
        <p className="note">
          {PAYMENT_TEXTS.direct}
          <br />
          {PAYMENT_TEXTS.paper}
        </p>
        {hasRemitAssignment(view.typeCode) && shown("COMRMT_TYP_ASGN") ? (
          <fieldset>
            <legend>Assignment of Commissions</legend>
            <div className="form-grid">
              <TextField meta={assign.agentAgencyName} label="Agent / Agency Name" required className="span-all" />
              <TextField meta={assign.ssnTaxID} strip label="SSN or Tax ID" required sensitive />
              <TextField meta={assign.address1} label="Address" required />
              <TextField meta={assign.address2} label="Address 2" />
              <TextField meta={assign.city} label="City" required />
              <SelectField meta={assign.stateCode} label="State" required options={stateOptions(view)} />
              <TextField meta={assign.zip} label="Zip" required numeric />
            </div>
          </fieldset>
        ) : null}
        {shown("COMRMT_TYP_DIRECT") ? (
          <fieldset>
            <legend>Direct Deposit</legend>
            <div className="form-grid">
              <TextField meta={bank.bankName} label="Bank Name" required />
              <TextField meta={bank.accountName} label="Name on Account" required />
              <TextField meta={bank.routingNumber} label="Routing Number" required sensitive hint="9 digits" />
              <TextField meta={bank.accountNumber} label="Account Number" required sensitive hint="6 to 17 digits" />
              <RadioGroup
                meta={bank.accountTypeCode}
                legend="Account Type"
                required
                options={ACCOUNT_TYPES.map((c) => ({ value: c, label: ACCOUNT_TYPE_LABELS[c] }))}
              />
            </div>
            <p className="muted">Only needed when you choose Direct Deposit.</p>
          </fieldset>
        ) : null}
      </fieldset>
    </div>
  );
}
