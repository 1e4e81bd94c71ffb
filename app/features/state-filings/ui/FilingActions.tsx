// ADMIN > State Filings: one filing and what can be done to it (decision 0113), opened from its
// row (?filing=<id>). Each action is its own plain POST form (works without JavaScript); a refused
// one shows its message beside the field with what was typed kept; withdrawing asks first
// (ConfirmStep).
import { Form, Link } from "@remix-run/react";
import { ConfirmStep } from "~/components/ConfirmStep";
import { LINE_LABEL, reasonText } from "~/features/licences/messages";
import type { LineOfAuthority, ReasonCode } from "~/features/licences/status";
import { formatMoney } from "~/features/appointment/derive";
import { formatDate } from "~/lib/format";
import { FEE_CHARGE_LABEL, FEE_PAYER_LABEL } from "../fees";
import type { ActionField } from "../action-fields";
import { FILING_INTENTS, FILING_MESSAGES as M, FILING_STATUS_LABELS, REASON_MAX, type FilingIntent } from "../board";
import type { FilingView } from "../board.server";
import { ActionRefusal } from "./cells";

export type FilingRefusal = { intent: FilingIntent; filingId: string; field: ActionField | null; message: string; values: { date: string; reason: string } };
export type FilingConfirm = { filingId: string; reason: string };

const heldText = (f: FilingView) => (f.heldReason ? reasonText({ code: f.heldReason as ReasonCode, stateCode: f.stateCode, line: f.lineOfAuthority as LineOfAuthority }) : "");

/** What the shared fields read of a refusal (the appointments' and the terminations' forms, decision 0118). */
export type FieldRefusal = { intent: string; field: ActionField | null; message: string; values: { date: string; reason: string } };

