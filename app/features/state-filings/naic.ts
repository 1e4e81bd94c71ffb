// The carrier's NAIC company code (issue 37 item 2, decision 0109), client-safe: the one rule for
// its form, which the seed and any carrier form ask here; the database's CHECK constraint
// carriers_naic_company_code_format says the same.
import { z } from "zod";

export const NAIC_COMPANY_CODE_PATTERN = "[0-9]{5}";
const NAIC = new RegExp(`^${NAIC_COMPANY_CODE_PATTERN}$`);

export const NAIC_MESSAGES = { invalid: "NAIC company code must be 5 digits" } as const;

export const isNaicCompanyCode = (v: string): boolean => NAIC.test(v);

/** A form's field: blank is 'not known yet' (null), else exactly five digits. */
export const naicCompanyCodeSchema = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : typeof v === "string" ? v.trim() : v),
  z.string().regex(NAIC, NAIC_MESSAGES.invalid).nullable(),
);
