// The words of the filing adapter (decision 0112): its errors, the answer file's problems and the
// download's refusals, one catalogue for the server and the screens. Client-safe.
export const FILING_MESSAGES = {
  httpTokenRefused: (status: number) => `The filing service refused the token (HTTP ${status}): check FILING_HTTP_TOKEN. Nothing was marked filed.`,
  httpStatus: (status: number) => `The filing service answered HTTP ${status}. The batch is kept and sent again with the same id.`,
  httpUnreachable: (cause: string) => `The filing service could not be reached (${cause}). The batch is kept and sent again with the same id.`,
  httpTimeout: (ms: number) => `The filing service did not answer within ${ms} ms. The batch is kept and sent again with the same id.`,
  httpMalformed: (where: string, what: string) => `The filing service's answer is not in the expected shape (${where}: ${what}). Nothing was applied.`,
  answerHeader: "The answer file's first line must name the columns FILING_ID or LICENSE_NUM and STATE, RESULT and REASON.",
  answerNotCsv: (what: string) => `The answer file could not be read as CSV (${what}).`,
  answerResult: "RESULT must be ACCEPTED or REJECTED.",
  answerReasonRequired: "A REJECTED line must give the state's reason.",
  answerNoKey: "Give the filing id, or the licence number and the state.",
  answerUnknown: "No filing awaiting the state's answer matches this line.",
  answerConflict: (status: string) => `The filing was already answered ${status}.`,
  answerTwice: "Another line of the file answers the same filing.",
  downloadNotFound: "There is no such filing file.",
  downloadedAlready: (when: string) => `This filing file was downloaded already (${when}) and cannot be downloaded again: it holds social security numbers.`,
  downloadPurged: (when: string) => `This filing file was purged on ${when}, as the retention setting asks.`,
} as const;
