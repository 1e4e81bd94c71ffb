// Supporting Documents: the shape, the normalising and the rules of spec part 2 §5
// (composed into the section schema by schema.ts).
import { z } from "zod";
import { EO_CERT_DOCUMENT_TYPE, alwaysPresentDocument } from "../codes";
import { type DocsForm, type ValidationContext } from "../form-data";
import { MESSAGES } from "../messages";
import { type Add, bool } from "./kit";

export const documentsShape = z.object({ willFax: bool(), extraWritingNumRequested: bool() });

/** The E&O certificate's error is keyed by its document type code (the upload row's anchor). */
export const EO_CERT_FIELD = EO_CERT_DOCUMENT_TYPE;

export function documentsRules(d: DocsForm, ctx: ValidationContext, add: Add): void {
  const willFax = d.willFax ?? ctx.willFax;
  const eo = ctx.hasUploaded[EO_CERT_DOCUMENT_TYPE] || alwaysPresentDocument(EO_CERT_DOCUMENT_TYPE, ctx.appointmentTypeCode);
  if (!willFax && !eo) add([EO_CERT_FIELD], MESSAGES.eoCertificate);
  // 18 U.S.C. 1033 (decision 0121): the consent is asked for after a Yes to the breach-of-trust
  // question (Supporting Documents says so), not required: the question also covers a charge and a
  // misdemeanour, which 1033 does not; the reviewer decides.
}
