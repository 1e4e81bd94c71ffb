// What the licence import and the licence lookup say (issue 23 items 1 and 6, decision 0072). The
// file-level messages (empty file, bad CSV, unknown column, ...) are the agent import's
// (hierarchy/import-messages.ts); a licence's field messages are the licence form's (messages.ts).
import { IMPORT_MESSAGES } from "~/features/hierarchy/import-messages";
import { NPN_MESSAGES } from "~/lib/npn";

export const LICENCE_IMPORT_MESSAGES = {
  npnRequired: NPN_MESSAGES.required,
  npnInvalid: NPN_MESSAGES.invalid,
  statusInvalid: "Status must be Active or Inactive (Yes or No).",
  yesNo: "Use Yes or No (Y, N, true, false, Resident, Non-Resident).",
  duplicate: (line: number) => `The same NPN and state is on line ${line}.`,
  residentTwice: (line: number) => `A producer has one resident state: this NPN's resident licence is on line ${line}.`,
  residentOnRecord: (state: string) => `A producer has one resident state: this NPN's resident licence on record is ${state}. Make it non-resident in this file or on the licence screen first.`,
  lineUnknown: "Line of authority is required.",
  statusLabel: {
    ...IMPORT_MESSAGES.statusLabel,
    WRITING: "Writing the licences",
  } as Record<string, string>,
  lookupFileKept: "Kept for the licence lookup: nothing was written.",
  // The lookup
  lookupButton: "Look up licences",
  lookupNone: "No licence lookup is configured.",
  lookupNoFile: "No NIPR file has been uploaded for the licence lookup yet.",
  lookupFileMissing: (file: string) => `The licence lookup file ${file} cannot be read.`,
  lookupFileBad: (line: number, message: string) => `The licence lookup file has a bad row for this NPN (line ${line}): ${message}`,
  lookupHttpStatus: (status: number) => `The licence service answered HTTP ${status}.`,
  lookupUnreachable: (reason: string) => `The licence service cannot be reached (${reason.slice(0, 120)}).`,
  lookupTimeout: (ms: number) => `The licence service did not answer within ${ms.toLocaleString("en-US")} ms.`,
  lookupTooBig: "The licence service's answer is too large.",
  lookupNotJson: "The licence service's answer is not JSON.",
  lookupMalformed: (where: string, message: string) => `The licence service's answer is malformed (${where}: ${message.slice(0, 200)}).`,
  lookupOtherNpn: "The licence service answered for another NPN.",
  lookupStateTwice: (state: string) => `${state} is answered twice`,
  lookupConflict: "The licences of this NPN were being changed at the same moment. Try again.",
  lookupFailed: (message: string) => `Licence lookup failed: ${message} Nothing was changed.`,
  lookupFound: (name: string, found: number, inserted: number, updated: number) =>
    found === 0
      ? `Licence lookup (${name}): no licences found for this NPN. Nothing was changed.`
      : `Licence lookup (${name}): ${found} licence${found === 1 ? "" : "s"} found; ${inserted} new, ${updated} updated, ${found - inserted - updated} unchanged.`,
} as const;
