// The review screen's screening block (decision 0122): what it shows (read:screening only) and its
// forms' action (/admin/review/<id>/screening, no JavaScript needed: each form posts and comes back).
import { MAX_UPLOAD_REQUEST_BYTES } from "~/features/documents/receive-upload.server";
import type { CurrentUser } from "~/lib/current-user";
import { dayOf } from "~/lib/days";
import { readForm } from "~/lib/form.server";
import { realUserId } from "~/lib/auth.server";
import { prisma } from "~/lib/db.server";
import { recordDispute, sendAdverseNotice, waitState } from "./adverse.server";
import { orderScreening, recordFileResult, screeningHold, screeningView } from "./screening.server";
import { SCREENING_MESSAGES as M, type ScreeningStatus } from "./statuses";
import { env } from "~/lib/env.server";

export const SCREENING_INTENTS = ["order", "result", "dispute", "resolve-clear", "resolve-consider", "final"] as const;
export type ScreeningIntent = (typeof SCREENING_INTENTS)[number];
const DONE: Record<ScreeningIntent, string> = {
  order: "The screening is ordered.",
  result: "The result is recorded.",
  dispute: "The dispute is recorded: the wait holds.",
  "resolve-clear": "The dispute is resolved: the screening is clear.",
  "resolve-consider": "The dispute is resolved: the wait resumes.",
  final: "The adverse action notice is sent.",
};

/** The approval blocker's reason for the review screen (the one rule approveWork applies). */
export const reviewScreeningHold = (appointmentId: number) => screeningHold(prisma, appointmentId);

/** The block's data for the loader (null for anyone without read:screening). */
export async function screeningPanel(appointmentId: number, now = new Date()) {
  const { screening: s, authorised } = await screeningView(appointmentId);
  const off = env().SCREENING_ADAPTER === "none";
  if (!s) return { authorised, off, screening: null };
  const pre = s.steps.find((x) => x.kind === "PRE_ADVERSE");
  const wait = pre?.sentAt && pre.dueDay && (s.status === "ADVERSE_PENDING" || s.status === "DISPUTED") ? waitState(pre.sentAt, pre.dueDay, dayOf(now)) : null;
  return {
    authorised,
    off,
    screening: {
      id: s.id,
      adapter: s.adapter,
      status: s.status as ScreeningStatus,
      statusText: M.statusLabel[s.status as ScreeningStatus],
      result: s.result,
      reference: s.vendorReference,
      note: s.resultNote,
      orderedAt: s.orderedAt.toISOString(),
      hasReport: Boolean(s.reportFileId),
      steps: s.steps.map((x) => ({ kind: x.kind, sentAt: x.sentAt?.toISOString() ?? null, dueDay: x.dueDay ? dayOf(x.dueDay) : null })),
      wait,
    },
  };
}
export type ScreeningPanelData = Awaited<ReturnType<typeof screeningPanel>>;

/** The forms' action: the outcome's message for the review screen (?screening=ok|<message>). */
export async function screeningAction(request: Request, user: CurrentUser, appointmentId: number): Promise<{ ok: boolean; message: string }> {
  const form = await readForm(request, { multipart: true, maxFields: 10, maxBytes: MAX_UPLOAD_REQUEST_BYTES });
  const intent = form.get("intent") as ScreeningIntent;
  const actorId = realUserId(user);
  const screeningId = String(form.get("screeningId") ?? "");
  const ctx = { actorId, request };
  // A screening of this application only (the id is posted).
  if (intent !== "order" && !(/^[0-9a-f-]{36}$/.test(screeningId) && (await prisma.screening.count({ where: { id: screeningId, appointmentId } })))) return { ok: false, message: M.noScreening };
  let r: { ok: true } | { ok: false; message: string };
  switch (intent) {
    case "order":
      r = await orderScreening(appointmentId, ctx);
      break;
    case "result": {
      const file = form.get("report");
      const pdf = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
      r = await recordFileResult(screeningId, { result: String(form.get("result") ?? "") || null, reference: String(form.get("reference") ?? "") || null, note: String(form.get("note") ?? "") || null, pdf, ...ctx });
      break;
    }
    case "dispute":
      r = await recordDispute(screeningId, "DISPUTED", ctx);
      break;
    case "resolve-clear":
      r = await recordDispute(screeningId, "CLEAR", ctx);
      break;
    case "resolve-consider":
      r = await recordDispute(screeningId, "CONSIDER", ctx);
      break;
    case "final":
      r = await sendAdverseNotice(screeningId, ctx);
      break;
    default:
      r = { ok: false, message: M.noScreening };
  }
  return r.ok ? { ok: true, message: DONE[intent] } : r;
}
