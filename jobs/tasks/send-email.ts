// Every email the portal sends goes through this task: retried by
// graphile-worker on failure, deduplicated by the job key the caller gives.
// A job runs again after a crash that came before graphile-worker marked it
// complete; its delivery key (the job key, else "job:<id>") lets deliverMail
// answer with the email already sent instead of sending it twice.
import type { Task } from "graphile-worker";
import { z } from "zod";
import { deliverMail } from "~/lib/mail.server";

export const sendEmailPayload = z.object({
  to: z.union([z.string(), z.array(z.string()).min(1)]),
  cc: z.array(z.string()).optional(),
  bcc: z.array(z.string()).optional(),
  subject: z.string().min(1),
  html: z.string().optional(),
  text: z.string().optional(),
  relatedType: z.string().optional(),
  relatedId: z.string().optional(),
});

export type SendEmailPayload = z.infer<typeof sendEmailPayload>;

export const sendEmail: Task = async (payload, helpers) => {
  const msg = sendEmailPayload.parse(payload);
  const deliveryKey = helpers.job.key ?? `job:${helpers.job.id}`;
  const result = await deliverMail({ ...msg, deliveryKey });
  helpers.logger.info(`send-email: ${result.status} (${result.id})`);
};
