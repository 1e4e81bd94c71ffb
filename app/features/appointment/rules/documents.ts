// Supporting Documents: the shape, the normalising and the rules of spec part 2 §5
// (composed into the section schema by schema.ts).
import { z } from "zod";
import { EO_CERT_DOCUMENT_TYPE, alwaysPresentDocument } from "../codes";
import { type DocsForm, type ValidationContext } from "../form-data";
import { MESSAGES } from "../messages";
import { type Add, bool } from "./kit";
import { CONSENT_1033_DOCUMENT_TYPE, CONSENT_1033_MESSAGE } from "../fcra";

export const documentsShape = z.object({ willFax: bool(), extraWritingNumRequested: bool() });

/** The E&O certificate's error is keyed by its document type code (the upload row's anchor). */
export const EO_CERT_FIELD = EO_CERT_DOCUMENT_TYPE;

export function documentsRules(d: DocsForm, ctx: ValidationContext, add: Add): void {
  const willFax = d.willFax ?? ctx.willFax;
  const eo = ctx.hasUploaded[EO_CERT_DOCUMENT_TYPE] || alwaysPresentDocument(EO_CERT_DOCUMENT_TYPE, ctx.appointmentTypeCode);
  if (!willFax && !eo) add([EO_CERT_FIELD], MESSAGES.eoCertificate);
  // 18 U.S.C. 1033 (decision 0121): asked after a Yes to the breach-of-trust question, faxed or not.
  if (ctx.needs1033Consent && !ctx.hasUploaded[CONSENT_1033_DOCUMENT_TYPE]) add([CONSENT_1033_DOCUMENT_TYPE], CONSENT_1033_MESSAGE, { missing: true });
}
