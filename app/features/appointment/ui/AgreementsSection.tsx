// Policies & Agreements (spec part 2 §2): four parts, each the document in
// the PDF viewer and an acknowledgement checkbox, then Your Name and Mother's
// Maiden Name.
import { showsRepresentativeAgreement } from "../model";
import { CheckboxField } from "~/components/form/fields";
import { EsignConsent, SignatureField } from "./Signature";
import { SystemPdf } from "./SystemPdf";
import type { SectionProps } from "./types";

export const AGREEMENT_PARTS = [
  {
    key: "ALLCO_AGREE",
    signature: "SIGTYP_AGENT_AGREE",
    title: "Agent Agreement",
    ack: "I have read and agree to the Agent Agreement.",
  },
  {
    key: "REP_AGREE",
    signature: "SIGTYP_ACKREP",
    title: "Representative Agreement",
    ack: "I have read and agree to the Representative Agreement.",
  },
  {
    key: "CO_POLICY",
    signature: "SIGTYP_POLICY_AGREE",
    title: "Company Policy",
    ack: "I have read and acknowledge the Company Policy.",
  },
  {
    key: "AML_GUIDE",
    signature: "SIGTYP_AML",
    title: "Anti-Money-Laundering Guide",
    ack: "I have read and acknowledge the Anti-Money-Laundering Guide.",
  },
] as const;

export function AgreementsSection({ view, fields }: SectionProps) {
  const t = { appointmentTypeCode: view.typeCode, flavour: view.flavour };
  const signatures = fields.signatures.getFieldset();
  const parts = AGREEMENT_PARTS.filter((p) => p.key !== "REP_AGREE" || showsRepresentativeAgreement(t));
  return (
    <div className="app-section">
      <EsignConsent view={view} />
      {parts.map((p, i) => (
        <fieldset key={p.key} className="pdf-part">
          <legend>
            Part {i + 1}: {p.title}
          </legend>
          <SystemPdf documentKey={p.key} title={p.title} />
          {view.esignConsented || view.readOnly ? (
            <CheckboxField meta={signatures[p.signature]} label={p.ack} />
          ) : (
            <p className="muted">Agree to sign electronically (above) to acknowledge.</p>
          )}
        </fieldset>
      ))}
      <fieldset>
        <legend>Signature</legend>
        <div className="form-grid">
          <SignatureField meta={signatures.SIGTYP_AGREENAME} label="Your Name" consented={view.esignConsented} />
          <SignatureField meta={signatures.SIGTYP_AGREESIG} label="Mother's Maiden Name" consented={view.esignConsented} />
        </div>
      </fieldset>
    </div>
  );
}
