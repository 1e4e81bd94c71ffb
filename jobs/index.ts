// The task list and schedules of the embedded job runner: one task for each
// name of the job queue's payload table (app/features/jobs/queue.server.ts).
import type { Task, TaskList } from "graphile-worker";
import type { TaskName } from "~/features/jobs/queue.server";
import { generateApplicationPdf } from "./tasks/generate-application-pdf";
import { generateReport } from "./tasks/generate-report";
import { importAgents } from "./tasks/import-agents";
import { importLicences } from "./tasks/import-licences";
import { notifyAppointment } from "./tasks/notify-appointment";
import { purgeExpired } from "./tasks/purge-expired";
import { purgeReports } from "./tasks/purge-reports";
import { sendEmail } from "./tasks/send-email";
import { sendSms } from "./tasks/send-sms";
import { abandonApplicationsTask } from "./tasks/abandon-applications";
import { sendInvitationTask } from "./tasks/send-invitation";
import { monitorComplianceTask } from "./tasks/monitor-compliance";
import { stateFilingsDailyTask } from "./tasks/state-filings-daily";
import { fileStateFilingsTask } from "./tasks/file-state-filings";
import { complianceNoticeTask } from "./tasks/compliance-notice";
import { deliverWebhookTask } from "./tasks/deliver-webhook";
import { auditDigestTask } from "./tasks/audit-digest";
import { eraseExpiredTask } from "./tasks/erase-expired";
import { orderScreeningTask, pollScreeningsTask } from "./tasks/screenings";

const tasks = {
  "send-email": sendEmail,
  "send-invitation": sendInvitationTask,
  "purge-expired": purgeExpired,
  "notify-appointment": notifyAppointment,
  "generate-application-pdf": generateApplicationPdf,
  "generate-report": generateReport,
  "purge-reports": purgeReports,
  "send-sms": sendSms,
  "abandon-applications": abandonApplicationsTask,
  "import-agents": importAgents,
  "import-licences": importLicences,
  "monitor-compliance": monitorComplianceTask,
  "state-filings-daily": stateFilingsDailyTask,
  "file-state-filings": fileStateFilingsTask,
  "compliance-notice": complianceNoticeTask,
  "deliver-webhook": deliverWebhookTask,
  "audit-digest": auditDigestTask,
  "erase-expired": eraseExpiredTask,
  "order-screening": orderScreeningTask,
  "poll-screenings": pollScreeningsTask,
} satisfies Record<TaskName, Task>;

export const taskList: TaskList = tasks;

export { crontab } from "./crontab";
