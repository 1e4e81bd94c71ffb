// Every message of the hierarchy import (decision 0032), shared by the
// import module, the command line and the /admin/import page.
export const IMPORT_MESSAGES = {
  // File and header
  emptyFile: "The file is empty: the first line must be the header row.",
  unknownColumn: (name: string) => `Unknown column "${name.slice(0, 60)}".`,
  duplicateColumn: (name: string) => `The column "${name.slice(0, 60)}" appears more than once.`,
  missingColumn: (name: string) => `The header row has no "${name}" column.`,
  tooManyRows: (max: number) => `The file has more than ${max.toLocaleString("en-US")} rows.`,
  badCsv: (reason: string) => `The file is not valid CSV: ${reason.slice(0, 200)}`,
  fieldCount: (got: number, want: number) => `The row has ${got} fields; the header has ${want}.`,
  notUtf8: "The row has bytes that are not UTF-8 text: save the file as CSV UTF-8 and upload it again.",
  badQuote:
    'A quote (") is out of place or never closed on this line, so the lines after it were not read. A field with quotes, commas or line breaks goes in quotes, each quote inside it doubled ("").',
  // Fields
  required: "Required.",
  tooLong: (max: number) => `At most ${max} characters.`,
  agentNumber: "Letters and digits only, at most 20, and not 0000.",
  blockNumber: "A block number (digits).",
  level: "A level number (1 to 17).",
  code: "Letters and digits only.",
  email: "Not a valid email address.",
  phone: "A phone number of 10 digits.",
  date: "A date as YYYY-MM-DD or MM/DD/YYYY.",
  status: "ACTIVE or TERMINATED.",
  nameOrCompany: "Give a first and last name, or a company name.",
  terminatedNeedsDate: "A TERMINATED agent needs a terminatedDate.",
  activeWithDate: "An ACTIVE agent has no terminatedDate.",
  activeAfterTerminated: "activeDate is after terminatedDate.",
  // Against reference data and the rest of the file
  unknownCarrier: (code: string) => `Unknown carrier "${code}".`,
  unknownBlock: (n: number) => `Unknown block ${n}.`,
  blockOfOtherCarrier: (n: number, code: string) => `Block ${n} is not a block of carrier ${code}.`,
  unknownCompany: (code: string) => `Unknown company "${code}".`,
  companyOfOtherCarrier: (code: string, carrier: string) => `Company ${code} is not a company of carrier ${carrier}.`,
  noCompany: (carrier: string) => `Carrier ${carrier} has no single company: give companyNumber.`,
  levelAboveMax: (max: number) => `The block's product type has levels 1 to ${max}.`,
  duplicateAgent: (line: number) => `The same agent (number, company, block) is on line ${line}.`,
  selfUpline: "An agent cannot be their own upline.",
  unknownUpline: (n: string) => `Upline ${n} is neither in the file nor in the portal in the same company and block.`,
  cycle: (numbers: string[]) => `The uplines make a loop: ${numbers.slice(0, 10).join(" → ")}${numbers.length > 10 ? " …" : ""}.`,
  // Runs
  statusLabel: {
    QUEUED: "Queued",
    READING: "Reading and checking the rows",
    WRITING: "Writing the agents",
    COMPLETED: "Imported",
    REJECTED: "Nothing imported: the file has bad rows",
    FAILED: "Failed",
  } as Record<string, string>,
  failed: "The import failed; nothing was imported. Try again, or ask for help with the file.",
  moreErrors: (shown: number, total: number) => `The first ${shown.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} errors are listed.`,
  // Upload
  noFile: "Choose a CSV file to import.",
  notCsv: "The file must be a CSV file (.csv).",
  tooBig: (mb: number) => `The file is larger than ${mb} MB.`,
  uploadFailed: "The upload failed. Try again.",
} as const;
