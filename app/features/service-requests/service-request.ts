// Contact Us (spec part 1 §2 'Contact Us', §3 'Service request form data',
// §5 'Contact Us', §8 'Contact Us', §9 'Attachment'): the form's rules, its
// field names and its one message catalogue, shared by the browser (conform,
// the drop zone) and the server (svcreq.server.ts).
import { z } from "zod";
import { checkFiles, PDF_UPLOAD_POLICY, UPLOAD_LIMIT_MB, UPLOAD_LIMIT_TEXT } from "~/lib/upload-policy";
import { TRY_AGAIN_LATER } from "~/features/documents/view-messages";

/** Form field names of POST /svcreq and /svcreq/send. */
export const SVCREQ_FIELDS = {
  requesterNumber: "requesterNumber",
  requestTypeCode: "requestTypeCode",
  requestText: "requestText",
  file: "file",
} as const;

/** The list values of the subject dropdown. */
export const SVCREQ_LIST_TYPE = "SVC_REQST_TYP";
/** The subject part 3 preselects (/svcreq/SVCREQ_LEVELCHG: 'Request that an Agent be Moved'). */
export const SVCREQ_LEVEL_CHANGE = "SVCREQ_LEVELCHG";

/** Request types (spec §3, §6): marketing directors and everyone else. */
export const REQUEST_TYPE_MD = "RQTYP_MD";
export const REQUEST_TYPE_AGENT = "RQTYP_AGT";

/** The longest request text (characters): a long letter; the textarea has 6 rows. */
export const REQUEST_TEXT_MAX = 4000;
/** At most one attachment of at most this many bytes (spec §9). */
export const SVCREQ_MAX_FILE_BYTES = PDF_UPLOAD_POLICY.maxBytes;
export const SVCREQ_ACCEPT = PDF_UPLOAD_POLICY.accept;

export const SVCREQ_MESSAGES = {
  subjectRequired: "Choose the subject of your request from the dropdown list",
  textRequired: "Tell us what you need: the request text is required",
  textTooLong: `Your request is too long: at most ${REQUEST_TEXT_MAX.toLocaleString("en-US")} characters`,
  requesterNumberUnknown: "Choose one of your agent numbers from the list",
  invalidFileTitle: "Invalid File",
  invalidFileMessage: `Attach at most one PDF file of at most ${UPLOAD_LIMIT_TEXT} (${UPLOAD_LIMIT_MB}).`,
  systemErrorTitle: "System Error",
  systemErrorMessage: `Your request could not be sent at this time. ${TRY_AGAIN_LATER}`,
  sentTitle: "Request Sent!",
  sentMessage: "Thank you. Our team received your request and will get back to you.",
  malformedMessage: "The request could not be read: it arrived damaged or incomplete. Nothing was sent. Please try again.",
} as const;

const subjectRequired = SVCREQ_MESSAGES.subjectRequired;

/** The text fields (the attachment is checked while it streams in, see svcreq.server.ts). */
export const serviceRequestSchema = z.object({
  requesterNumber: z.string().trim().max(40, SVCREQ_MESSAGES.requesterNumberUnknown).optional(),
  requestTypeCode: z.string({ error: subjectRequired }).trim().min(1, subjectRequired).max(40, subjectRequired),
  requestText: z
    .string({ error: SVCREQ_MESSAGES.textRequired })
    .trim()
    .min(1, SVCREQ_MESSAGES.textRequired)
    .max(REQUEST_TEXT_MAX, SVCREQ_MESSAGES.textTooLong),
});

export type ServiceRequestForm = z.output<typeof serviceRequestSchema>;

/** What the browser can tell before sending (the server checks the content again). */
export function checkAttachmentBeforeSend(files: ArrayLike<{ name: string; size: number }>): "INVALID_FILE" | null {
  const problem = checkFiles(PDF_UPLOAD_POLICY, files);
  return problem === null || problem === "NO_FILE" ? null : "INVALID_FILE";
}

export type SvcreqResult = "SENT" | "INVALID" | "INVALID_FILE" | "MALFORMED" | "SESSION" | "ERROR";

/** The JSON POST /svcreq/send answers to the page's script. */
export type SvcreqJsonAnswer = {
  result: SvcreqResult;
  title?: string;
  message?: string;
  /** Field errors (conform's reply error map) for INVALID. */
  fieldErrors?: Record<string, string[] | null>;
  redirectTo?: string;
};
