// The licence notices of one agent position on one day (queued by monitor-compliance, keyed
// compliance-notice:<agentId>:<day>): the agent and the opted-in uplines by email and text, per
// their communication preferences. Safe to run twice: app/features/licences/monitor.server.ts.
import type { Task } from "graphile-worker";
import { complianceNoticePayload } from "~/features/jobs/queue.server";
import { sendComplianceNotices } from "~/features/licences/monitor.server";

export const complianceNoticeTask: Task = async (payload, helpers) => {
  const { agentId, day } = complianceNoticePayload.parse(payload);
  const r = await sendComplianceNotices(agentId, day);
  helpers.logger.info(
    `compliance-notice ${agentId} ${day}: ${r.notices} notice(s)${r.standing ? " and the standing" : ""}; ${r.emailsQueued} email(s) and ${r.smsQueued} text(s) queued` +
      (r.invalidNumbers ? `, ${r.invalidNumbers} number(s) not usable` : ""),
  );
};
