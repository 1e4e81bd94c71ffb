// How pages-under-reports.mjs requests a report: the portal's own requestReport
// (the request row and its keyed job in the report queue, one transaction), as
// the director's SUBMIT on /reports does, never hand-written job SQL.
import type { CurrentUser } from "../../../app/lib/current-user";
import { configureDatabase, disconnectPrisma } from "../../../app/lib/db.server";
import { requestReport } from "../../../app/features/reports/reports.server";
import type { ReportInput } from "../../../app/features/reports/schema";

export { disconnectPrisma };

/** The bench's database (the portal's, as its superuser). */
export function useDatabase(url: string): void {
  configureDatabase(url);
}

/** The user's downline report of every agent (all statuses); its request id. */
export async function requestDownlineReport(userId: string): Promise<number> {
  const input = { reportId: "1", appointmentStatusId: "0" } as ReportInput;
  return (await requestReport({ id: userId } as CurrentUser, input)).reportRequestId;
}
