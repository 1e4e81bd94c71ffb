// Personal Information (spec part 2 §2): Basics, Home Address, Business
// Information and Business Address (business types), Other, Questions and
// Answers, Background check (the FCRA disclosure alone, then the authorisation:
// decision 0121), W-9 Tax Form and Certification.
import { isWebBasedType, showsBusinessBlock, showsFaxField, showsW9 } from "../model";
import { CORRESPONDENCE_CODES, CORRESPONDENCE_LABELS, isSubQuestion, W9_BUSINESS_TYPE_LABELS, W9_BUSINESS_TYPES } from "../codes";
import { CheckboxField, RadioGroup, SelectField, TextAreaField, TextField, fieldDomId, useReadOnly } from "~/components/form/fields";
import { useDerivedTyping } from "./derived-typing";
import { EsignConsent, SignatureField } from "./Signature";
import type { AnyFields, SectionProps, SectionView } from "./types";
import {
  FCRA_AUTH_LABEL,
  FCRA_AUTH_TEXT,
  FCRA_AUTH_TITLE,
  FCRA_BLOCK_TITLE,
  FCRA_DISCLOSURE_ACK,
  FCRA_DISCLOSURE_TEXT,
  FCRA_DISCLOSURE_TITLE,
} from "../fcra";

const ADDRESS_PARTS = ["address1", "address2", "city", "stateCode", "zipCode"] as const;

