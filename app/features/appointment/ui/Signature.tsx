// Electronic signatures: the consent to sign electronically (shown before the
// first signature of a section until accepted) and the typed signature field.
// The consent button is a submit button of the section form (intent
// esignConsent, no validation): the action records the consent and gives
// back everything typed, so nothing is lost with or without JavaScript.
import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { TextField, useReadOnly } from "~/components/form/fields";
import type { SectionView } from "./types";

export const ESIGN_SUMMARY = [
  "Before you sign, please agree to sign electronically.",
  "Typing your name or your mother's maiden name into a signature field, or ticking an acknowledgement box, signs this application as binding as a signature on paper. You can ask for paper copies at no charge through Contact Us before you submit.",
];

export function EsignConsent({ view }: { view: SectionView }) {
  const readOnly = useReadOnly();
  if (view.esignConsented || readOnly) return null;
  const paragraphs = view.esignText ? view.esignText.split(/\n\n+/) : ESIGN_SUMMARY;
  return (
    <div className="esign" role="region" aria-label="Consent to sign electronically">
      {paragraphs.map((t, i) => (
        <p key={i} className={i === 0 ? "banner__title" : undefined}>
          {t}
        </p>
      ))}
      {view.esignCanAccept ? (
        <button type="submit" name="intent" value="esignConsent" className="btn btn--primary" formNoValidate>
          I agree
        </button>
      ) : (
        <p className="muted">Only the applicant can give this consent, signed in as themselves.</p>
      )}
    </div>
  );
}

export function SignatureField({
  meta,
  label,
  consented,
  hint,
  type = "text",
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  meta: FieldMetadata<any, any, any>;
  label: ReactNode;
  consented: boolean;
  hint?: ReactNode;
  type?: "text" | "date";
}) {
  return (
    <TextField
      meta={meta}
      label={label}
      required
      type={type}
      readOnly={!consented}
      autoComplete="off"
      hint={consented ? hint : "Agree to sign electronically (above) to sign here."}
    />
  );
}
