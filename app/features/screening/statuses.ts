// Background screening's vendor-neutral statuses (issue 38 item 1, decision 0122). Any vendor's
// answer maps onto them: in flight (ORDERED, IN_PROGRESS), the result (CLEAR, or CONSIDER which
// starts the FCRA 615 steps at once: ADVERSE_PENDING, DISPUTED while the applicant disputes,
// ADVERSE_FINAL), or CANCELLED. Only CLEAR lets the application be approved.
export const SCREENING_STATUSES = ["ORDERED", "IN_PROGRESS", "CLEAR", "CONSIDER", "ADVERSE_PENDING", "DISPUTED", "ADVERSE_FINAL", "CANCELLED"] as const;
export type ScreeningStatus = (typeof SCREENING_STATUSES)[number];
/** What a vendor (or the administrator, file adapter) reports. */
export const SCREENING_RESULTS = ["CLEAR", "CONSIDER"] as const;
export type ScreeningResult = (typeof SCREENING_RESULTS)[number];
/** The status a vendor may send on a callback or a poll. */
export const VENDOR_STATUSES = ["IN_PROGRESS", "CLEAR", "CONSIDER", "CANCELLED"] as const;

/** The wait between the pre-adverse-action notice and the adverse-action notice, in business days. */
export const ADVERSE_WAIT_BUSINESS_DAYS = 5;

export const SCREENING_MESSAGES = {
  title: "Background screening",
  statusLabel: {
    ORDERED: "Ordered",
    IN_PROGRESS: "In progress",
    CLEAR: "Clear",
    CONSIDER: "Consider",
    ADVERSE_PENDING: "Pre-adverse action notice sent",
    DISPUTED: "Disputed by the applicant",
    ADVERSE_FINAL: "Adverse action notice sent",
    CANCELLED: "Cancelled",
  } satisfies Record<ScreeningStatus, string>,
  /** The approval blocker's reason (the review screen's Approve, and the refusal). */
  holds: (status: ScreeningStatus) => `Background screening is not clear (${SCREENING_MESSAGES.statusLabel[status]}).`,
  notAuthorised: "The applicant has not signed the FCRA authorization: a screening cannot be ordered.",
  off: "Background screening is off (SCREENING_ADAPTER=none): the portal orders no screening and holds no approval for one.",
  alreadyOrdered: "A screening is already ordered for this application.",
  noScreening: "No screening is ordered for this application.",
  resultMissing: "Choose the result.",
  reportMissing: "Upload the vendor's report (PDF).",
  reportNotPdf: "The report must be a PDF file.",
  notAdapter: (adapter: string) => `This screening is ordered through ${adapter}: its result comes from the vendor.`,
  finalTooEarly: (day: string) => `The adverse action notice may not be sent before ${day} (5 business days after the pre-adverse action notice).`,
  finalDisputed: "The applicant disputes the report: the adverse action notice waits until the dispute is resolved.",
  notPending: "There is no pre-adverse action in progress.",
  waitDay: (passed: number, due: string) => `${passed} of 5 business days passed; the adverse action notice may be sent from ${due}.`,
  waitOver: (due: string) => `The wait is over (since ${due}): the adverse action notice may be sent.`,
  vendorDown: (why: string) => `The screening vendor could not be reached (${why}). The order is kept and sent again.`,
  summaryOfRightsTitle: "A Summary of Your Rights Under the Fair Credit Reporting Act",
} as const;

/** The hold on approval (null when none): any screening that is not CLEAR or CANCELLED. */
export function screeningHoldReason(status: ScreeningStatus | null | undefined): string | null {
  if (!status || status === "CLEAR" || status === "CANCELLED") return null;
  return SCREENING_MESSAGES.holds(status);
}
