// The compliance view's loader and action (issue 23 item 5, decision 0073), behind the thin route
// app/routes/compliance.tsx: who is asking (read:compliance; every agent with manage:licences, else the
// downline), the filters of the address (400 with the field's message when one is unknown), the page
// with its counts. The export is reports/compliance-export.server.ts.
import { data } from "@remix-run/node";
import { readPaging } from "~/components/Pager";
import { can } from "~/lib/permissions";
import type { CurrentUser } from "~/lib/current-user";
import { capabilitiesFor } from "~/lib/permissions.server";
import { COMPLIANCE_PAGE_SIZES, complianceFilterParams, readComplianceFilter, type ComplianceValues } from "./compliance-view";
import { activeCarriers, compliancePage, EVERY_AGENT_CAPABILITY, type CompliancePage } from "./compliance-view.server";
import { dayOf } from "./status";

/** Whether the user (who may read:compliance: the route checked it) sees every agent or their downline. */
export async function seesEveryAgentIn(request: Request): Promise<boolean> {
  const { capabilities } = await capabilitiesFor(request);
  return can(capabilities, EVERY_AGENT_CAPABILITY);
}

/** `extra`: what the route adds to every answer (the overdue state filings: state-filings reads licences, not the other way). */
export async function complianceScreen<E extends object>(request: Request, user: CurrentUser, extra: E) {
  const everyAgent = await seesEveryAgentIn(request);
  const url = new URL(request.url);
  const { page, pageSize } = readPaging(url, { pageSizes: COMPLIANCE_PAGE_SIZES });
  const values: ComplianceValues = {};
  for (const k of ["standing", "expiring", "carrier", "state", "credential"] as const) {
    const v = url.searchParams.get(k);
    if (v) values[k] = v.slice(0, 40);
  }
  const today = dayOf(new Date());
  const queued = url.searchParams.get("queued") === "1";
  const tooMany = url.searchParams.get("busy") === "1";
  const read = readComplianceFilter(url.searchParams);
  const empty: CompliancePage = { rows: [], counts: { IN_GOOD_ORDER: 0, NOT_IN_GOOD_ORDER: 0, UNVERIFIED: 0 }, total: 0, carriers: [] };
  if (!read.ok) {
    const carriers = await activeCarriers();
    return data({ ...extra, everyAgent, values, errors: read.errors, failed: false, queued, tooMany, today, page, pageSize, filterParams: {}, ...empty, carriers }, { status: 400 });
  }
  try {
    const result = await compliancePage({ userId: user.id, everyAgent }, read.filter, today, page, pageSize);
    return data({ ...extra, everyAgent, values, errors: {}, failed: false, queued, tooMany, today, page, pageSize, filterParams: complianceFilterParams(read.filter), ...result });
  } catch (error) {
    console.error("[compliance] loading the view failed:", error instanceof Error ? error.message : error);
    return data({ ...extra, everyAgent, values, errors: {}, failed: true, queued, tooMany, today, page, pageSize, filterParams: {}, ...empty }, { status: 503 });
  }
}
