// Contact Us on the server (spec part 1 §2, §3, §5, §8; decision 0022):
//  - the form's data: request date, requester, the user's agent numbers, the
//    subjects (list values SVC_REQST_TYP);
//  - sending: the multipart body is streamed (receiveUpload: the text fields
//    and at most one PDF of at most 2,000,000 bytes, checked by its name AND
//    its first bytes), the fields go through the zod schema, then the
//    ServiceRequest, its StoredFile and a send-email job (job key
//    svcreq:<id>) that mails it with the PDF to the internal administrators
//    are written in ONE transaction. Nothing is half-saved: on any refusal
//    or failure the written bytes are removed.
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import {
  MalformedUploadError,
  receiveUpload,
  UploadRequestTooLargeError,
  type ReceivedUpload,
} from "~/features/documents/receive-upload.server";
import { jobOptions, queueJob } from "~/features/jobs/queue.server";
import { ownAgentNumbers } from "~/lib/shell.server";
import { audit } from "~/lib/audit.server";
import { ROLE_MARKETING_DIRECTOR, displayName, type CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { formatDateTimeIn } from "~/lib/format-time";
import { removeBlob } from "~/lib/storage.server";
import { serviceRequestEmail } from "./svcreq-email.server";
import {
  REQUEST_TEXT_MAX,
  REQUEST_TYPE_AGENT,
  REQUEST_TYPE_MD,
  serviceRequestSchema,
  SVCREQ_FIELDS,
  SVCREQ_LIST_TYPE,
  SVCREQ_MAX_FILE_BYTES,
  SVCREQ_MESSAGES,
} from "./service-request";

export type Subject = { code: string; label: string };

/** The request date as the form shows it: MM/DD/YYYY hh:mm AM/PM and the zone (email: TIME_ZONE). */
export function formatRequestDate(d: Date, timeZone: string = env().TIME_ZONE): string {
  return formatDateTimeIn(d, timeZone);
}

export async function subjects(): Promise<Subject[]> {
  const rows = await prisma.listValue.findMany({
    where: { listType: SVCREQ_LIST_TYPE, isActive: true },
    orderBy: [{ sortOrder: "asc" }, { vleValue: "asc" }],
    select: { vleCode: true, vleValue: true },
  });
  return rows.map((r) => ({ code: r.vleCode, label: r.vleValue }));
}

export function requesterTypeOf(user: Pick<CurrentUser, "userRoleCode">): string {
  return user.userRoleCode === ROLE_MARKETING_DIRECTOR ? REQUEST_TYPE_MD : REQUEST_TYPE_AGENT;
}

/** Everything the Contact Us page shows before the user types. */
export async function contactUsForm(user: CurrentUser, typ: string | undefined, timeZone: string, now = new Date()) {
  const [list, numbers] = await Promise.all([subjects(), ownAgentNumbers(user.id)]);
  const preselected = typ && list.some((s) => s.code === typ) ? typ : "";
  return {
    requestDate: formatRequestDate(now, timeZone),
    requester: `${displayName(user)} (${user.userName})`,
    recipient: "Internal Administrators",
    agentNumbers: [...new Set(numbers.map((n) => n.agentNumber))],
    subjects: list,
    preselected,
  };
}

/** The addresses of the internal administrators (the recipients); the marketing address when there are none. */
export async function serviceRequestRecipients(): Promise<string[]> {
  const admins = await prisma.user.findMany({
    where: { isInternal: true, isActive: true },
    select: { userName: true },
    orderBy: { userName: "asc" },
    take: 50,
  });
  const to = admins.map((a) => a.userName);
  return to.length ? to : [env().MARKETING_EMAIL];
}

export type SendOutcome =
  | { result: "SENT"; status: 200; serviceRequestId: number }
  | { result: "INVALID"; status: 400; reply: SubmissionResult<string[]> }
  | { result: "INVALID_FILE"; status: 400 | 413; reply: SubmissionResult<string[]> }
  | { result: "MALFORMED"; status: 400 | 413; reply: SubmissionResult<string[]> | null }
  | { result: "ERROR"; status: 503; reply: SubmissionResult<string[]> | null };

const FIELD_CAPS = {
  // A cut field is still over the schema's cap (4 bytes per character at most).
  [SVCREQ_FIELDS.requestText]: REQUEST_TEXT_MAX * 4 + 64,
  [SVCREQ_FIELDS.requestTypeCode]: 200,
  [SVCREQ_FIELDS.requesterNumber]: 200,
};

function formDataOf(fields: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  return fd;
}

/**
 * Reads and sends the signed-in user's request (call after requireUser).
 * The body is read here (streamed, capped); a refusal keeps the typed text in
 * the reply so the page shows it again.
 */
export async function sendServiceRequest(request: Request, user: CurrentUser): Promise<SendOutcome> {
  let got: ReceivedUpload;
  try {
    got = await receiveUpload(request, { maxBytes: SVCREQ_MAX_FILE_BYTES, fields: FIELD_CAPS, fileField: SVCREQ_FIELDS.file });
  } catch (error) {
    if (error instanceof UploadRequestTooLargeError) return { result: "INVALID_FILE", status: 413, reply: { status: "error", error: { [SVCREQ_FIELDS.file]: [SVCREQ_MESSAGES.invalidFileMessage] } } };
    if (error instanceof MalformedUploadError) return { result: "MALFORMED", status: 400, reply: null };
    throw error;
  }
  let committed = false;
  const discard = async () => {
    if (got.blob && !committed) await removeBlob(got.blob.storageKey).catch(() => {});
  };
  try {
    const submission = parseWithZod(formDataOf(got.fields), { schema: serviceRequestSchema });
    const fileProblem = got.fileCount > 1 || got.problem !== null;
    if (submission.status !== "success" || fileProblem) {
      await discard();
      const reply = submission.reply({
        formErrors: fileProblem ? [SVCREQ_MESSAGES.invalidFileTitle] : undefined,
        fieldErrors: fileProblem ? { [SVCREQ_FIELDS.file]: [SVCREQ_MESSAGES.invalidFileMessage] } : undefined,
      });
      return submission.status === "success" ? { result: "INVALID_FILE", status: 400, reply } : { result: "INVALID", status: 400, reply };
    }
    const value = submission.value;
    const [list, numbers] = await Promise.all([subjects(), ownAgentNumbers(user.id)]);
    const subject = list.find((s) => s.code === value.requestTypeCode);
    const fieldErrors: Record<string, string[]> = {};
    if (!subject) fieldErrors[SVCREQ_FIELDS.requestTypeCode] = [SVCREQ_MESSAGES.subjectRequired];
    const requesterNumber = value.requesterNumber || null;
    if (requesterNumber && !numbers.some((n) => n.agentNumber === requesterNumber)) {
      fieldErrors[SVCREQ_FIELDS.requesterNumber] = [SVCREQ_MESSAGES.requesterNumberUnknown];
    }
    if (!subject || Object.keys(fieldErrors).length) {
      await discard();
      return { result: "INVALID", status: 400, reply: submission.reply({ fieldErrors }) };
    }

    const actorId = user.impersonator?.id ?? user.id;
    const to = await serviceRequestRecipients();
    const blob = got.blob;
    const fileName = got.fileName ?? "attachment.pdf";
    const id = await prisma.$transaction(async (tx) => {
      const file = blob
        ? await tx.storedFile.create({
            data: {
              storageKey: blob.storageKey,
              fileName: fileName.toLowerCase().endsWith(".pdf") ? fileName : `${fileName}.pdf`,
              contentType: "application/pdf",
              byteSize: blob.byteSize,
              sha256: blob.sha256,
              createdById: actorId,
            },
          })
        : null;
      const row = await tx.serviceRequest.create({
        data: {
          requesterUserId: user.id,
          requesterTypeCode: requesterTypeOf(user),
          requesterNumber,
          requestTypeCode: subject.code,
          requestText: value.requestText,
          attachmentFileId: file?.id ?? null,
          createdById: actorId,
          updatedById: actorId,
        },
        select: { serviceRequestId: true, requestDt: true },
      });
      const who = `${displayName(user)} <${user.userName}>`;
      const facts = [
        `Service request #${row.serviceRequestId}`,
        `Date: ${formatRequestDate(row.requestDt)}`,
        `Requester: ${who} (${requesterTypeOf(user)})`,
        `Agent number: ${requesterNumber ?? "none"}`,
        `Subject: ${subject.label}`,
        `Attachment: ${file ? file.fileName : "none"}`,
      ];
      const mail = serviceRequestEmail({ subject: `Contact Us: ${subject.label} (#${row.serviceRequestId})`, facts, requestText: value.requestText });
      const payload = {
        to,
        replyTo: user.userName,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        relatedType: "ServiceRequest",
        relatedId: String(row.serviceRequestId),
        attachmentFileIds: file ? [file.id] : [],
      };
      await queueJob(tx, "send-email", payload, jobOptions.serviceRequestMail(row.serviceRequestId));
      return row.serviceRequestId;
    });
    committed = true;
    await audit("SERVICE_REQUEST_SENT", {
      request,
      actorUserId: user.id,
      impersonatorUserId: user.impersonator?.id,
      targetType: "ServiceRequest",
      targetId: String(id),
      details: { requestTypeCode: subject.code, attachment: Boolean(blob), byteSize: blob?.byteSize ?? 0 },
    });
    return { result: "SENT", status: 200, serviceRequestId: id };
  } catch (error) {
    await discard();
    console.error("[svcreq] sending the request failed:", error instanceof Error ? error.message : error);
    return { result: "ERROR", status: 503, reply: null };
  }
}
