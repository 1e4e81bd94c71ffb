// The codes and version of the generated system documents, with no PDF
// code: the document type codes (docs/decisions/0003-system-documents.md)
// and the version of the current generation. Shared by the document
// catalogue (system-pdfs.server.ts), the commission schedule PDF, the
// schedule viewer and the seed.

/** The version of the current generation of system documents. */
export const SYSTEM_DOCUMENTS_VERSION = "2026.01";

export const DOCUMENT_TYPE_CODES = {
  agentAgreement: "ALLCO_AGREE",
  repAgreement: "REP_AGREE",
  companyPolicy: "CO_POLICY",
  amlGuide: "AML_GUIDE",
  commissionSchedule: "DOCTYP_COMSCHED_AGREE",
  helpRecruit: "HELP_RECRUIT",
  helpCompleteApp: "HELP_COMPLETE_APP",
  helpNewUser: "HELP_NEW_USER",
  helpExistingUser: "HELP_EXISTING_USER",
  instructions: "INSTRUCTIONS",
  wizardPointers: "WIZARD_POINTERS",
} as const;
