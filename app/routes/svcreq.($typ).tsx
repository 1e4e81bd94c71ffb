// Contact Us (spec part 1 §2 'Contact Us', §5, §8; decision 0022): request
// date and requester (read-only), the requester's agent number, the recipient
// (read-only), the subject (typ preselects it), the request text (6 rows),
// one PDF, SEND.
//
// Without JavaScript the form posts multipart to /svcreq (this action): a
// refusal answers 400 with the messages next to the fields and the text kept
// (a browser cannot keep a chosen file); success redirects to /svcreq?sent=1
// ('Request Sent!' on the page, decision 0103; a refusal has an error summary). With JavaScript the same form goes to
// /svcreq/send with XMLHttpRequest (a drop zone, upload progress) and the
// answers come back as JSON. Either way the messages are the spec's, next to
// each field (the form is novalidate: no browser check speaks first; decision
// 0051). The body is streamed and capped (the node-level
// cap of both paths is the upload's, app/entry.server.tsx).
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState, type DragEvent } from "react";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Notice } from "~/components/Notice";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { CHECK_WHEN_SENT, fieldDomId, SelectField, TextAreaField } from "~/components/form/fields";
import {
  checkAttachmentBeforeSend,
  REQUEST_TEXT_MAX,
  serviceRequestSchema,
  SVCREQ_ACCEPT,
  SVCREQ_FIELDS,
  SVCREQ_MESSAGES,
  type SvcreqJsonAnswer,
} from "~/features/service-requests/service-request";
import { contactUsForm, sendServiceRequest } from "~/features/service-requests/svcreq.server";
import { requireUser } from "~/lib/auth.server";
import { titleMeta } from "~/lib/meta";
import applicationStyles from "~/styles/application.css";
import { postWithProgress } from "~/lib/post-with-progress";
import { viewerTimeZone } from "~/lib/time-zone.server";

export const meta = titleMeta("Contact Us");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: applicationStyles }];

/** Both paths take the upload's body cap (app/entry.server.tsx). */
export const SVCREQ_POST_PATH = "/svcreq";
export const SVCREQ_SEND_PATH = "/svcreq/send";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { form: await contactUsForm(user, params.typ?.slice(0, 40), viewerTimeZone(request)) };
}

type ActionData = { outcome: "INVALID" | "INVALID_FILE" | "MALFORMED" | "ERROR"; reply: SubmissionResult<string[]> | null };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  if (new URL(request.url).pathname !== SVCREQ_POST_PATH) throw new Response("Not Found", { status: 404 });
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    throw new Response("What was sent is not a form the portal can read.", { status: 400 });
  }
  const outcome = await sendServiceRequest(request, user);
  if (outcome.result === "SENT") return redirect(`${SVCREQ_POST_PATH}?sent=1`, 303);
  return data<ActionData>({ outcome: outcome.result, reply: outcome.reply }, { status: outcome.status });
}

type Shown = { title: string; message: string; variant: "success" | "warning" | "error"; home?: boolean };

/** The error summary's names of the fields (their labels). */
const SUMMARY_LABELS: Record<string, string> = {
  requesterNumber: "Requester Agent Number",
  requestTypeCode: "Subject",
  requestText: "Your Request",
  [SVCREQ_FIELDS.file]: "Attachment",
};

function answerOf(outcome: ActionData["outcome"] | "SENT"): Shown | null {
  switch (outcome) {
    case "SENT":
      return { title: SVCREQ_MESSAGES.sentTitle, message: SVCREQ_MESSAGES.sentMessage, variant: "success", home: true };
    case "INVALID_FILE":
      return { title: SVCREQ_MESSAGES.invalidFileTitle, message: SVCREQ_MESSAGES.invalidFileMessage, variant: "warning" };
    case "MALFORMED":
      return { title: SVCREQ_MESSAGES.systemErrorTitle, message: SVCREQ_MESSAGES.malformedMessage, variant: "error" };
    case "ERROR":
      return { title: SVCREQ_MESSAGES.systemErrorTitle, message: SVCREQ_MESSAGES.systemErrorMessage, variant: "error" };
    default:
      return null;
  }
}

