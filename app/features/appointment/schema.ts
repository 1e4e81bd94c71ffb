// The validation rules of the appointment application (spec part 2 §5), one
// zod schema per section, shared by conform in the browser
// (`parseWithZod(formData, { schema })`) and the actions on the server, and
// by completion.ts. Every rule attaches its message to the form field name
// the section posts (see model.ts), so conform shows it next to the field.
//
// Each section schema: a loose z.object of optional values (an empty input is
// "missing"), a normalising transform (trim; formatting stripped from numeric
// fields; email lowercased; masks kept), then one superRefine with the rules,
// which depend on the ValidationContext (appointment type, invitation flavour,
// stored sensitive values, now).
//
// The pieces live in rules/: kit.ts (how rules add issues, shared checks and
// shapes) and one module per section (shape, normalising, rules). Messages
// and limits are in messages.ts.
import { z } from "zod";
import { WIZARD_APPOINTMENT_TYPES, type DataSectionId, type InvitationFlavour } from "./model";
import { type StoredSensitive, type ValidationContext } from "./form-data";
import { MESSAGES } from "./messages";
import { adder, asObject, draft } from "./rules/kit";
import { agreementsRules, agreementsShape, normalizeAgreements } from "./rules/agreements";
import { commissionsRules, commissionsShape, normalizeCommissions } from "./rules/commissions";
import { documentsRules, documentsShape } from "./rules/documents";
import { feesRules, feesShape, normalizeFees } from "./rules/fees";
import { normalizePersonal, personalRules, personalShape } from "./rules/personal";

export type { IssueParams } from "./rules/kit";
export { EO_CERT_FIELD } from "./rules/documents";

export function personalSchema(ctx: ValidationContext) {
  return z.preprocess((v) => normalizePersonal(asObject(v)), personalShape).superRefine((v, zctx) => personalRules(v, ctx, adder(zctx, draft(ctx, v))));
}
export function commissionsSchema(ctx: ValidationContext) {
  return z.preprocess((v) => normalizeCommissions(asObject(v)), commissionsShape).superRefine((v, zctx) => commissionsRules(v, ctx, adder(zctx, draft(ctx, v))));
}
export function feesSchema(ctx: ValidationContext) {
  return z.preprocess((v) => normalizeFees(asObject(v)), feesShape).superRefine((v, zctx) => feesRules(v, ctx, adder(zctx, draft(ctx, v))));
}
export function agreementsSchema(ctx: ValidationContext) {
  return z.preprocess((v) => normalizeAgreements(asObject(v)), agreementsShape).superRefine((v, zctx) => agreementsRules(v, ctx, adder(zctx, draft(ctx, v))));
}
export function documentsSchema(ctx: ValidationContext) {
  return documentsShape.superRefine((v, zctx) => documentsRules(v, ctx, adder(zctx, draft(ctx, v))));
}

// ---------------------------------------------------------------- wizard

/** Wizard step 2: does the invitation look good? (radio `looksGood`, Y or N) */
export const wizardStep2Schema = z.object({
  looksGood: z.enum(["Y", "N"], { error: MESSAGES.wizardYesNo }),
});

/** Wizard step 3 restricted to the choices offered for an invitation flavour. */
export function wizardStep3SchemaFor(flavour: InvitationFlavour) {
  const codes = WIZARD_APPOINTMENT_TYPES[flavour].map((t) => t.code as string);
  return z.object({
    appointmentTypeCode: z
      .string({ error: MESSAGES.wizardType })
      .refine((v) => codes.includes(v), { error: MESSAGES.wizardType }),
  });
}

// ---------------------------------------------------------------- helpers for callers

/** Re-exported for convenience. */
export type { StoredSensitive, ValidationContext };

/** The schema of a data section (what one section form posts). */
export function sectionSchema(section: DataSectionId, ctx: ValidationContext) {
  switch (section) {
    case "PERSONAL":
      return personalSchema(ctx);
    case "COMMS":
      return commissionsSchema(ctx);
    case "FEES":
      return feesSchema(ctx);
    case "AGREEMENTS":
      return agreementsSchema(ctx);
    case "DOCS":
      return documentsSchema(ctx);
  }
}
