// Policies & Agreements: the four acknowledgements, your name and the
// agreement signature (spec part 2 §3–§5).
import { showsRepresentativeAgreement } from "./model";
import { type SignatureType } from "./codes";
import { type AgreementsForm } from "./form-data";
import { derivedAgentName, formAgentName, signatureReader } from "./record.server";
import { checkSignatureConsent, writeSectionSignatures, type SectionModule, type SectionWork } from "./section.server";

function signatures(a: AgreementsForm, w: SectionWork): Partial<Record<SignatureType, string | undefined>> {
  const s = a.signatures ?? {};
  return {
    SIGTYP_POLICY_AGREE: s.SIGTYP_POLICY_AGREE,
    SIGTYP_AGENT_AGREE: s.SIGTYP_AGENT_AGREE,
    ...(showsRepresentativeAgreement(w.ctx) ? { SIGTYP_ACKREP: s.SIGTYP_ACKREP } : {}),
    SIGTYP_AML: s.SIGTYP_AML,
    SIGTYP_AGREENAME: s.SIGTYP_AGREENAME || derivedAgentName(w.a) || undefined,
    SIGTYP_AGREESIG: s.SIGTYP_AGREESIG,
  };
}

export const agreementsSection: SectionModule<"agreements"> = {
  read(a, _questions, profile) {
    const signature = signatureReader(a, formAgentName(a, profile));
    return {
      signatures: {
        SIGTYP_POLICY_AGREE: signature("SIGTYP_POLICY_AGREE"),
        SIGTYP_AGENT_AGREE: signature("SIGTYP_AGENT_AGREE"),
        SIGTYP_ACKREP: signature("SIGTYP_ACKREP"),
        SIGTYP_AML: signature("SIGTYP_AML"),
        SIGTYP_AGREENAME: signature("SIGTYP_AGREENAME"),
        SIGTYP_AGREESIG: signature("SIGTYP_AGREESIG"),
      },
    };
  },
  check: (a, w, add) => checkSignatureConsent(signatures(a, w), w, add),
  signatures,
  write: (a, w) => writeSectionSignatures(signatures(a, w), w),
};
