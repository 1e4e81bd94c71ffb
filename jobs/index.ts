// The task list and schedules of the embedded job runner.
import type { TaskList } from "graphile-worker";
import { generateApplicationPdf } from "./tasks/generate-application-pdf";
import { notifyAppointment } from "./tasks/notify-appointment";
import { purgeExpired } from "./tasks/purge-expired";
import { sendEmail } from "./tasks/send-email";
import { sendInvitationTask } from "./tasks/send-invitation";

const tasks = {
  "send-email": sendEmail,
  "send-invitation": sendInvitationTask,
  "purge-expired": purgeExpired,
  "notify-appointment": notifyAppointment,
  "generate-application-pdf": generateApplicationPdf,
};

export type TaskName = keyof typeof tasks;
export const taskList: TaskList = tasks;

export { crontab } from "./crontab";