export function DateField({ id, label, refusal, intent, today }: { id: string; label: string; refusal: FieldRefusal | null; intent: string; today: string }) {
  const mine = refusal?.intent === intent;
  const error = mine && refusal.field === "date" ? refusal.message : null;
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={id} className="label--required">
        {label}
      </label>
      <input id={id} name="date" type="date" max={today} defaultValue={mine ? refusal.values.date : today} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function ReasonField({ id, label, refusal, intent }: { id: string; label: string; refusal: FieldRefusal | null; intent: string }) {
  const mine = refusal?.intent === intent;
  const error = mine && refusal.field === "reason" ? refusal.message : null;
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={id} className="label--required">
        {label}
      </label>
      <textarea id={id} name="reason" rows={2} maxLength={REASON_MAX} defaultValue={mine ? refusal.values.reason : ""} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** One action's plain POST form; `idName`: the hidden field naming what it acts on. */
export function ActionForm({ intent, filingId, idName = "filingId", button, danger, children }: { intent: string; filingId: string; idName?: string; button: string; danger?: boolean; children?: React.ReactNode }) {
  return (
    <Form method="post" className="stack filing-action" aria-label={button}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={idName} value={filingId} />
      {children}
      <div>
        <button type="submit" className={`btn btn--small ${danger ? "btn--danger" : "btn--primary"}`}>
          {button}
        </button>
      </div>
    </Form>
  );
}

export function FilingActions({ filing: f, today, refusal, confirm, backTo, busy }: { filing: FilingView; today: string; refusal: FilingRefusal | null; confirm: FilingConfirm | null; backTo: string; busy: boolean }) {
  const mine = refusal && refusal.filingId === f.id ? refusal : null;
  const fieldId: Record<string, string> = { "mark-filed": "filed-date", "first-business": "first-business-date", "mark-rejected": "rejection-reason", withdraw: "withdrawal-reason" };
  const open = f.status !== "ACCEPTED" && f.status !== "WITHDRAWN";
  // Before it is filed: a filed appointment has its effective date already.
  // Elsewhere, whenever a fee charged at the first business is still to charge (decision 0117).
  const firstBusiness =
    !f.firstBusinessDate && (f.justInTime ? f.status === "TO_FILE" || f.status === "HELD" : f.feeChargedWhen === "FIRST_BUSINESS" && f.status !== "REJECTED" && f.status !== "WITHDRAWN");
  const what = `${f.agentName} (${f.agentNumber}), ${f.stateName}, ${LINE_LABEL[f.lineOfAuthority as LineOfAuthority] ?? f.lineOfAuthority}`;
  return (
    <section className="card stack" aria-labelledby="filing-actions-title" id="filing-actions">
      <h2 id="filing-actions-title">Filing: {what}</h2>
      <ActionRefusal refusal={mine} fieldIds={fieldId} fallbackId="filing-actions-title" />
      <dl className="filing-facts">
        <dt>Status</dt>
        <dd>
          {FILING_STATUS_LABELS[f.status]}
          {f.status === "HELD" ? `: ${heldText(f)}` : ""}
          {f.status === "REJECTED" && f.rejectionReason ? `: ${f.rejectionReason}` : ""}
          {f.status === "WITHDRAWN" && f.withdrawnReason ? `: ${f.withdrawnReason}` : ""}
        </dd>
        <dt>NPN, license</dt>
        <dd>
          {f.npn}
          {f.licenceNumber ? `, ${f.licenceNumber}` : ""}
        </dd>
        <dt>Due</dt>
        <dd>{f.dueDate ? formatDate(f.dueDate) : f.justInTime ? "At the first business" : "—"}</dd>
        {f.filedDate ? (
          <>
            <dt>Filed</dt>
            <dd>{formatDate(f.filedDate)}</dd>
          </>
        ) : null}
        <dt>Fee</dt>
        <dd>
          {formatMoney(f.fee)}, {FEE_PAYER_LABEL[f.feePaidBy].toLowerCase()}; charged {FEE_CHARGE_LABEL[f.feeChargedWhen].toLowerCase()}
          {f.feeChargedOn ? `: ${formatDate(f.feeChargedOn)}` : ", not yet"}
        </dd>
      </dl>
      {confirm && confirm.filingId === f.id ? (
        <ConfirmStep id="withdraw-heading" heading={M.withdrawHeading} text={M.withdrawText} intent={FILING_INTENTS.withdraw} fields={{ filingId: f.id, reason: confirm.reason }} yes="Yes, withdraw it" no="Keep it" backTo={backTo} busy={busy} />
      ) : (
        <div className="filing-actions">
          {firstBusiness ? (
            <ActionForm intent={FILING_INTENTS.firstBusiness} filingId={f.id} button="Record the first business">
              <DateField id="first-business-date" label="First business on" refusal={mine} intent={FILING_INTENTS.firstBusiness} today={today} />
            </ActionForm>
          ) : null}
          {f.status === "TO_FILE" ? (
            <ActionForm intent={FILING_INTENTS.filed} filingId={f.id} button="Mark filed">
              <DateField id="filed-date" label="Filed on" refusal={mine} intent={FILING_INTENTS.filed} today={today} />
            </ActionForm>
          ) : null}
          {f.status === "FILED" ? (
            <>
              <ActionForm intent={FILING_INTENTS.accepted} filingId={f.id} button="Mark accepted" />
              <ActionForm intent={FILING_INTENTS.rejected} filingId={f.id} button="Mark rejected">
                <ReasonField id="rejection-reason" label="The state's reason" refusal={mine} intent={FILING_INTENTS.rejected} />
              </ActionForm>
            </>
          ) : null}
          {f.status === "REJECTED" ? <ActionForm intent={FILING_INTENTS.resubmit} filingId={f.id} button="Resubmit" /> : null}
          {open ? (
            <ActionForm intent={FILING_INTENTS.withdraw} filingId={f.id} button="Withdraw" danger>
              <ReasonField id="withdrawal-reason" label="Why it is withdrawn" refusal={mine} intent={FILING_INTENTS.withdraw} />
            </ActionForm>
          ) : firstBusiness ? null : (
            <p className="muted">Nothing more to do: the filing is {FILING_STATUS_LABELS[f.status].toLowerCase()}.</p>
          )}
        </div>
      )}
      <p>
        <Link to={backTo}>Back to the list</Link>
      </p>
    </section>
  );
}
