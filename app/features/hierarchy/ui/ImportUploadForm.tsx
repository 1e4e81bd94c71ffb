// The CSV upload of /admin/import. Without JavaScript a plain multipart form
// posting to /admin/import/upload (redirected back to the run). With
// JavaScript the file goes up with XMLHttpRequest (postWithProgress: an
// upload progress bar), then the page moves to the run's progress.
import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { postWithProgress } from "~/lib/post-with-progress";
import { IMPORT_MESSAGES as M } from "../import-messages";
import { MAX_IMPORT_BYTES, MAX_IMPORT_MB } from "../import-schema";

export const UPLOAD_ANSWERS: Record<string, string> = {
  NO_FILE: M.noFile,
  NOT_CSV: M.notCsv,
  TOO_BIG: M.tooBig(MAX_IMPORT_MB),
  ERROR: M.uploadFailed,
};

/**
 * `page`: the import's page (the run is shown at page?run=<id>; default /admin/import); `hint`: the
 * file's hint; `children`: more fields, sent before the file (the license import's purpose).
 */
export function ImportUploadForm({
  action,
  fileField,
  serverMessage,
  page = "/admin/import",
  hint = "A header row and one agent per row",
  children,
}: {
  action: string;
  fileField: string;
  serverMessage: string | null;
  page?: string;
  hint?: string;
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  const [mounted, setMounted] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(serverMessage);
  const xhr = useRef<XMLHttpRequest | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setMounted(true);
    return () => xhr.current?.abort();
  }, []);
  useEffect(() => setMessage(serverMessage), [serverMessage]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    if (!mounted) return;
    e.preventDefault();
    if (progress !== null) return;
    const form = e.currentTarget;
    const file = input.current?.files?.[0];
    if (!file) return setMessage(M.noFile);
    if (!/\.csv$/i.test(file.name)) return setMessage(M.notCsv);
    if (file.size > MAX_IMPORT_BYTES) return setMessage(M.tooBig(MAX_IMPORT_MB));
    setMessage(null);
    const answer = await postWithProgress<{ runId?: number; code?: string }>(action, new FormData(form), setProgress, (x) => (xhr.current = x));
    if (answer.status === 401) return window.location.assign(`/session-expired?returnTo=${encodeURIComponent(page)}`);
    const runId = answer.json?.runId;
    if (runId) {
      form.reset();
      navigate(`${page}?run=${runId}`);
      return;
    }
    setMessage(UPLOAD_ANSWERS[answer.json?.code ?? "ERROR"] ?? M.uploadFailed);
  }

  const busy = progress !== null;
  return (
    <form method="post" action={action} encType="multipart/form-data" className="form" onSubmit={onSubmit} noValidate={mounted}>
      {children}
      <div className="field">
        <label htmlFor="import-file">CSV file</label>
        <input
          ref={input}
          id="import-file"
          type="file"
          name={fileField}
          accept=".csv,text/csv"
          required
          disabled={busy}
          aria-describedby={`import-file-hint${message ? " import-file-error" : ""}`}
          aria-invalid={message ? true : undefined}
        />
        <span id="import-file-hint" className="field__hint">
          {hint}, at most {MAX_IMPORT_MB} MB.
        </span>
        {message ? (
          <p id="import-file-error" className="field__error" role="alert">
            {message}
          </p>
        ) : null}
      </div>
      {busy ? (
        <div role="status" aria-live="polite">
          <progress max={100} value={progress} aria-label="Upload progress" style={{ width: "100%" }} />
          <span>{progress}%</span>
        </div>
      ) : null}
      <div className="btn-row">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? "Uploading…" : "Import"}
        </button>
      </div>
    </form>
  );
}
