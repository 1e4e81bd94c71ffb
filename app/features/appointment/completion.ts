// Completion of an application (spec part 2 §4, §9): the deficiencies of
// each section (from the same schemas the forms use) and the completion
// percent from the weights of §9. See docs/decisions/0007.
import type { z } from "zod";
import { DATA_SECTIONS, SECTIONS, feesApply, type DataSectionId, type SectionId } from "./model";
import { EMPTY_APPLICATION, type ApplicationData, type ValidationContext } from "./form-data";
import { agreementsSchema, commissionsSchema, documentsSchema, feesSchema, personalSchema, type IssueParams } from "./schema";

export interface Deficiency {
  section: DataSectionId;
  /** The form field name (conform's name, e.g. 'home.address1', 'signatures.SIGTYP_QNA'), for the link / anchor. */
  field: string;
  message: string;
}

/** A zod issue path as conform names the field: ['answers', 0, 'answer'] → 'answers[0].answer'. */
export function fieldName(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((name, seg) => {
    if (typeof seg === "number") return `${name}[${seg}]`;
    const s = String(seg);
    return name === "" ? s : `${name}.${s}`;
  }, "");
}

/** What a section's schema says of its data: every issue with its field name and message, as the form shows them. */
export interface SectionResult {
  /** Listed deficiencies (one per field; the per-question 'Answers Required' are folded into 'answers'). */
  deficiencies: Deficiency[];
  /** Failed checks (each unanswered question counts), before capping at the weight. */
  failedChecks: number;
  /** The messages next to each field (conform's fieldErrors), every issue included. */
  fieldErrors: Record<string, string[]>;
}

function run(section: DataSectionId, schema: z.ZodType, data: unknown): SectionResult {
  const result = schema.safeParse(data ?? {});
  if (result.success) return { deficiencies: [], failedChecks: 0, fieldErrors: {} };
  const deficiencies: Deficiency[] = [];
  const fieldErrors: Record<string, string[]> = {};
  const seen = new Set<string>();
  let failedChecks = 0;
  for (const issue of result.error.issues) {
    const params = ((issue as { params?: IssueParams }).params ?? {}) as IssueParams;
    const field = fieldName(issue.path);
    (fieldErrors[field] ??= []).push(issue.message);
    failedChecks += params.checks ?? 1;
    if (params.listed === false || seen.has(field)) continue;
    seen.add(field);
    deficiencies.push({ section, field, message: params.summary ?? issue.message });
  }
  return { deficiencies, failedChecks, fieldErrors };
}

/** Every section's validation result for the whole application. */
export function sectionResults(data: ApplicationData, ctx: ValidationContext): Record<DataSectionId, SectionResult> {
  return {
    PERSONAL: run("PERSONAL", personalSchema(ctx), data.personal),
    COMMS: run("COMMS", commissionsSchema(ctx), data.commissions),
    FEES: feesApply(ctx) ? run("FEES", feesSchema(ctx), data.fees) : { deficiencies: [], failedChecks: 0, fieldErrors: {} },
    AGREEMENTS: run("AGREEMENTS", agreementsSchema(ctx), data.agreements),
    DOCS: run("DOCS", documentsSchema(ctx), data.documents),
  };
}

/** The deficiencies of each section (empty list = the section is complete). */
export function sectionErrors(data: ApplicationData, ctx: ValidationContext): Record<DataSectionId, Deficiency[]> {
  const r = sectionResults(data, ctx);
  return Object.fromEntries(DATA_SECTIONS.map((s) => [s, r[s].deficiencies])) as Record<DataSectionId, Deficiency[]>;
}

/**
 * The completion weights of §9 (personal, commissions, fees, agreements,
 * documents) for the application's type, invitation flavour and fax choice.
 */
export function completionWeights(ctx: Pick<ValidationContext, "appointmentTypeCode" | "flavour" | "willFax">): Record<DataSectionId, number> {
  const t = ctx.appointmentTypeCode;
  const personal = t === "APPTTYP_CORP" || t === "APPTTYP_VB_CORP" || t === "APPTTYP_BOTH" ? 43 : t === "APPTTYP_REP" || t === "APPTTYP_PRIN" ? 33 : 36;
  const docs = t === "APPTTYP_BOTH" ? (ctx.willFax ? 12 : 15) : ctx.willFax ? 10 : 13;
  return {
    PERSONAL: personal,
    COMMS: ctx.flavour === "VB_CUSTOM" ? 6 : 9,
    FEES: feesApply(ctx) ? 2 : 0,
    AGREEMENTS: 4,
    DOCS: docs,
  };
}

export interface Completion {
  /** 0–100; 100 exactly when no section has a deficiency (submit would pass). */
  percent: number;
  /** Check mark per section (INSTRUCT, and FEES when it does not apply, are always complete). */
  complete: Record<SectionId, boolean>;
  /** All deficiencies, in section order. */
  deficiencies: Deficiency[];
  /**
   * Per data section: its weight, the checks that failed and the checks it has
   * for this application (what an empty section fails).
   */
  sections: Record<DataSectionId, { weight: number; failed: number; checks: number }>;
}

/**
 * Completion: 100 minus the error share, where each data section weighs as
 * §9 says and loses the part of its weight that its failed checks are of its
 * checks: percent = round(100 × Σ w × (1 − failed/checks) / Σ w). An empty
 * application is 0%, a complete one 100%, and never 100 while a deficiency
 * remains. The willFax of the DOCS data wins over ctx.willFax for the
 * documents weight. See docs/decisions/0007.
 */
export function completion(data: ApplicationData, ctx: ValidationContext): Completion {
  const willFax = data.documents?.willFax ?? ctx.willFax;
  const results = sectionResults(data, ctx);
  const empty = sectionResults({ ...EMPTY_APPLICATION, documents: { willFax } }, { ...ctx, willFax, hasUploaded: {} });
  const weights = completionWeights({ ...ctx, willFax });
  let total = 0;
  let earned = 0;
  const sections = {} as Record<DataSectionId, { weight: number; failed: number; checks: number }>;
  for (const s of DATA_SECTIONS) {
    const failed = results[s].failedChecks;
    const checks = Math.max(empty[s].failedChecks, failed, 1);
    sections[s] = { weight: weights[s], failed, checks };
    total += weights[s];
    earned += weights[s] * (1 - failed / checks);
  }
  const deficiencies = DATA_SECTIONS.flatMap((s) => results[s].deficiencies);
  let percent = total === 0 ? 100 : Math.round((100 * earned) / total);
  if (deficiencies.length > 0 || DATA_SECTIONS.some((s) => results[s].failedChecks > 0)) percent = Math.min(percent, 99);
  const complete = Object.fromEntries(
    SECTIONS.map((s) => [s, s === "INSTRUCT" ? true : results[s].failedChecks === 0 && results[s].deficiencies.length === 0]),
  ) as Record<SectionId, boolean>;
  return { percent, complete, deficiencies, sections };
}
