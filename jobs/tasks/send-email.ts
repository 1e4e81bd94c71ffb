// Every email the portal sends goes through this task: retried by
// graphile-worker on failure, deduplicated by the job key the caller gives.
// A job runs again after a crash that came before graphile-worker marked it
// complete; its delivery key (the job key, else "job:<id>") lets deliverMail
// answer with the email already sent instead of sending it twice.
//
// Attachments are named by StoredFile id (attachmentFileIds), never carried
// as bytes in the payload: the task reads them from storage at each attempt.
// A file that is gone (row or bytes) fails the attempt (retried, then left
// failed in the job table for an operator), rather than mailing without it.
import type { Task } from "graphile-worker";
import { sendEmailPayload } from "~/features/jobs/queue.server";
import { markProducerCopySent, TERMINATION_COPY } from "~/features/state-filings/terminations.server";
import { prisma } from "~/lib/db.server";
import { deliverMail, type MailAttachment } from "~/lib/mail.server";
import { decryptField } from "~/lib/crypto.server";
import { readFileBytes } from "~/lib/storage.server";

export const sendEmail: Task = async (payload, helpers) => {
  const { attachmentFileIds, sealedAttachmentFileIds, ...msg } = sendEmailPayload.parse(payload);
  const deliveryKey = helpers.job.key ?? `job:${helpers.job.id}`;
  const attachments = [...(await loadAttachments(attachmentFileIds ?? [])), ...(await loadAttachments(sealedAttachmentFileIds ?? [], true))];
  const result = await deliverMail({ ...msg, attachments, deliveryKey });
  helpers.logger.info(`send-email: ${result.status} (${result.id})`);
  // A for-cause termination's case records when its copy to the producer went (decision 0111).
  if (msg.relatedType === TERMINATION_COPY && msg.relatedId) await markProducerCopySent(prisma, msg.relatedId, new Date());
};

/** `sealed`: the bytes are a field-sealed base64 (a screening report, decision 0122), opened only here. */
async function loadAttachments(ids: string[], sealed = false): Promise<MailAttachment[]> {
  if (ids.length === 0) return [];
  const files = await prisma.storedFile.findMany({ where: { id: { in: ids } } });
  const out: MailAttachment[] = [];
  for (const id of ids) {
    const file = files.find((f) => f.id === id);
    if (!file) throw new Error(`send-email: attachment ${id} is not stored`);
    out.push({
      filename: file.fileName,
      contentType: file.contentType,
      content: sealed ? Buffer.from(decryptField(Buffer.from(await readFileBytes(file)).toString("utf8")), "base64") : Buffer.from(await readFileBytes(file)),
      storedFileId: file.id,
    });
  }
  return out;
}
