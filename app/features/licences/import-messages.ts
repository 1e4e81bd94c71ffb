// What the licence import and the licence lookup say (issue 23 items 1 and 6, decision 0072). The
// file-level messages (empty file, bad CSV, unknown column, ...) are the agent import's
// (hierarchy/import-messages.ts); a licence's field messages are the license form's (messages.ts).
import { IMPORT_MESSAGES } from "~/features/hierarchy/import-messages";
import { NPN_MESSAGES } from "~/lib/npn";

export const LICENCE_IMPORT_MESSAGES = {
  npnRequired: NPN_MESSAGES.required,
  npnInvalid: NPN_MESSAGES.invalid,
  statusInvalid: "Status must be Active or Inactive (Yes or No).",
  yesNo: "Use Yes or No (Y, N, true, false, Resident, Non-Resident).",
  duplicate: (line: number) => `The same NPN and state is on line ${line}.`,
  residentTwice: (line: number) => `A producer has one resident state: this NPN's resident license is on line ${line}.`,
  residentOnRecord: (state: string) => `A producer has one resident state: this NPN's resident license on record is ${state}. Make it non-resident in this file or on the license screen first.`,
  lineUnknown: "Line of authority is required.",
  statusLabel: {
    ...IMPORT_MESSAGES.statusLabel,
    WRITING: "Writing the licenses",
  } as Record<string, string>,
  lookupFileKept: "Kept for the license lookup: nothing was written.",
  // The lookup
  lookupButton: "Look up licenses",
  lookupNone: "No license lookup is configured.",
  lookupNoFile: "No NIPR file has been uploaded for the license lookup yet.",
  lookupFileMissing: (file: string) => `The license lookup file ${file} cannot be read.`,
  lookupFileBad: (line: number, message: string) => `The license lookup file has a bad row for this NPN (line ${line}): ${message}`,
  lookupHttpStatus: (status: number) => `The license service answered HTTP ${status}.`,
  lookupUnreachable: (reason: string) => `The license service cannot be reached (${reason.slice(0, 120)}).`,
  lookupTimeout: (ms: number) => `The license service did not answer within ${ms.toLocaleString("en-US")} ms.`,
  lookupTooBig: "The license service's answer is too large.",
  lookupNotJson: "The license service's answer is not JSON.",
  lookupMalformed: (where: string, message: string) => `The license service's answer is malformed (${where}: ${message.slice(0, 200)}).`,
  lookupOtherNpn: "The license service answered for another NPN.",
  lookupStateTwice: (state: string) => `${state} is answered twice`,
  lookupConflict: "The licenses of this NPN were being changed at the same moment. Try again.",
  lookupFailed: (message: string) => `License lookup failed: ${message} Nothing was changed.`,
  lookupFound: (name: string, found: number, inserted: number, updated: number) =>
    found === 0
      ? `License lookup (${name}): no licenses found for this NPN. Nothing was changed.`
      : `License lookup (${name}): ${found} license${found === 1 ? "" : "s"} found; ${inserted} new, ${updated} updated, ${found - inserted - updated} unchanged.`,
} as const;
