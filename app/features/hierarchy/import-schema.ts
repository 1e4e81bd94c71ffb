// The CSV format of the hierarchy import (decision 0032) and the zod schema of
// one row: what a row must be on its own. What needs the reference data, the
// rest of the file or the database (known carrier/company/block, level range,
// duplicates, uplines, loops) is checked by import.server.ts.
import { z } from "zod";
import { EMAIL_MAX, isEmailAddress, normalizeEmail } from "~/lib/email-address";
import { parseReasonChoice, TERMINATION_MESSAGES, type ReasonChoice } from "~/features/state-filings/terminations";
import { IMPORT_MESSAGES as M } from "./import-messages";

/** The columns of the header row (matched without regard to case), in the documented order. */
export const IMPORT_COLUMNS = [
  "agentNumber",
  "companyNumber",
  "blockNumber",
  "carrierCode",
  "mgaCode",
  "level",
  "firstName",
  "middleName",
  "lastName",
  "companyName",
  "uplineAgentNumber",
  "email",
  "phone",
  "status",
  "activeDate",
  "terminatedDate",
  "terminationReason",
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Columns the header must have (the others may be left out). */
export const REQUIRED_COLUMNS: readonly ImportColumn[] = ["agentNumber", "blockNumber", "carrierCode", "mgaCode", "level", "uplineAgentNumber"];

/** Blank, 0 or 0000 in uplineAgentNumber: the top of a hierarchy (a marketing director). */
export const TOP_UPLINES = new Set(["", "0", "0000"]);

/** The most rows one file may have (bounds the memory of one import). */
export const MAX_IMPORT_ROWS = 250_000;
/** The largest file the upload page takes. */
export const MAX_IMPORT_MB = 50;
export const MAX_IMPORT_BYTES = MAX_IMPORT_MB * 1024 * 1024;
/** Where /admin/import posts the file (a resource route), and the file's field name. */
export const IMPORT_UPLOAD_PATH = "/admin/import/upload";
export const IMPORT_FILE_FIELD = "file";
/** Errors kept and shown per import (errorCount counts them all). */
export const MAX_REPORTED_ERRORS = 1000;

const text = (max: number) => z.string().trim().max(max, M.tooLong(max));
const optionalText = (max: number) => text(max).transform((v) => (v === "" ? null : v));
const required = (max: number) => text(max).min(1, M.required);

/** YYYY-MM-DD or MM/DD/YYYY, a real calendar date; '' is null. */
export function parseImportDate(value: string): string | null | undefined {
  const v = value.trim();
  if (v === "") return null;
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v))) [m, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || y > 2200 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return date.toISOString().slice(0, 10);
}

const dateField = z
  .string()
  .max(20, M.date)
  .transform((v, ctx) => {
    const d = parseImportDate(v);
    if (d === undefined) {
      ctx.addIssue({ code: "custom", message: M.date });
      return z.NEVER;
    }
    return d;
  });

/** A phone number's 10 digits, ignoring spaces, dashes, dots and parentheses; '' is null. */
const phoneField = z
  .string()
  .max(30, M.phone)
  .transform((v, ctx) => {
    const digits = v.replace(/[\s().-]/g, "");
    if (digits === "") return null;
    if (!/^\d{10}$/.test(digits)) {
      ctx.addIssue({ code: "custom", message: M.phone });
      return z.NEVER;
    }
    return digits;
  });

/** Required, and (when given) matching: one message per problem, not 'Required' and 'wrong format' together. */
const requiredMatching = (max: number, ok: (v: string) => boolean, message: string) => required(max).refine((v) => v === "" || ok(v), message);
const codeField = (max: number) => requiredMatching(max, (v) => /^[A-Za-z0-9]+$/.test(v), M.code).transform((v) => v.toUpperCase());