export default function ContactUsRoute() {
  const { form: data } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [mounted, setMounted] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [jsReply, setJsReply] = useState<SubmissionResult<string[]> | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const xhrRef = useRef<XMLHttpRequest | null>(null);

  useEffect(() => {
    setMounted(true);
    return () => xhrRef.current?.abort();
  }, []);

  const lastReply = jsReply ?? actionData?.reply ?? null;
  const [form, fields] = useForm({
    id: "svcreq",
    lastResult: lastReply,
    defaultValue: { requestTypeCode: data.preselected, requesterNumber: data.agentNumbers.length === 1 ? data.agentNumbers[0] : "" },
    constraint: getZodConstraint(serviceRequestSchema),
    ...CHECK_WHEN_SENT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: serviceRequestSchema }),
    onSubmit(event, { formData }) {
      if (!mounted) return;
      event.preventDefault();
      if (progress !== null) return;
      if (checkAttachmentBeforeSend(fileRef.current?.files ?? [])) {
        setShown(answerOf("INVALID_FILE"));
        return;
      }
      void send(formData);
    },
  });

  async function send(body: FormData) {
    setShown(null);
    const answer = await postWithProgress<SvcreqJsonAnswer>(SVCREQ_SEND_PATH, body, setProgress, (x) => (xhrRef.current = x));
    const json = answer.json;
    if ("networkError" in answer) {
      setShown(answerOf("ERROR"));
      return;
    }
    if (answer.status === 413) {
      // Refused before the portal read it (larger than any request it takes): the file is too big.
      setShown(answerOf("INVALID_FILE"));
      return;
    }
    if (answer.status === 401 && json?.redirectTo) {
      window.location.assign(json.redirectTo);
      return;
    }
    if (json?.result === "INVALID" || json?.result === "INVALID_FILE") {
      setJsReply({ status: "error", error: json.fieldErrors ?? {}, initialValue: Object.fromEntries([...body.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string> });
    }
    if (json?.result === "INVALID") return;
    if (json?.result === "SENT") {
      // The same page as without JavaScript: a fresh form under 'Request Sent!'.
      (document.getElementById(form.id) as HTMLFormElement | null)?.reset();
      setFileName(null);
      setJsReply(null);
      navigate(`${SVCREQ_POST_PATH}?sent=1`);
      return;
    }
    setShown(answerOf(json?.result === "INVALID_FILE" || json?.result === "MALFORMED" ? json.result : "ERROR"));
  }

  function onDrop(e: DragEvent<HTMLDivElement>) {
    e.preventDefault();
    setDragging(false);
    const files = e.dataTransfer.files;
    if (files.length > 1) {
      setShown(answerOf("INVALID_FILE"));
      return;
    }
    if (files.length === 1 && fileRef.current) {
      fileRef.current.files = files;
      setFileName(files[0]!.name);
    }
  }

  const sent = searchParams.get("sent") === "1";
  const notice = shown ?? (sent && !jsReply ? answerOf("SENT") : actionData ? answerOf(actionData.outcome) : null);
  const fileErrors = (lastReply?.error?.[SVCREQ_FIELDS.file] ?? null) as string[] | null;
  // The browser's check and the server's answer alike (conform's allErrors).
  const wrong = Object.entries(form.allErrors).flatMap(([name, errs]) =>
    errs?.length && SUMMARY_LABELS[name] ? [{ id: name === SVCREQ_FIELDS.file ? "svcreq-file" : fieldDomId(name), label: SUMMARY_LABELS[name], message: errs.join(" ") }] : [],
  );
  const busy = progress !== null;
  const fileHintId = "svcreq-file-hint";
  const fileErrorId = "svcreq-file-error";

  return (
    <SignedInLayout>
      <PageHeader title="Contact Us" lead="Send a request to our team" />
      {notice && !wrong.length ? (
        <Notice key={location.key} title={notice.title} message={notice.message} variant={notice.variant === "success" ? "success" : "error"}>
          {notice.home ? (
            <p>
              <Link to="/home">Back to Home</Link>
            </p>
          ) : null}
        </Notice>
      ) : null}
      {wrong.length ? <ErrorSummary key={`${location.key}-errors`} title="Please check your request" lead="Correct these fields and send it again:" errors={wrong} /> : null}
      <section className="card">
        <form
          method="post"
          action={SVCREQ_POST_PATH}
          encType="multipart/form-data"
          {...getFormProps(form)}
          className="form stack"
        >
          <div className="field">
            <label htmlFor="svcreq-date">Request Date</label>
            <input id="svcreq-date" type="text" value={data.requestDate} readOnly />
          </div>
          <div className="field">
            <label htmlFor="svcreq-requester">Requester</label>
            <input id="svcreq-requester" type="text" value={data.requester} readOnly />
          </div>
          <SelectField
            meta={fields.requesterNumber}
            label="Requester Agent Number"
            options={data.agentNumbers.map((n) => ({ value: n, label: n }))}
            placeholder={data.agentNumbers.length ? "Choose an agent number" : "No agent number"}
          />
          <div className="field">
            <label htmlFor="svcreq-recipient">Recipient</label>
            <input id="svcreq-recipient" type="text" value={data.recipient} readOnly />
          </div>
          <SelectField
            meta={fields.requestTypeCode}
            label="Subject"
            options={data.subjects.map((s) => ({ value: s.code, label: s.label }))}
            placeholder="Choose the subject"
            required
          />
          <TextAreaField meta={fields.requestText} label={`Your Request (at most ${REQUEST_TEXT_MAX.toLocaleString("en-US")} characters)`} rows={6} required />
          <div
            className={`field upload__drop${dragging ? " upload__drop--active" : ""}${fileErrors?.length ? " field--invalid" : ""}`}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            style={{ border: "2px dashed #6b7785", borderRadius: 6, padding: "1rem", background: dragging ? "#eef4fb" : undefined }}
          >
            <label htmlFor="svcreq-file">{mounted ? "Attachment: drop one PDF here, or choose a file (optional)" : "Attachment: one PDF file (optional)"}</label>
            <input
              ref={fileRef}
              id="svcreq-file"
              type="file"
              name={SVCREQ_FIELDS.file}
              accept={SVCREQ_ACCEPT}
              disabled={busy}
              aria-describedby={fileErrors?.length ? `${fileHintId} ${fileErrorId}` : fileHintId}
              aria-invalid={fileErrors?.length ? true : undefined}
              onChange={(e) => setFileName(e.currentTarget.files?.[0]?.name ?? null)}
            />
            <span className="field__hint" id={fileHintId}>
              PDF only, at most 2MB (2,000,000 bytes).{fileName ? ` Selected: ${fileName}` : ""}
            </span>
            {fileErrors?.length ? (
              <p className="field__error" id={fileErrorId}>
                {SVCREQ_MESSAGES.invalidFileTitle}: {fileErrors[0]}
              </p>
            ) : null}
          </div>
          {busy ? (
            <div className="upload__progress" role="status" aria-live="polite">
              <progress max={100} value={progress} aria-label="Sending progress" style={{ width: "100%" }} />
              <span>{progress}%</span>
            </div>
          ) : null}
          <div className="wizard__actions">
            <Link to="/home" className="btn btn--secondary">
              CANCEL
            </Link>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? "Sending…" : "Send"}
            </button>
          </div>
        </form>
      </section>
    </SignedInLayout>
  );
}
