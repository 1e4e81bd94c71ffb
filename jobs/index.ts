// The task list and schedules of the embedded job runner.
import type { TaskList } from "graphile-worker";
import { purgeExpired } from "./tasks/purge-expired";
import { sendEmail } from "./tasks/send-email";

const tasks = {
  "send-email": sendEmail,
  "purge-expired": purgeExpired,
};

export type TaskName = keyof typeof tasks;
export const taskList: TaskList = tasks;

// graphile-worker crontab format, times in UTC.
// ┌ minute ┬ hour ┬ day ┬ month ┬ weekday  task  options
export const crontab = [
  "17 * * * * purge-expired ?max=1&jobKey=purge-expired",
].join("\n");