/** One CSV row (every value a string, missing columns ''), checked on its own. */
export const importRowSchema = z
  .object({
    agentNumber: requiredMatching(20, (v) => /^[A-Za-z0-9]{1,20}$/.test(v) && !TOP_UPLINES.has(v), M.agentNumber),
    companyNumber: optionalText(20).refine((v) => v === null || /^[A-Za-z0-9]+$/.test(v), M.code),
    blockNumber: requiredMatching(9, (v) => /^\d{1,9}$/.test(v), M.blockNumber).transform(Number),
    carrierCode: codeField(20),
    mgaCode: codeField(20),
    level: requiredMatching(2, (v) => /^\d{1,2}$/.test(v), M.level)
      .transform(Number)
      .refine((n) => n >= 1 && n <= 17, M.level),
    firstName: optionalText(50),
    middleName: optionalText(50),
    lastName: optionalText(50),
    companyName: optionalText(100),
    uplineAgentNumber: text(20).refine((v) => TOP_UPLINES.has(v) || /^[A-Za-z0-9]{1,20}$/.test(v), M.agentNumber),
    email: optionalText(EMAIL_MAX).refine((v) => v === null || isEmailAddress(v), M.email).transform((v) => (v === null ? null : normalizeEmail(v))),
    phone: phoneField,
    status: text(20)
      .transform((v) => v.toUpperCase())
      .refine((v) => v === "" || v === "ACTIVE" || v === "TERMINATED", M.status),
    activeDate: dateField,
    terminatedDate: dateField,
    // Checked against the agent's states when the line deactivates it (import-check, decision 0111).
    terminationReason: text(200).refine((v) => parseReasonChoice(v) !== "invalid", TERMINATION_MESSAGES.reasonFormat),
  })
  .superRefine((v, ctx) => {
    if (!v.companyName && !(v.firstName && v.lastName)) ctx.addIssue({ code: "custom", path: ["lastName"], message: M.nameOrCompany });
    if (v.status === "TERMINATED" && !v.terminatedDate) ctx.addIssue({ code: "custom", path: ["terminatedDate"], message: M.terminatedNeedsDate });
    if (v.status === "ACTIVE" && v.terminatedDate) ctx.addIssue({ code: "custom", path: ["terminatedDate"], message: M.activeWithDate });
    if (v.activeDate && v.terminatedDate && v.activeDate > v.terminatedDate) ctx.addIssue({ code: "custom", path: ["activeDate"], message: M.activeAfterTerminated });
    if (!TOP_UPLINES.has(v.uplineAgentNumber) && v.uplineAgentNumber.toUpperCase() === v.agentNumber.toUpperCase()) ctx.addIssue({ code: "custom", path: ["uplineAgentNumber"], message: M.selfUpline });
  })
  .transform((v) => ({
    agentNumber: v.agentNumber,
    companyNumber: v.companyNumber,
    blockNumber: v.blockNumber,
    carrierCode: v.carrierCode,
    mgaCode: v.mgaCode,
    level: v.level,
    firstName: v.firstName,
    middleName: v.middleName,
    lastName: v.lastName,
    companyName: v.companyName,
    /** null: the top of a hierarchy. */
    upline: TOP_UPLINES.has(v.uplineAgentNumber) ? null : v.uplineAgentNumber,
    email: v.email,
    phone: v.phone,
    /** Without a status: TERMINATED when a terminatedDate is given. */
    isActive: v.status === "" ? !v.terminatedDate : v.status === "ACTIVE",
    activeDate: v.activeDate,
    terminatedDate: v.terminatedDate,
    /** The state's reason of a deactivation: one code, or per state; null: none given. */
    terminationReason: parseReasonChoice(v.terminationReason) as ReasonChoice | null,
    /** C corporation (a company name and no last name), else I individual. */
    agentType: v.companyName && !v.lastName ? "C" : "I",
  }));

export type ImportRow = z.output<typeof importRowSchema>;

/** One reported problem: the file's line number (the header is line 1), the column, the message. */
export type ImportError = { line: number; field: string | null; message: string };
