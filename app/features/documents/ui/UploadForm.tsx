// The upload of Supporting Documents (spec part 2 §2, §4, §5, §8): choose the
// document type, drop or choose one PDF, upload.
//
// Without JavaScript it is a plain multipart form (inside <details>) posting
// to /appoint/upload; the server redirects back to the application with
// ?upload=<result> and the result is a Notice rendered from that parameter.
// With JavaScript it is an 'Upload a Document' button opening a modal; the
// file goes up with XMLHttpRequest (progress bar 0 to 100%), then the page's
// data is revalidated so the document lists refresh, and the result stands as
// a Notice on the page (a refusal inside the open modal). A 401 shows the
// 'Session Timeout' dialog and then goes to sign in again.
import { useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from "react";
import { Dialog } from "~/components/Dialog";
import { Notice } from "~/components/Notice";
import {
  checkFilesBeforeUpload,
  UPLOAD_ACCEPT,
  UPLOAD_ANSWERS,
  UPLOAD_FIELDS,
  UPLOAD_RESULT_PARAM,
  uploadAnswerFromSearch,
  type UploadAnswer,
  type UploadJsonAnswer,
  type UploadResultCode,
} from "~/features/documents/upload";
import { postWithProgress } from "~/lib/post-with-progress";
import { UPLOAD_LIMIT_MB, UPLOAD_LIMIT_TEXT } from "~/lib/upload-policy";

export type UploadFormProps = {
  appointmentId: number;
  /** The document types to choose from (appointmentDocumentLists().uploadTypes). */
  uploadTypes: ReadonlyArray<{ documentTypeCode: string; title: string }>;
  /** Read-only applications show no upload (and no document-type choices). */
  readOnly?: boolean;
};

type Shown = UploadAnswer & { code: UploadResultCode; redirectTo?: string };

const UPLOAD_DIALOG_ID = "upload-dialog";
const RESULT_DIALOG_ID = "upload-result-dialog";
const RESULT_NOTICE_ID = "upload-result";

/**
 * Dialog upgrades a server-rendered dialog to a modal by closing and
 * re-opening it; the browser fires that 'close' event later (a task), so an
 * onClose may arrive while the dialog is open again. Only a dialog that is
 * really closed counts.
 */
function reallyClosed(id: string): boolean {
  return !(document.getElementById(id) as HTMLDialogElement | null)?.open;
}

function shown(code: UploadResultCode, extra: Partial<Shown> = {}): Shown {
  return { code, ...UPLOAD_ANSWERS[code], ...extra };
}

export function UploadForm({ appointmentId, uploadTypes, readOnly = false }: UploadFormProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [answer, setShownAnswer] = useState<Shown | null>(null);
  // A new Notice for each answer, so the same answer twice takes the focus again.
  const [noticeKey, setNoticeKey] = useState(0);
  const urlAnswer = uploadAnswerFromSearch(searchParams);
  const xhrRef = useRef<XMLHttpRequest | null>(null);

  useEffect(() => {
    setMounted(true);
    return () => xhrRef.current?.abort();
  }, []);

  const action = `/appoint/upload?id=${appointmentId}`;

  function clearUrlAnswer() {
    if (!searchParams.has(UPLOAD_RESULT_PARAM)) return;
    const next = new URLSearchParams(searchParams);
    next.delete(UPLOAD_RESULT_PARAM);
    setSearchParams(next, { replace: true, preventScrollReset: true });
  }

  function setAnswer(next: Shown | null) {
    setShownAnswer(next);
    if (next) {
      setNoticeKey((k) => k + 1);
      clearUrlAnswer();
    }
  }

  async function send(form: HTMLFormElement) {
    setAnswer(null);
    const answer = await postWithProgress<UploadJsonAnswer>(action, new FormData(form), setProgress, (x) => (xhrRef.current = x));
    const json = answer.json;
    if ("networkError" in answer) {
      setAnswer(shown("ERROR"));
      return;
    }
    if (answer.status === 401) {
      setOpen(false);
      setAnswer(shown("SESSION", { redirectTo: json?.redirectTo ?? "/session-expired" }));
      return;
    }
    if (!json || !json.result || !(json.result in UPLOAD_ANSWERS)) {
      setAnswer(shown("ERROR"));
      return;
    }
    if (json.result === "SUCCESS") {
      form.reset();
      setOpen(false);
      revalidator.revalidate();
    }
    setAnswer(shown(json.result));
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    if (!mounted) return; // let the browser post it
    e.preventDefault();
    if (progress !== null) return;
    const form = e.currentTarget;
    const type = (form.elements.namedItem(UPLOAD_FIELDS.documentTypeCode) as HTMLSelectElement | null)?.value;
    const input = form.elements.namedItem(UPLOAD_FIELDS.file) as HTMLInputElement | null;
    const problem = !type ? "NO_TYPE" : checkFilesBeforeUpload(input?.files ?? []);
    if (problem) {
      setAnswer(shown(problem));
      return;
    }
    void send(form);
  }

  // The outcome stands on the page as a Notice until the next action (issue 36 item 8, decision
  // 0103); only 'Session Timeout' stays a dialog, since closing it leads to the sign-in.
  const current = answer ?? urlAnswer;
  const session = answer?.code === "SESSION" ? answer : null;
  const result = session ? (
    <Dialog
      id={RESULT_DIALOG_ID}
      title={session.title}
      message={session.message}
      variant={session.variant}
      onClose={() => {
        if (!reallyClosed(RESULT_DIALOG_ID)) return;
        setAnswer(null);
        if (session.redirectTo) window.location.assign(session.redirectTo);
      }}
    />
  ) : current ? (
    <Notice id={RESULT_NOTICE_ID} key={noticeKey} title={current.title} message={current.message} variant={current.variant} />
  ) : null;
  // A refusal while the upload dialog is open is shown inside it, above the fields (the page behind is inert).
  const inDialog = open && answer && !session ? result : null;

  if (readOnly) return result;

  const fields = (
    <UploadFields
      appointmentId={appointmentId}
      uploadTypes={uploadTypes}
      action={action}
      onSubmit={onSubmit}
      progress={progress}
      enhanced={mounted}
      onTooMany={() => setAnswer(shown("TOO_MANY"))}
    />
  );

  return (
    <div className="upload">
      {mounted ? (
        <>
          <button type="button" className="btn btn--primary" onClick={() => setOpen(true)}>
            Upload a Document
          </button>
          <Dialog
            id={UPLOAD_DIALOG_ID}
            title="Upload a Document"
            variant="info"
            open={open}
            onClose={() => {
              if (!reallyClosed(UPLOAD_DIALOG_ID)) return;
              if (xhrRef.current) xhrRef.current.abort();
              setProgress(null);
              setOpen(false);
              setShownAnswer(null); // Cancel is the next action: a refusal shown in the dialog goes with it

            }}
            buttons={[{ label: "Cancel", close: true, kind: "secondary" }]}
          >
            {inDialog}
            {fields}
          </Dialog>
        </>
      ) : (
        <details className="upload__panel">
          <summary className="btn btn--primary">Upload a Document</summary>
          {fields}
        </details>
      )}
      {inDialog ? null : result}
    </div>
  );
}

function UploadFields({
  appointmentId,
  uploadTypes,
  action,
  onSubmit,
  progress,
  enhanced,
  onTooMany,
}: {
  appointmentId: number;
  uploadTypes: UploadFormProps["uploadTypes"];
  action: string;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  progress: number | null;
  enhanced: boolean;
  onTooMany: () => void;
}) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  function onDrop(e: DragEvent<HTMLDivElement>) {
    e.preventDefault();
    setDragging(false);
    const files = e.dataTransfer.files;
    if (files.length > 1) {
      onTooMany();
      return;
    }
    if (files.length === 1 && fileRef.current) {
      fileRef.current.files = files;
      setFileName(files[0]!.name);
    }
  }

  const busy = progress !== null;
  return (
    <form method="post" action={action} encType="multipart/form-data" className="form upload__form" onSubmit={onSubmit} noValidate={enhanced}>
      <input type="hidden" name={UPLOAD_FIELDS.appointmentId} value={appointmentId} />
      <div className="field">
        <label htmlFor={`${id}-type`}>Document type</label>
        <select id={`${id}-type`} name={UPLOAD_FIELDS.documentTypeCode} required defaultValue="" disabled={busy}>
          <option value="" disabled>
            Choose the type of document
          </option>
          {uploadTypes.map((t) => (
            <option key={t.documentTypeCode} value={t.documentTypeCode}>
              {t.title}
            </option>
          ))}
        </select>
      </div>
      <div
        className={`field upload__drop${dragging ? " upload__drop--active" : ""}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{ border: "2px dashed #9aa5b1", borderRadius: 6, padding: "1rem", background: dragging ? "#eef4fb" : undefined }}
      >
        <label htmlFor={`${id}-file`}>{enhanced ? "Drop one PDF here, or choose a file" : "Choose one PDF file"}</label>
        <input
          ref={fileRef}
          id={`${id}-file`}
          type="file"
          name={UPLOAD_FIELDS.file}
          accept={UPLOAD_ACCEPT}
          required
          disabled={busy}
          onChange={(e) => setFileName(e.currentTarget.files?.[0]?.name ?? null)}
        />
        <span className="field__hint">PDF only, at most {UPLOAD_LIMIT_MB} ({UPLOAD_LIMIT_TEXT}).{fileName ? ` Selected: ${fileName}` : ""}</span>
      </div>
      {busy ? (
        <div className="upload__progress" role="status" aria-live="polite">
          <progress max={100} value={progress} aria-label="Upload progress" style={{ width: "100%" }} />
          <span>{progress}%</span>
        </div>
      ) : null}
      <div className="btn-row">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? "Uploading…" : "Upload"}
        </button>
      </div>
    </form>
  );
}
