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
import { getZodConstraint, unstable_coerceFormValue as coerceFormValue } from "@conform-to/zod/v4";
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

// Each section's schema: its normalised shape (ctx-free, built once) with the rules of the context
// as one superRefine.
const SECTION_BASES = {
  PERSONAL: z.preprocess((v) => normalizePersonal(asObject(v)), personalShape),
  COMMS: z.preprocess((v) => normalizeCommissions(asObject(v)), commissionsShape),
  FEES: z.preprocess((v) => normalizeFees(asObject(v)), feesShape),
  AGREEMENTS: z.preprocess((v) => normalizeAgreements(asObject(v)), agreementsShape),
  DOCS: documentsShape,
} as const satisfies Record<DataSectionId, z.ZodType>;
type Bases = typeof SECTION_BASES;
/** What /appoint may be posted, any section: readForm takes the lists of these (`states`) repeated. */
export const SECTION_FORM_SCHEMAS: readonly z.ZodType[] = Object.values(SECTION_BASES);

const SECTION_RULES: { [K in DataSectionId]: (v: z.output<Bases[K]>, ctx: ValidationContext, add: ReturnType<typeof adder>) => void } = {
  PERSONAL: personalRules,
  COMMS: commissionsRules,
  FEES: feesRules,
  AGREEMENTS: agreementsRules,
  DOCS: documentsRules,
};

function withRules<S extends z.ZodType>(section: DataSectionId, base: S, ctx: ValidationContext): S {
  return base.superRefine((v, zctx) => checkSectionRules(section, v, ctx, zctx)) as S;
}

/**
 * The section's rules for a context on a parsed value (what withRules' superRefine runs): for a
 * schema built once whose refinement learns the context at parse time (a save: no new schema per
 * request).
 */
export function checkSectionRules(section: DataSectionId, v: unknown, ctx: ValidationContext, zctx: z.RefinementCtx): void {
  const rules = SECTION_RULES[section] as (v: unknown, ctx: ValidationContext, add: ReturnType<typeof adder>) => void;
  rules(v, ctx, adder(zctx, draft(ctx, v)));
}

export function personalSchema(ctx: ValidationContext) {
  return withRules("PERSONAL", SECTION_BASES.PERSONAL, ctx);
}
export function commissionsSchema(ctx: ValidationContext) {
  return withRules("COMMS", SECTION_BASES.COMMS, ctx);
}
export function feesSchema(ctx: ValidationContext) {
  return withRules("FEES", SECTION_BASES.FEES, ctx);
}
export function agreementsSchema(ctx: ValidationContext) {
  return withRules("AGREEMENTS", SECTION_BASES.AGREEMENTS, ctx);
}
export function documentsSchema(ctx: ValidationContext) {
  return withRules("DOCS", SECTION_BASES.DOCS, ctx);
}

const coerced = new Map<DataSectionId, z.ZodType>();
/**
 * The section's shape as conform coerces a post (`coerceFormValue`, what parseWithZod applies to
 * every schema it is given), built once per section. parseWithZod caches that coercion per schema
 * object only, and a section's schema is a new object per context (the rules are closures over
 * it): a save paid the rebuilding of every coerced field (about 1 ms of CPU per save on PERSONAL,
 * docs/performance.md 'Saves, third pass'). The rules are then added on the coerced shape
 * (coercedSectionSchemaWith): the same pipe with the same checks as conform builds, so the
 * same values and messages.
 */
export function coercedSectionSchema<K extends DataSectionId>(section: K): z.ZodType<z.output<Bases[K]>> {
  let s = coerced.get(section);
  if (!s) {
    s = coerceFormValue(SECTION_BASES[section]) as z.ZodType;
    coerced.set(section, s);
  }
  return s as z.ZodType<z.output<Bases[K]>>;
}

/**
 * The section's schema for a form post, already coerced: parse it with
 * `parseWithZod(formData, { schema, disableAutoCoercion: true })`.
 */
export function coercedSectionSchemaWith(section: DataSectionId, ctx: ValidationContext) {
  return withRules(section, coercedSectionSchema(section), ctx);
}

const constraints = new Map<DataSectionId, ReturnType<typeof getZodConstraint>>();
/**
 * The section's constraint for conform (maxLength of each input: getZodConstraint), built once per
 * section from its base shape: the rules of a context (withRules' superRefine) add no constraint,
 * and a section form rendered it from a new schema at every render (decision 0066).
 */
export function sectionConstraint(section: DataSectionId) {
  let c = constraints.get(section);
  if (!c) {
    c = getZodConstraint(SECTION_BASES[section]);
    constraints.set(section, c);
  }
  return c;
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
