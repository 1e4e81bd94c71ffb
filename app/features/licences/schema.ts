// The licence and credential forms (issue 23, decision 0068): one zod schema each, shared by the
// browser (conform), the actions, the csv import and the licence lookup (which parse the same
// fields). The parsed value is what records.server.ts writes.
import { z } from "zod";
import { checkFiles, PDF_UPLOAD_POLICY } from "~/lib/upload-policy";
import { LICENCE_MESSAGES as M, LICENCE_STATE_CODES } from "./messages";
import { LICENCE_SCREEN } from "./screen-messages";
import { addMonths, CREDENTIAL_KINDS, LICENCE_STATUSES } from "./status";

export const LICENCE_NUMBER_MAX = 25;
export const LICENCE_CLASS_MAX = 60;
export const PROVIDER_MAX = 100;
export const POLICY_MAX = 40;
export const COURSE_MAX = 100;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (v: string) => DAY.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/** A 'YYYY-MM-DD' day (the value of <input type="date">), a real calendar day, or nothing. */
const optionalDay = z.string().trim().max(10, M.dateInvalid).regex(DAY, M.dateInvalid).refine(isRealDay, M.dateInvalid).optional();

/** A checkbox: present ('on', 'Y', 'true') is true, absent false. */
const checkbox = z
  .string()
  .max(5)
  .optional()
  .transform((v) => v != null && v !== "" && v !== "false" && v !== "N");

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : null));

export const licenceSchema = z
  .object({
    stateCode: z
      .string({ error: M.stateRequired })
      .trim()
      .min(1, M.stateRequired)
      .max(2, M.stateUnknown)
      .transform((v) => v.toUpperCase())
      .refine((v) => LICENCE_STATE_CODES.includes(v), M.stateUnknown),
    licenceNumber: optionalText(LICENCE_NUMBER_MAX, M.numberTooLong),
    licenceClass: z.string().trim().max(LICENCE_CLASS_MAX, M.classTooLong).optional().transform((v) => v || "Insurance Producer"),
    isResident: checkbox,
    loaLife: checkbox,
    loaAccidentHealth: checkbox,
    loaVariable: checkbox,
    effectiveDate: optionalDay.transform((v) => v ?? null),
    expiryDate: optionalDay.transform((v) => v ?? null),
    status: z.enum(LICENCE_STATUSES).default("ACTIVE"),
  })
  // Said with the other fields' messages (when), not only once they are right.
  .refine((v) => v.loaLife === true || v.loaAccidentHealth === true || v.loaVariable === true, { path: ["loaLife"], message: M.lineRequired, when: () => true })
  .refine((v) => !(typeof v.effectiveDate === "string" && typeof v.expiryDate === "string" && v.expiryDate < v.effectiveDate), {
    path: ["expiryDate"],
    message: M.expiryBeforeEffective,
    when: () => true,
  });
export type LicenceInput = z.output<typeof licenceSchema>;

const kind = z.enum(CREDENTIAL_KINDS);

/**
 * A credential: E&O (provider, policy number, limit, effective and expiry dates) or a training
 * certificate (AML or product: course, provider, completion date and months of validity; the
 * expiry is computed). The uploaded certificate travels beside the form (records.server.ts).
 */
export const credentialSchema = z
  .object({
    kind,
    provider: optionalText(PROVIDER_MAX, M.providerTooLong),
    policyNumber: optionalText(POLICY_MAX, M.policyTooLong),
    coverageLimit: z
      .string()
      .trim()
      .max(16, M.limitInvalid)
      .regex(/^\d{1,12}(\.\d{1,2})?$/, M.limitInvalid)
      .optional()
      .transform((v) => v ?? null),
    courseName: optionalText(COURSE_MAX, M.providerTooLong),
    carrierId: z.coerce.number().int().positive().optional().transform((v) => v ?? null),
    effectiveDate: optionalDay.transform((v) => v ?? null),
    validMonths: z.coerce.number({ error: M.validMonthsRange }).int(M.validMonthsRange).min(1, M.validMonthsRange).max(120, M.validMonthsRange).optional(),
    expiryDate: optionalDay.transform((v) => v ?? null),
    // The chosen file, in the browser only (the server receives it beside the form): over the
    // application's upload limit it is not sent at all.
    certificate: z.unknown().optional(),
  })
  .refine((v) => !isTooBig(v.certificate), { path: ["certificate"], message: LICENCE_SCREEN.certificateTooBig, when: () => true })
  .superRefine((v, ctx) => {
    if (v.kind === "EO") {
      if (!v.policyNumber) ctx.addIssue({ code: "custom", path: ["policyNumber"], message: M.policyRequired });
      if (!v.expiryDate) ctx.addIssue({ code: "custom", path: ["expiryDate"], message: M.expiryRequired });
      else if (v.effectiveDate && v.expiryDate < v.effectiveDate) ctx.addIssue({ code: "custom", path: ["expiryDate"], message: M.expiryBeforeEffective });
    } else {
      if (!v.courseName && v.kind === "PRODUCT_TRAINING") ctx.addIssue({ code: "custom", path: ["courseName"], message: M.courseRequired });
      if (!v.effectiveDate) ctx.addIssue({ code: "custom", path: ["effectiveDate"], message: M.completionRequired });
      if (v.validMonths == null && !v.expiryDate) ctx.addIssue({ code: "custom", path: ["validMonths"], message: M.validMonthsRange });
    }
  })
  .transform((v) => ({
    ...v,
    validMonths: v.kind === "EO" ? null : (v.validMonths ?? null),
    // Training: valid for validMonths after completion, through the day before (completed 2026-03-15,
    // 12 months: valid through 2027-03-14); an explicit expiry wins.
    expiryDate:
      v.kind !== "EO" && v.validMonths != null && v.effectiveDate && !v.expiryDate
        ? dayBefore(addMonths(v.effectiveDate, v.validMonths))
        : (v.expiryDate as string),
  }));
export type CredentialInput = z.output<typeof credentialSchema>;

function isTooBig(file: unknown): boolean {
  return typeof File !== "undefined" && file instanceof File && checkFiles(PDF_UPLOAD_POLICY, [file]) === "TOO_BIG";
}

function dayBefore(d: string): string {
  return new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}
