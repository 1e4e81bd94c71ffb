// Policies & Agreements: the shape, the normalising and the rules of spec part 2 §5
// (composed into the section schema by schema.ts).
import { z } from "zod";
import { showsRepresentativeAgreement } from "../model";
import { type AgreementsForm, type ValidationContext } from "../form-data";
import { MESSAGES } from "../messages";
import { type Add, checkbox, signature, signed, str, trimOrUndef } from "./kit";

export const agreementsShape = z.object({
  signatures: z
    .object({
      SIGTYP_POLICY_AGREE: str(),
      SIGTYP_AGENT_AGREE: str(),
      SIGTYP_ACKREP: str(),
      SIGTYP_AML: str(),
      SIGTYP_AGREENAME: signed(),
      SIGTYP_AGREESIG: signed(),
    })
    .optional(),
});

export function normalizeAgreements(a: AgreementsForm): AgreementsForm {
  const s = a.signatures;
  if (!s) return { signatures: undefined };
  const yn = (v: string | undefined) => (trimOrUndef(v) === "Y" ? "Y" : "N");
  return {
    signatures: {
      SIGTYP_POLICY_AGREE: yn(s.SIGTYP_POLICY_AGREE),
      SIGTYP_AGENT_AGREE: yn(s.SIGTYP_AGENT_AGREE),
      SIGTYP_ACKREP: yn(s.SIGTYP_ACKREP),
      SIGTYP_AML: yn(s.SIGTYP_AML),
      SIGTYP_AGREENAME: trimOrUndef(s.SIGTYP_AGREENAME),
      SIGTYP_AGREESIG: trimOrUndef(s.SIGTYP_AGREESIG),
    },
  };
}

export function agreementsRules(a: AgreementsForm, ctx: ValidationContext, add: Add): void {
  const s = a.signatures ?? {};
  checkbox(add, ["signatures", "SIGTYP_POLICY_AGREE"], s.SIGTYP_POLICY_AGREE, MESSAGES.policyCheckbox);
  checkbox(add, ["signatures", "SIGTYP_AGENT_AGREE"], s.SIGTYP_AGENT_AGREE, MESSAGES.agentCheckbox);
  if (showsRepresentativeAgreement(ctx)) checkbox(add, ["signatures", "SIGTYP_ACKREP"], s.SIGTYP_ACKREP, MESSAGES.repCheckbox);
  checkbox(add, ["signatures", "SIGTYP_AML"], s.SIGTYP_AML, MESSAGES.amlCheckbox);
  signature(add, ["signatures", "SIGTYP_AGREENAME"], s.SIGTYP_AGREENAME, MESSAGES.agreeName, { summary: MESSAGES.agreeNameSummary });
  signature(add, ["signatures", "SIGTYP_AGREESIG"], s.SIGTYP_AGREESIG, MESSAGES.agreeSignature);
}