/** 'Same as mailing address' with JavaScript: copy the home address into the business address now (the server does it on save too). */
function copyHomeAddress(checkbox: HTMLInputElement) {
  if (checkbox.type !== "checkbox" || !checkbox.checked) return;
  for (const part of ADDRESS_PARTS) {
    const from = document.getElementById(fieldDomId(`home.${part}`)) as HTMLInputElement | HTMLSelectElement | null;
    const to = document.getElementById(fieldDomId(`business.${part}`)) as HTMLInputElement | HTMLSelectElement | null;
    if (!from || !to) continue;
    to.value = from.value;
    to.dispatchEvent(new Event(to instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  }
}

export function stateOptions(view: SectionView) {
  return view.states.map((s) => ({ value: s.stateCode, label: `${s.stateName} (${s.stateCode})` }));
}

function AddressFields({ fields, view, prefix }: { fields: AnyFields; view: SectionView; prefix: string }) {
  return (
    <div className="form-grid">
      <TextField meta={fields.address1} label="Address" required className="span-all" autoComplete={`section-${prefix} address-line1`} />
      <TextField meta={fields.address2} label="Address 2" className="span-all" autoComplete={`section-${prefix} address-line2`} />
      <TextField meta={fields.city} label="City" required autoComplete={`section-${prefix} address-level2`} />
      <SelectField meta={fields.stateCode} label="State" required options={stateOptions(view)} />
      <TextField meta={fields.zipCode} label="Zip Code" required numeric autoComplete={`section-${prefix} postal-code`} />
    </div>
  );
}

export function PersonalSection({ view, fields }: SectionProps) {
  const readOnly = useReadOnly();
  const t = { appointmentTypeCode: view.typeCode, flavour: view.flavour };
  const business = showsBusinessBlock(t);
  const w9 = showsW9(t);
  const signatures = fields.signatures.getFieldset();
  const irs = fields.apptIRSInfo.getFieldset();
  const answers = fields.answers.getFieldList();
  const abandoned = view.statusCode === "APWF_STATUS_ABANDONED";
  const derived = useDerivedTyping(view.typeCode);

  return (
    <div className="app-section" {...derived}>
      <fieldset>
        <legend>Basics</legend>
        <div className="form-grid form-grid--3">
          <TextField meta={fields.firstName} label="First Name" required autoComplete="given-name" />
          <TextField meta={fields.middleName} label="Middle Name" autoComplete="additional-name" />
          <TextField meta={fields.lastName} label="Last Name" required autoComplete="family-name" />
        </div>
        <div className="form-grid">
          <TextField meta={fields.ssn} strip label="SSN" required sensitive hint="9 digits, no dashes" />
          <TextField meta={fields.birthDate} label="Birth Date" required type="date" autoComplete="bday" />
          <TextField
            meta={fields.emailAddress}
            label="Email Address"
            required
            type="email"
            autoComplete="email"
            readOnly={isWebBasedType(view.typeCode)}
          />
          <TextField meta={fields.driverLicenseNumber} label="Driver License Number" autoComplete="off" />
          <TextField meta={fields.nationalProducerNumber} label="National Producer Number (NPN)" required />
          <TextField
            meta={fields.residentStateInsuranceLicenseNumber}
            label="Resident State Insurance License Number"
            required
          />
          <SelectField meta={fields.residentStateCode} label="Resident State" options={stateOptions(view)} />
          <TextField meta={fields.phoneNumber} label="Phone Number" required type="tel" numeric autoComplete="tel-national" hint="10 digits" />
          <TextField meta={fields.cellNumber} strip label="Cell Number" type="tel" numeric autoComplete="tel-national" />
          {showsFaxField(t) ? <TextField meta={fields.faxNumber} strip label="Fax Number" type="tel" numeric /> : null}
        </div>
      </fieldset>

      <fieldset>
        <legend>Home Address</legend>
        <AddressFields fields={fields.home.getFieldset()} view={view} prefix="home" />
      </fieldset>

      {business ? (
        <>
          <fieldset>
            <legend>Business Information</legend>
            <div className="form-grid">
              <TextField meta={fields.businessName} label="Business Name" required autoComplete="organization" className="span-all" />
              <TextField meta={fields.businessTaxID} strip label="Business Tax Id" required sensitive hint="9 digits, different from your SSN" />
              <TextField meta={fields.businessPhone} label="Business Phone" required type="tel" numeric />
              <TextField meta={fields.businessCellNumber} strip label="Business Cell Number" type="tel" numeric />
              <TextField meta={fields.businessFaxNumber} strip label="Business Fax Number" type="tel" numeric />
            </div>
          </fieldset>
          <fieldset>
            <legend>Business Address</legend>
            {!abandoned && !readOnly ? (
              <div onChange={(e) => copyHomeAddress(e.target as HTMLInputElement)}>
                <CheckboxField meta={fields.sameAsMailing} value="on" label="Same as mailing address" />
              </div>
            ) : null}
            <AddressFields fields={fields.business.getFieldset()} view={view} prefix="work" />
          </fieldset>
        </>
      ) : null}

      <fieldset>
        <legend>Other</legend>
        <RadioGroup
          meta={fields.sendCorrespondenceToCode}
          legend="Where should we send correspondence?"
          required
          options={CORRESPONDENCE_CODES.filter((c) => c === "R" || business).map((c) => ({
            value: c,
            label: CORRESPONDENCE_LABELS[c],
          }))}
        />
      </fieldset>

      <fieldset id={fieldDomId("answers")}>
        <legend>Questions and Answers</legend>
        <p className="muted">Answer every question. Explain any Yes answer in the comment below.</p>
        {view.questions.map((q, i) => {
          const item = answers[i]?.getFieldset();
          if (!item) return null;
          return (
            <div key={q.questionId} className={`question${q.isSubQuestion || isSubQuestion(q.questionText) ? " question--sub" : ""}`}>
              <input type="hidden" name={item.questionId.name} value={String(q.questionId)} />
              <RadioGroup
                meta={item.answer}
                legend={q.questionText}
                options={[
                  { value: "Y", label: "Yes" },
                  { value: "N", label: "No" },
                ]}
              />
            </div>
          );
        })}
        <TextAreaField meta={fields.qnaComment} label="Comment" />
        <EsignConsent view={view} />
        <SignatureField
          meta={signatures.SIGTYP_QNA}
          label="Signature (your mother's maiden name)"
          consented={view.esignConsented}
          hint="I certify that my answers are true and complete."
        />
      </fieldset>

      <section className="fcra" aria-labelledby="fcra-title">
        <h3 id="fcra-title">{FCRA_BLOCK_TITLE}</h3>
        {/* FCRA 604(b)(2)(A): the disclosure stands alone, nothing on it but the text and its acknowledgement. */}
        <fieldset className="fcra-disclosure">
          <legend>{FCRA_DISCLOSURE_TITLE}</legend>
          {FCRA_DISCLOSURE_TEXT.map((t) => (
            <p key={t}>
              <strong>{t}</strong>
            </p>
          ))}
          <CheckboxField meta={signatures.SIGTYP_FCRA_DISCLOSURE} label={FCRA_DISCLOSURE_ACK} />
        </fieldset>
        <fieldset className="fcra-authorisation">
          <legend>{FCRA_AUTH_TITLE}</legend>
          <p>{FCRA_AUTH_TEXT}</p>
          <SignatureField meta={signatures.SIGTYP_FCRA_AUTH} label={FCRA_AUTH_LABEL} consented={view.esignConsented} />
        </fieldset>
      </section>

      {w9 ? (
        <fieldset>
          <legend>W-9 Tax Form and Certification</legend>
          <div className="form-grid">
            <TextField meta={irs.name} label="Name (on W-9)" required />
            <TextField meta={irs.businessName} label="Business Name (on W-9)" />
          </div>
          <RadioGroup
            meta={irs.businessTypeCode}
            legend="Business Type"
            required
            inline={false}
            options={W9_BUSINESS_TYPES.map((c) => ({ value: c, label: W9_BUSINESS_TYPE_LABELS[c] }))}
          />
          <div className="form-grid">
            <TextField meta={irs.businessTypeOther} label="Other (describe)" />
            <TextField meta={irs.employerIdNumber} strip label="Employer Identification Number (EIN)" sensitive />
          </div>
          <p className="note">
            Under penalties of perjury, I certify that the number shown on this form is my correct taxpayer
            identification number, that I am not subject to backup withholding, and that I am a U.S. person.
          </p>
          <SignatureField
            meta={signatures.SIGTYP_W9_CERT}
            label="W-9 Signature (your mother's maiden name)"
            consented={view.esignConsented}
          />
        </fieldset>
      ) : null}
    </div>
  );
}
