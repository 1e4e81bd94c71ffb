// The administrator's 'Work waiting' card on the dashboard (issue 36 item 9, decision 0097): per
// back-office screen a count, for applications the age of the oldest waiting one, and the address of
// the screen (filtered where it has a filter). ADMIN_WORK_SQL's columns are read in the dashboard's
// own statement (dashboard.server.ts dashboardSql): no statement of its own on /home. Each tile
// needs the capability of its screen (app/lib/permissions.ts); each count is what that screen lists.
import { can, type Capability } from "~/lib/permissions";
import { APPT_STATUS } from "~/lib/shell.server";
import { NOT_IN_GOOD_ORDER_HREF } from "./ui/PipelineCard";
import { WORK_MESSAGES as M } from "./messages";

/**
 * One row: the review queue's applications (APWF_STATUS_NEWCONTRACT, not deleted: the queue without
 * filters) and the oldest submission; the service requests of the queue's default filter (not done)
 * and the open ones; every agent not in good order (the compliance view of manage:licences); the
 * FAILED webhook deliveries whose event has not reached that endpoint since (a delivered replay settles one).
 */
export const ADMIN_WORK_SQL = `
  SELECT q.applications, q.oldest_submitted_at,
         (SELECT count(*) FROM service_requests sr WHERE sr.status IN ('OPEN', 'IN_PROGRESS'))::int AS requests,
         (SELECT count(*) FROM service_requests sr WHERE sr.status = 'OPEN')::int AS requests_open,
         (SELECT count(*) FROM agent_compliance ac WHERE ac.standing = 'NOT_IN_GOOD_ORDER')::int AS compliance,
         (SELECT count(*) FROM webhook_deliveries wd
           WHERE wd.status = 'FAILED'
             AND NOT EXISTS (SELECT 1 FROM webhook_deliveries ok
                              WHERE ok.event_id = wd.event_id AND ok.endpoint_id = wd.endpoint_id AND ok.status = 'DELIVERED'))::int AS webhooks
    FROM (SELECT count(*)::int AS applications, min(ap.submitted_at) AS oldest_submitted_at
            FROM appointments ap
           WHERE ap.appointment_status_code = '${APPT_STATUS.NEWCONTRACT}' AND NOT ap.is_deleted) q`;

export type AdminWorkRow = {
  applications: number;
  oldest_submitted_at: string | null;
  requests: number;
  requests_open: number;
  compliance: number;
  webhooks: number;
};

export type WorkTile = {
  key: "applications" | "requests" | "compliance" | "webhooks";
  label: string;
  count: number;
  /** A line under the count: the oldest application's wait, the open requests; null for none. */
  detail: string | null;
  href: string;
};

/** The capability of the screen each tile opens (one rule: the role table). */
export const WORK_CAPABILITY: Record<WorkTile["key"], Capability> = {
  applications: "review:application",
  requests: "manage:service-request",
  // Every agent's standing (read:compliance alone is a downline's: the pipeline card's count).
  compliance: "manage:licences",
  webhooks: "manage:integrations",
};

/** Whether the user gets the card at all: any of its screens. */
export function hasAdminWork(capabilities: readonly Capability[]): boolean {
  return Object.values(WORK_CAPABILITY).some((c) => can(capabilities, c));
}

const HOUR_MS = 60 * 60 * 1000;

/** How long something has waited, in words: 'under an hour', '5 hours', '1 day', '12 days'. */
export function waitedFor(since: Date, now: Date): string {
  const hours = Math.floor((now.getTime() - since.getTime()) / HOUR_MS);
  if (hours < 1) return "under an hour";
  if (hours < 24) return `${hours} hour${hours === 1 ? "" : "s"}`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? "" : "s"}`;
}

/** The tiles the user may open, from a row of ADMIN_WORK_SQL. */
export function workTiles(row: AdminWorkRow | null | undefined, capabilities: readonly Capability[], now: Date): WorkTile[] {
  const n = (v: unknown) => Number(v ?? 0);
  const oldest = row?.oldest_submitted_at ? new Date(row.oldest_submitted_at) : null;
  const tiles: WorkTile[] = [
    {
      key: "applications",
      label: M.applications,
      count: n(row?.applications),
      detail: n(row?.applications) > 0 && oldest ? `Oldest waiting ${waitedFor(oldest, now)}` : null,
      href: "/admin/review",
    },
    {
      key: "requests",
      label: M.requests,
      count: n(row?.requests),
      detail: n(row?.requests) > 0 ? `${n(row?.requests_open)} open` : null,
      href: "/admin/requests?status=ACTIVE",
    },
    { key: "compliance", label: M.compliance, count: n(row?.compliance), detail: null, href: NOT_IN_GOOD_ORDER_HREF },
    { key: "webhooks", label: M.webhooks, count: n(row?.webhooks), detail: null, href: "/admin/webhooks" },
  ];
  return tiles.filter((t) => can(capabilities, WORK_CAPABILITY[t.key]));
}
