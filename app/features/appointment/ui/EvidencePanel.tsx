// The 'Signature evidence' panel of the application screen, shown read-only
// to an internal administrator (not while impersonating): the consent to sign
// electronically and, for every signature or acknowledgement, who signed,
// who typed it, when, from where, and what exactly was acknowledged
// (docs/decisions/0009-application-save-submit-evidence.md). A <details>
// block: it opens and closes without JavaScript.
import { LocalTime } from "~/components/LocalTime";
import type { SignatureEvidence, EvidencePerson } from "../evidence.server";

const SIGNATURE_LABELS: Record<string, string> = {
  SIGTYP_QNA: "Personal questions — signature",
  SIGTYP_FCRA_DISCLOSURE: "Background check — disclosure acknowledged",
  SIGTYP_FCRA_AUTH: "Background check — authorisation (full name)",
  SIGTYP_W9_CERT: "W-9 certification — signature",
  SIGTYP_COMSCHED: "Commission schedule — signature",
  SIGTYP_COMSCHED_DT: "Commission schedule — date",
  SIGTYP_COMSCHED_AGT: "Commission schedule — agent name",
  SIGTYP_ST_FEES: "State fees — signature",
  SIGTYP_POLICY_AGREE: "Company Policy — acknowledgement",
  SIGTYP_AGENT_AGREE: "Agent Agreement — acknowledgement",
  SIGTYP_ACKREP: "Representative Agreement — acknowledgement",
  SIGTYP_AML: "Anti-Money-Laundering guide — acknowledgement",
  SIGTYP_AGREENAME: "Policies & agreements — your name",
  SIGTYP_AGREESIG: "Policies & agreements — signature",
};

/** To the second, in the viewer's zone (decision 0102). */
function when(iso: string | null) {
  return iso ? <LocalTime value={iso} seconds /> : "—";
}

function who(p: EvidencePerson | null): string {
  if (!p) return "—";
  return p.email && p.email !== p.name ? `${p.name} <${p.email}>` : p.name;
}

export function EvidencePanel({ evidence }: { evidence: SignatureEvidence }) {
  return (
    <details className="evidence-panel" data-testid="signature-evidence">
      <summary>
        <h2 className="evidence-panel__title">Signature evidence</h2>
      </summary>
      <p className="note">Read-only; shown to internal administrators.</p>
      <h3>Consent to sign electronically (ESIGN)</h3>
      {evidence.consents.length === 0 ? (
        <p>No consent recorded.</p>
      ) : (
        <ul className="evidence-panel__list">
          {evidence.consents.map((c, i) => (
            <li key={i}>
              <dl>
                <dt>Accepted by</dt>
                <dd>{who(c.user)}</dd>
                <dt>When</dt>
                <dd>{when(c.acceptedAt)}</dd>
                <dt>IP address</dt>
                <dd>{c.ipAddress ?? "—"}</dd>
                <dt>Browser</dt>
                <dd>{c.userAgent ?? "—"}</dd>
                <dt>Consent text version</dt>
                <dd>{c.consentTextVersion}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
      <h3>Signatures and acknowledgements</h3>
      {evidence.signatures.length === 0 ? (
        <p>No signatures recorded.</p>
      ) : (
        <ul className="evidence-panel__list">
          {evidence.signatures.map((s) => (
            <li key={s.signatureTypeCode} data-signature-type={s.signatureTypeCode}>
              <h4>
                {SIGNATURE_LABELS[s.signatureTypeCode] ?? s.signatureTypeCode} <code>{s.signatureTypeCode}</code>
              </h4>
              <dl>
                <dt>Value</dt>
                <dd>{s.checkbox ? (s.value === "Y" ? "Y (checked)" : "N (not checked)") : s.value || "—"}</dd>
                <dt>Signed by</dt>
                <dd>{who(s.signedBy)}</dd>
                {s.actingUser ? (
                  <>
                    <dt>Typed by (acting user)</dt>
                    <dd>{who(s.actingUser)}</dd>
                  </>
                ) : null}
                <dt>When</dt>
                <dd>{when(s.signedAt)}</dd>
                <dt>IP address</dt>
                <dd>{s.ipAddress ?? "—"}</dd>
                <dt>Browser</dt>
                <dd>{s.userAgent ?? "—"}</dd>
                <dt>Acknowledged text</dt>
                <dd>{s.acknowledgedText ?? "—"}</dd>
                <dt>Document version</dt>
                <dd>{s.documentVersion ?? "—"}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
