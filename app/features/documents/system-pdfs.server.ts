// The PDFs the portal offers that are not uploaded by anyone: the four
// agreements of Policies & Agreements, the help guides, the application
// instructions, the wizard pointers and one commission schedule per
// commission schedule. They are generated (never committed as binaries) and
// stored through storage.server.ts by the seed. Output is deterministic for
// the same input, so re-seeding recognises an unchanged version.
// Document type codes: docs/decisions/0003-system-documents.md.
// The document texts live in agreement-pdfs.server.ts and
// guide-pdfs.server.ts, the commission schedule in
// commission-schedule-pdf.server.ts, the codes in system-document-codes.ts.
import { amlGuide, agentAgreement, companyPolicy, repAgreement } from "./agreement-pdfs.server";
import {
  helpCompleteApp,
  helpExistingUser,
  helpNewUser,
  helpRecruit,
  instructions,
  wizardPointers,
} from "./guide-pdfs.server";
import { renderDocument, type DocumentSpec } from "./pdf-layout.server";
import { DOCUMENT_TYPE_CODES } from "./system-document-codes";

export type SystemDocumentCategory = "agreement" | "help" | "instructions";

export type SystemDocument = {
  documentTypeCode: string;
  title: string;
  fileName: string;
  version: string;
  category: SystemDocumentCategory;
  description: string;
  render(): Promise<Uint8Array>;
};
type Entry = { code: string; spec: DocumentSpec; fileName: string; category: SystemDocumentCategory; description: string };

const ENTRIES: Entry[] = [
  { code: DOCUMENT_TYPE_CODES.agentAgreement, spec: agentAgreement, fileName: "agent-agreement.pdf", category: "agreement", description: "All-company agent agreement (Policies & Agreements)" },
  { code: DOCUMENT_TYPE_CODES.repAgreement, spec: repAgreement, fileName: "representative-agreement.pdf", category: "agreement", description: "Representative agreement (Policies & Agreements)" },
  { code: DOCUMENT_TYPE_CODES.companyPolicy, spec: companyPolicy, fileName: "company-policy.pdf", category: "agreement", description: "Company policy (Policies & Agreements)" },
  { code: DOCUMENT_TYPE_CODES.amlGuide, spec: amlGuide, fileName: "aml-guide.pdf", category: "agreement", description: "Anti-money-laundering guide (Policies & Agreements)" },
  { code: DOCUMENT_TYPE_CODES.helpRecruit, spec: helpRecruit, fileName: "how-to-recruit.pdf", category: "help", description: "Help: how to recruit (FAQ and Help pages)" },
  { code: DOCUMENT_TYPE_CODES.helpCompleteApp, spec: helpCompleteApp, fileName: "how-to-complete-applications.pdf", category: "help", description: "Help: completing applications for prospect agents (FAQ and Help pages)" },
  { code: DOCUMENT_TYPE_CODES.helpNewUser, spec: helpNewUser, fileName: "welcome-new-users.pdf", category: "help", description: "Welcome page guide for new users" },
  { code: DOCUMENT_TYPE_CODES.helpExistingUser, spec: helpExistingUser, fileName: "welcome-existing-users.pdf", category: "help", description: "Welcome page guide for existing users" },
  { code: DOCUMENT_TYPE_CODES.instructions, spec: instructions, fileName: "application-instructions.pdf", category: "instructions", description: "Instructions section of the application" },
  { code: DOCUMENT_TYPE_CODES.wizardPointers, spec: wizardPointers, fileName: "wizard-pointers.pdf", category: "instructions", description: "Pointers shown in step 4 of the wizard" },
];

/** The catalogue of generated system documents (not commission schedules). */
export function systemDocuments(): SystemDocument[] {
  return ENTRIES.map((e) => ({
    documentTypeCode: e.code,
    title: e.spec.title,
    fileName: e.fileName,
    version: e.spec.version,
    category: e.category,
    description: e.description,
    render: () => renderDocument(e.spec),
  }));
}
