// ADMIN > State Filings > Terminations: one termination, what can be done to it and, for cause, its
// case (decision 0118), opened from its row (?termination=<id>). Each action is its own plain POST
// form, the document upload a multipart one (all work without JavaScript); a refused one shows
// its message beside the field with what was typed kept.
import { Form, Link } from "@remix-run/react";
import { formatDate } from "~/lib/format";
import { PDF_UPLOAD_POLICY, UPLOAD_LIMIT_MB } from "~/lib/upload-policy";
import type { ActionField } from "../action-fields";
import { NOTICE_METHOD_LABELS, TERMINATION_INTENTS, TERMINATION_STATUS_LABELS, type TerminationIntent } from "../termination-board";
import type { TerminationCase as Case } from "../termination-board.server";
import { ActionForm, DateField, ReasonField } from "./FilingActions";
import { ActionRefusal } from "./cells";

export type TerminationRefusal = { intent: TerminationIntent; terminationId: string; field: ActionField | null; message: string; values: { date: string; reason: string } };

const ID = "terminationId";
const FIELD_ID: Partial<Record<TerminationIntent, string>> = { "mark-filed": "t-filed-date", "mark-rejected": "t-rejection-reason", "notice-sent": "notice-date", "add-document": "case-document" };

function DocumentField({ refusal }: { refusal: TerminationRefusal | null }) {
  const error = refusal?.intent === TERMINATION_INTENTS.document && refusal.field === "document" ? refusal.message : null;
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor="case-document" className="label--required">
        Case document (PDF, at most {UPLOAD_LIMIT_MB})
      </label>
      <input id="case-document" name="document" type="file" accept={PDF_UPLOAD_POLICY.accept} aria-invalid={error ? true : undefined} aria-describedby={error ? "case-document-error" : undefined} />
      {error ? (
        <p className="field__error" id="case-document-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function CaseSection({ t, today, refusal }: { t: Case; today: string; refusal: TerminationRefusal | null }) {
  return (
    <section className="stack" aria-labelledby="case-title">
      <h3 id="case-title">The for-cause case</h3>
      <dl className="filing-facts case-facts">
        <dt>Reason</dt>
        <dd>
          {t.reasonCode} {t.reasonLabel}
        </dd>
        <dt>Notice to the commissioner</dt>
        <dd>
          {t.noticeMethod ? NOTICE_METHOD_LABELS[t.noticeMethod] : "—"}
          {t.noticeMethod === "LETTER" ? (t.noticeSentOn ? `, sent ${formatDate(t.noticeSentOn)}` : ", not yet sent") : ""}
        </dd>
        <dt>Copy to the producer</dt>
        <dd>
          {t.producerCopyDueDate ? `Due ${formatDate(t.producerCopyDueDate)}` : "—"}
          {t.producerCopySentAt ? `, sent ${formatDate(t.producerCopySentAt)}` : ", not yet sent"}
        </dd>
      </dl>
      {t.noticeMethod === "LETTER" && !t.noticeSentOn ? (
        <ActionForm intent={TERMINATION_INTENTS.notice} filingId={t.id} idName={ID} button="Record the notice">
          <DateField id="notice-date" label="Notice sent to the commissioner on" refusal={refusal} intent={TERMINATION_INTENTS.notice} today={today} />
        </ActionForm>
      ) : null}
      <h4>Case documents</h4>
      {t.documents.length ? (
        <ul aria-label="Case documents">
          {t.documents.map((d) => (
            <li key={d.storedFileId}>
              <a href={`/admin/state-filings/case-documents/${d.storedFileId}`} download>
                {d.fileName}
              </a>{" "}
              <span className="muted">
                ({Math.max(1, Math.round(d.byteSize / 1000))} KB, added {formatDate(d.addedAt)})
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No document yet.</p>
      )}
      <Form method="post" encType="multipart/form-data" className="stack filing-action" aria-label="Add the document">
        <input type="hidden" name="intent" value={TERMINATION_INTENTS.document} />
        <input type="hidden" name={ID} value={t.id} />
        <DocumentField refusal={refusal} />
        <div>
          <button type="submit" className="btn btn--small btn--primary">
            Add the document
          </button>
        </div>
      </Form>
    </section>
  );
}

export function TerminationCase({ termination: t, today, refusal, backTo }: { termination: Case; today: string; refusal: TerminationRefusal | null; backTo: string }) {
  const mine = refusal && refusal.terminationId === t.id ? refusal : null;
  return (
    <section className="card stack" aria-labelledby="termination-title" id="termination-actions">
      <h2 id="termination-title">
        Termination: {t.agentName} ({t.agentNumber}), {t.stateName}
      </h2>
      <ActionRefusal refusal={mine} fieldIds={FIELD_ID} fallbackId="termination-title" />
      <dl className="filing-facts">
        <dt>Status</dt>
        <dd>
          {TERMINATION_STATUS_LABELS[t.status]}
          {t.status === "REJECTED" && t.rejectionReason ? `: ${t.rejectionReason}` : ""}
        </dd>
        <dt>NPN, license</dt>
        <dd>
          {t.npn}
          {t.licenceNumber ? `, ${t.licenceNumber}` : ""}
        </dd>
        <dt>Carrier</dt>
        <dd>{t.carrier}</dd>
        <dt>Reason</dt>
        <dd>
          {t.reasonCode} {t.reasonLabel}
          {t.forCause ? " (for cause)" : ""}
        </dd>
        <dt>Effective</dt>
        <dd>{formatDate(t.effectiveDate)}</dd>
        <dt>Due</dt>
        <dd>{formatDate(t.dueDate)}</dd>
        {t.filedDate ? (
          <>
            <dt>Filed</dt>
            <dd>{formatDate(t.filedDate)}</dd>
          </>
        ) : null}
      </dl>
      <div className="filing-actions">
        {t.status === "TO_FILE" ? (
          <ActionForm intent={TERMINATION_INTENTS.filed} filingId={t.id} idName={ID} button="Mark filed">
            <DateField id="t-filed-date" label="Filed on" refusal={mine} intent={TERMINATION_INTENTS.filed} today={today} />
          </ActionForm>
        ) : null}
        {t.status === "FILED" ? (
          <>
            <ActionForm intent={TERMINATION_INTENTS.accepted} filingId={t.id} idName={ID} button="Mark accepted" />
            <ActionForm intent={TERMINATION_INTENTS.rejected} filingId={t.id} idName={ID} button="Mark rejected">
              <ReasonField id="t-rejection-reason" label="The state's reason" refusal={mine} intent={TERMINATION_INTENTS.rejected} />
            </ActionForm>
          </>
        ) : null}
        {t.status === "REJECTED" ? <ActionForm intent={TERMINATION_INTENTS.resubmit} filingId={t.id} idName={ID} button="Resubmit" /> : null}
        {t.status === "ACCEPTED" ? <p className="muted">Nothing more to file: the state accepted the termination.</p> : null}
      </div>
      {t.forCause ? <CaseSection t={t} today={today} refusal={mine} /> : null}
      <p>
        <Link to={backTo}>Back to the list</Link>
      </p>
    </section>
  );
}
