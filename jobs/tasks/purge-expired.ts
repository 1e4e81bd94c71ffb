// Hourly housekeeping: expired portal sessions.
import type { Task } from "graphile-worker";
import { purgeExpiredSessions } from "~/lib/session.server";

export const purgeExpired: Task = async (_payload, helpers) => {
  const sessions = await purgeExpiredSessions();
  if (sessions) helpers.logger.info(`purge-expired: ${sessions} expired sessions removed`);
};
