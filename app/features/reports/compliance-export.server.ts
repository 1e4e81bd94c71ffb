// The compliance view's xlsx export (issue 23 item 5, decision 0073): the view's filters, checked by
// the report's own schema, requested as report 3 through the report job (the same queue, limits and
// bell as the other reports); back to /compliance saying it is queued, or that too many are pending.
import { data, redirect } from "@remix-run/node";
import { COMPLIANCE_MESSAGES as M, complianceFilterParams } from "~/features/licences/compliance-view";
import { carrierLabel } from "~/features/licences/compliance-view.server";
import type { CurrentUser } from "~/lib/current-user";
import { readForm } from "~/lib/form.server";
import { requestReport, TooManyPendingReportsError } from "./reports.server";
import { complianceReportSchema } from "./schema";

export async function requestComplianceExport(request: Request, user: CurrentUser): Promise<never> {
  const form = await readForm(request);
  const raw = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
  const parsed = complianceReportSchema.safeParse({ ...raw, carrierName: undefined });
  if (!parsed.success) throw data(M.badFilter, { status: 400 });
  const input = { ...parsed.data, carrierName: (await carrierLabel(parsed.data.carrier)) ?? undefined };
  const back = new URLSearchParams(complianceFilterParams(parsed.data));
  try {
    await requestReport(user, input);
  } catch (error) {
    if (error instanceof TooManyPendingReportsError) {
      back.set("busy", "1");
      throw redirect(`/compliance?${back}`);
    }
    throw error;
  }
  back.set("queued", "1");
  throw redirect(`/compliance?${back}`);
}

