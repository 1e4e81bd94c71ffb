// Queuing the fee report (report 4, decision 0117) from ADMIN > State Filings > Fee report: the
// period checked by its schema (state-filings/fee-report.ts), then the report job like every other
// report (the same queue, pending cap, REPORT RESULTS download and retention). The caller has
// checked manage:state-filings.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { feeReportCarrierName } from "~/features/state-filings/fee-report.server";
import { FEE_REPORT_MESSAGES, feeReportSchema } from "~/features/state-filings/fee-report";
import type { CurrentUser } from "~/lib/current-user";
import { requestReport, TooManyPendingReportsError } from "./reports.server";

export type FeeReportRequestResult = { ok: true; reportRequestId: number } | { ok: false; reply: SubmissionResult<string[]> } | { ok: false; busy: true };

export async function requestFeeReport(user: CurrentUser, formData: FormData): Promise<FeeReportRequestResult> {
  const submission = parseWithZod(formData, { schema: feeReportSchema });
  if (submission.status !== "success") return { ok: false, reply: submission.reply() };
  const { carrier } = submission.value;
  const carrierName = carrier ? await feeReportCarrierName(carrier) : null;
  if (carrier && !carrierName) return { ok: false, reply: submission.reply({ fieldErrors: { carrier: [FEE_REPORT_MESSAGES.carrierInvalid] } }) };
  try {
    const r = await requestReport(user, { ...submission.value, carrierName: carrierName ?? undefined });
    return { ok: true, reportRequestId: r.reportRequestId };
  } catch (error) {
    if (error instanceof TooManyPendingReportsError) return { ok: false, busy: true };
    throw error;
  }
}
