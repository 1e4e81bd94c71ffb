// The check page and the confirmation page after SUBMIT (issue 36 item 3, decision 0099), for
// someone who may see the application (loadApplication: 404 otherwise):
//   checkPage      every section summarised (check-answers.ts), what still stops the submit
//                  (submit-checks.server.ts), whether the card's CVC is asked;
//   submittedPage  the spec's success message, the reference, who reviews, how long, what comes.
import { redirect } from "@remix-run/node";
import { recordAccess } from "~/lib/audit.server";
import type { CurrentUser } from "~/lib/current-user";
import { env } from "~/lib/env.server";
import { erasedText } from "~/features/retention/messages";
import { checkAnswers } from "./check-answers";
import { loadApplication, type ApplicationView } from "./load.server";
import { SUBMIT_SUCCESS } from "./messages";
import { applicationReference, isEditableStatus, showsCreditCard } from "./model";
import { prospectEmailOf } from "./notifications.server";
import { currentSubmitRefusal } from "./submit-checks.server";
import { turnReader, whoseTurn } from "./whose-turn";

/** The application's id from ?id= (404 when it is not one). */
export function appointmentIdOf(url: URL): number {
  const raw = url.searchParams.get("id") ?? "";
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response(null, { status: 404 });
  return id;
}

/** The rows whose values the retention schedule erases (retention/erase.server.ts): they read 'Erased on …' then. */
const ERASED_ROWS: ReadonlySet<string> = new Set([
  "SSN",
  "Birth Date",
  "Driver License Number",
  "Business Tax Id",
  "Employer Identification Number (EIN)",
  "Routing Number",
  "Account Number",
  "SSN or Tax ID",
  "Card Number",
  "Expires",
  "Name on Card",
  "Billing Address",
]);

/** The loaded application summarised (check-answers.ts): the check page's and the review screen's (decision 0104). */
export function answersOf(app: ApplicationView) {
  const sections = summaryOf(app);
  if (!app.erasedAt) return sections;
  const erased = erasedText(app.erasedAt.slice(0, 10));
  return sections.map((s) => ({ ...s, groups: s.groups.map((g) => ({ ...g, rows: g.rows.map((r) => (ERASED_ROWS.has(r.label) ? { ...r, value: erased } : r)) })) }));
}

function summaryOf(app: ApplicationView) {
  const documents = [...app.documents.uploaded, ...app.documents.additional]
    // Spec §4: some are counted as there without a file; they are not the prospect's to upload.
    .filter((d) => d.present || !d.treatedAsPresent)
    .map((d) => ({ title: d.title, present: d.present }));
  return checkAnswers({
    data: app.data,
    type: app.context,
    sections: app.sections,
    questions: app.questions.personal,
    states: app.states,
    totalFees: app.totalFees,
    documents,
  });
}

export async function checkPage(user: CurrentUser, appointmentId: number, request: Request) {
  const app = await loadApplication(user, appointmentId, { request });
  // Every answer on one page: a view of the application like the screen's (screen.server.ts).
  await recordAccess(request, user, "APPLICATION_VIEWED", { type: "Appointment", id: appointmentId, ownerUserId: app.role === "PROSPECT" ? user.id : null });
  const refusal = app.readOnly ? null : await currentSubmitRefusal(user, appointmentId, request);
  return {
    appointmentId,
    reference: applicationReference(appointmentId),
    readOnly: app.readOnly,
    isUpline: app.role === "UPLINE",
    statusText: app.statusText,
    turn: whoseTurn(app.statusCode, app.decisionNote, turnReader(app.role)).label,
    typeLabel: `${app.appointmentTypeLabel} (${app.businessType})`,
    summary: answersOf(app),
    deficiencies: refusal?.deficiencies ?? [],
    cvcAtSubmit: !app.readOnly && showsCreditCard(app.context),
  };
}

export async function submittedPage(user: CurrentUser, appointmentId: number, request: Request) {
  const app = await loadApplication(user, appointmentId, { request });
  // Not submitted (yet, or again after a return): the check page says what is missing.
  if (isEditableStatus(app.statusCode) && app.role !== "UPLINE") throw redirect(`/appoint/check?id=${appointmentId}`);
  return {
    appointmentId,
    reference: applicationReference(appointmentId),
    success: SUBMIT_SUCCESS,
    statusText: app.statusText,
    turn: whoseTurn(app.statusCode, app.decisionNote, turnReader(app.role)).label,
    submittedAt: app.submittedAt?.toISOString() ?? null,
    reviewDays: env().REVIEW_USUAL_DAYS,
    receiptTo: await prospectEmailOf(appointmentId),
    carriers: [...new Set(app.header.lines.map((l) => l.carrier).filter(Boolean))],
  };
}
