// The server half of the licence and credential screens (issue 23 items 1 and 2; decision 0069):
// /licences (the signed-in user's own NPN) and /licences/:npn (one NPN: an administrator or the
// producer edits, an upline reads). Routes stay thin: they ask `who` and hand the NPN here.
// Access (npnAccess) is asked before the body is read; every write goes through records.server.ts
// (the one writer: change, audit row and standings in one transaction).
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { createCookie, data, redirect } from "@remix-run/node";
import { MalformedUploadError, PDF_UPLOAD_RULE, receiveUpload, UploadRequestTooLargeError } from "~/features/documents/receive-upload.server";
import { pdfDownloadName } from "~/features/documents/upload";
import { underUserSql } from "~/features/hierarchy/hierarchy.server";
import { audit } from "~/lib/audit.server";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { FORM_MESSAGES, formRefusal, readForm } from "~/lib/form.server";
import type { Capability } from "~/lib/permissions";
import { refusal } from "~/lib/permissions.server";
import { deleteFile, fileResponse, removeBlob, StoredFileMissingError } from "~/lib/storage.server";
import { npnKey } from "~/lib/npn";
import { npnAccess, ownNpns, type NpnAccess } from "./access.server";
import { LICENCE_MESSAGES } from "./messages";
import { deleteRecord, recordsOfNpn, saveCredential, saveLicence, type Actor, type WriteResult } from "./records.server";
import { COURSE_MAX, credentialSchema, licenceSchema, POLICY_MAX, PROVIDER_MAX } from "./schema";
import { LICENCE_SCREEN } from "./screen-messages";
import { dayOf, type Day, type Reason, type Standing } from "./status";
import type { LicencesActionData } from "./ui/NpnRecords";
import { isUuid } from "~/lib/uuid";


/** The licence and delete forms are small: a few short fields. */
export const LICENCE_FORM_MAX_FIELDS = 30;
export const LICENCE_FORM_MAX_BYTES = 8 * 1024;

/** The credential form's text fields and their byte caps (4 bytes per character at most, plus one: a longer text stays too long for the schema). */
const CREDENTIAL_FIELDS: Readonly<Record<string, number>> = {
  intent: 20,
  id: 40,
  kind: 20,
  provider: PROVIDER_MAX * 4 + 1,
  policyNumber: POLICY_MAX * 4 + 1,
  coverageLimit: 20,
  courseName: COURSE_MAX * 4 + 1,
  carrierId: 12,
  effectiveDate: 12,
  validMonths: 8,
  expiryDate: 12,
};

/** 'Saved.' / 'Deleted.' after the redirect (POST, redirect, GET: a reload does not post again). */
function flashCookie() {
  return createCookie("portal_lic_flash", { httpOnly: true, sameSite: "lax", secure: env().secure, path: "/licences", maxAge: 60 });
}

export async function readFlash(request: Request): Promise<{ message: string | null; clear: string | null }> {
  const v: unknown = await flashCookie().parse(request.headers.get("Cookie"));
  const message = v === LICENCE_MESSAGES.saved || v === LICENCE_MESSAGES.deleted ? v : null;
  return { message, clear: message ? await flashCookie().serialize("", { maxAge: 0 }) : null };
}

/** The refusal (404: no such NPN for this user; 403: read-only), audited as ACCESS_DENIED like requireCapability's. */
async function refuse(request: Request, user: CurrentUser, status: 403 | 404, npn: string | null): Promise<never> {
  await audit("ACCESS_DENIED", {
    request,
    actorUserId: user.id,
    impersonatorUserId: user.impersonator?.id ?? null,
    targetType: "Npn",
    targetId: npn ?? undefined,
    details: { path: new URL(request.url).pathname, method: request.method, status },
  });
  throw refusal(status);
}

/** The NPN of /licences: the user's own first NPN (ownNpns), or null. */
export async function ownNpn(user: CurrentUser): Promise<string | null> {
  return (await ownNpns(user.id))[0] ?? null;
}

/** What the user may do with `rawNpn`; the audited 404 page when nothing. */
export async function requireNpnAccess(request: Request, user: CurrentUser, capabilities: readonly Capability[], rawNpn: string | null) {
  const npn = npnKey(rawNpn);
  const access = npn ? await npnAccess(user, capabilities, npn) : null;
  if (!npn || !access) return refuse(request, user, 404, npn);
  return { npn, access };
}

export type PositionStanding = {
  agentId: number;
  agentNumber: string;
  carrier: string;
  standing: Standing;
  reasons: Reason[];
  nextExpiry: Day | null;
};

/**
 * The stored standing (agent_compliance, written by refreshStanding) of the agent positions holding
 * `npn`; an upline (read) sees only the positions in their downline.
 */
export async function standingsOfNpn(npn: string, access: NpnAccess, userId: string): Promise<PositionStanding[]> {
  const rows = await prisma.$queryRawUnsafe<Array<{ id: number; agent_number: string; carrier: string; standing: Standing; reasons: Reason[]; next_expiry: string | null }>>(
    `SELECT a.id, a.agent_number, c.carrier_code || ' ' || pt.name AS carrier, ac.standing, ac.reasons, ac.next_expiry::text
       FROM agents a
       JOIN agent_compliance ac ON ac.agent_id = a.id
       JOIN blocks b ON b.block_number = a.block_number
       JOIN carriers c ON c.carrier_id = b.carrier_id
       JOIN product_types pt ON pt.product_type_id = b.product_type_id
      WHERE a.npn = $1 AND a.is_active
        AND ($2::boolean OR ${underUserSql("$3::uuid", "ARRAY[a.id]", "'{}'::uuid[]")})
      ORDER BY a.agent_number, a.id`,
    npn,
    access.mode === "edit",
    userId,
  );
  return rows.map((r) => ({ agentId: r.id, agentNumber: r.agent_number, carrier: r.carrier, standing: r.standing, reasons: r.reasons, nextExpiry: r.next_expiry }));
}

/** Everything the page of one NPN shows. */
export async function loadNpnPage(npn: string, access: NpnAccess, userId: string) {
  const [records, positions] = await Promise.all([recordsOfNpn(npn), standingsOfNpn(npn, access, userId)]);
  return { npn, mode: access.mode, records, positions, today: dayOf(new Date()) };
}
export type NpnPage = Awaited<ReturnType<typeof loadNpnPage>>;

function actorOf(request: Request, user: CurrentUser, access: Extract<NpnAccess, { mode: "edit" }>): Actor {
  return { userId: user.id, source: access.source, impersonatorUserId: user.impersonator?.id ?? null, request };
}

/** 'new' or a record's id; anything else is no record (404). */
function targetOf(v: FormDataEntryValue | string | null | undefined): string | null {
  if (v === "new") return "new";
  return typeof v === "string" && isUuid(v) ? v.toLowerCase() : null;
}

/**
 * The POST of /licences or /licences/:npn. The caller has checked that the user is signed in; here:
 * the NPN's access (404 none, 403 read-only: nothing is read of the body before), then the form,
 * capped (readForm; the credential form with its certificate through receiveUpload), then the one
 * writer. Success redirects to `back` with 'Saved.'.
 */
export async function licencesAction(request: Request, user: CurrentUser, capabilities: readonly Capability[], rawNpn: string | null, back: string) {
  const { npn, access } = await requireNpnAccess(request, user, capabilities, rawNpn);
  if (access.mode !== "edit") return refuse(request, user, 403, npn);
  const actor = actorOf(request, user, access);
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "multipart/form-data") return credentialWithCertificate(request, user, actor, npn, back);

  const form = await readForm(request, { maxFields: LICENCE_FORM_MAX_FIELDS, maxBytes: LICENCE_FORM_MAX_BYTES });
  const intent = form.get("intent");
  if (intent === "delete") {
    const kind = form.get("kind");
    const id = targetOf(form.get("id"));
    if ((kind !== "licence" && kind !== "credential") || !id || id === "new") return refuse(request, user, 404, npn);
    // A delete cannot be undone: the first POST asks (the page names the record), the second deletes.
    if (form.get("confirm") !== "yes") {
      const exists =
        kind === "licence"
          ? await prisma.producerLicence.count({ where: { id, npn } })
          : await prisma.producerCredential.count({ where: { id, npn } });
      if (!exists) return refuse(request, user, 404, npn);
      return data<LicencesActionData>({ form: "delete", kind, id });
    }
    const r = await deleteRecord(actor, npn, kind, id);
    if (!r.ok) return refuse(request, user, 404, npn);
    return done(back, LICENCE_MESSAGES.deleted);
  }
  if (intent === "licence") {
    const target = targetOf(form.get("id"));
    if (!target) return refuse(request, user, 404, npn);
    const submission = parseWithZod(form, { schema: licenceSchema });
    if (submission.status !== "success") return data<LicencesActionData>({ form: "licence", reply: submission.reply(), outcome: "invalid" }, { status: 400 });
    return answer(request, user, npn, back, "licence", submission, await saveLicence(actor, npn, submission.value, target));
  }
  if (intent === "credential") return credentialSave(request, user, actor, npn, back, form, undefined);
  throw formRefusal(400, FORM_MESSAGES.badName);
}

async function done(back: string, message: string) {
  return redirect(back, { status: 303, headers: { "Set-Cookie": await flashCookie().serialize(message) } });
}

type Submission = { reply: (o?: { fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]> };

/** The writer's answer: saved (redirect), refused next to its field (400), or no such record (404). */
async function answer(request: Request, user: CurrentUser, npn: string, back: string, form: "licence" | "credential", submission: Submission, r: WriteResult) {
  if (r.ok) return done(back, LICENCE_MESSAGES.saved);
  if (r.status === 404) return refuse(request, user, 404, npn);
  return data<LicencesActionData>(
    { form, reply: submission.reply({ fieldErrors: { [r.field ?? "kind"]: [r.message] } }), outcome: "invalid" },
    { status: 400 },
  );
}

/** The credential form without a file (e.g. posted urlencoded): the certificate on record is kept. */
async function credentialSave(
  request: Request,
  user: CurrentUser,
  actor: Actor,
  npn: string,
  back: string,
  form: FormData,
  fileProblem: string | undefined,
  saveWith?: (input: Parameters<typeof saveCredential>[2], target: string) => Promise<WriteResult>,
  status: 400 | 413 = 400,
) {
  const target = targetOf(form.get("id"));
  if (!target) return refuse(request, user, 404, npn);
  const submission = parseWithZod(form, { schema: credentialSchema });
  if (submission.status !== "success" || fileProblem) {
    const errors = submission.status === "error" ? (submission.error ?? {}) : {};
    const reply = submission.reply(fileProblem ? { fieldErrors: { ...errors, certificate: [fileProblem] } as Record<string, string[]> } : undefined);
    return data<LicencesActionData>({ form: "credential", reply, outcome: "invalid" }, { status });
  }
  const r = saveWith ? await saveWith(submission.value, target) : await saveCredential(actor, npn, submission.value, target);
  return answer(request, user, npn, back, "credential", submission, r);
}

/**
 * The credential form as the browser posts it (multipart, with or without JavaScript): its text
 * fields and at most one PDF (field 'certificate'), received as appointment uploads are
 * (receiveUpload: streamed to storage, checked as a PDF by its first bytes, capped). The stored file
 * becomes a StoredFile whose id the credential keeps; a refused save removes it again.
 */
async function credentialWithCertificate(request: Request, user: CurrentUser, actor: Actor, npn: string, back: string) {
  let got;
  try {
    // The application's upload rule (upload-policy.ts, receiveUpload's defaults): a PDF of at most
    // MAX_UPLOAD_BYTES in a request of at most MAX_UPLOAD_REQUEST_BYTES (the HTTP server's cap for
    // these pages too), so a larger PDF is drained and answered next to its field.
    got = await receiveUpload(request, { rule: PDF_UPLOAD_RULE, fields: CREDENTIAL_FIELDS, fileField: "certificate" });
  } catch (error) {
    if (error instanceof UploadRequestTooLargeError) throw formRefusal(413, FORM_MESSAGES.tooLarge);
    if (error instanceof MalformedUploadError) throw formRefusal(400, FORM_MESSAGES.unreadable);
    throw error;
  }
  const blob = got.blob;
  const form = new FormData();
  for (const [k, v] of Object.entries(got.fields)) form.append(k, v);
  if (form.get("intent") !== "credential") {
    if (blob) await removeBlob(blob.storageKey).catch(() => {});
    throw formRefusal(400, FORM_MESSAGES.badName);
  }
  const problem = got.problem === "WRONG_TYPE" ? LICENCE_SCREEN.certificateNotPdf : got.problem === "TOO_BIG" ? LICENCE_SCREEN.certificateTooBig : undefined;
  if (!blob || problem) {
    if (blob) await removeBlob(blob.storageKey).catch(() => {});
    return credentialSave(request, user, actor, npn, back, form, problem, undefined, got.problem === "TOO_BIG" ? 413 : 400);
  }
  let fileId: string | null = null;
  let kept = false;
  try {
    return await credentialSave(request, user, actor, npn, back, form, undefined, async (input, target) => {
      const file = await prisma.storedFile.create({
        data: {
          storageKey: blob.storageKey,
          fileName: pdfDownloadName(got.fileName),
          contentType: "application/pdf",
          byteSize: blob.byteSize,
          sha256: blob.sha256,
          createdById: user.id,
        },
        select: { id: true },
      });
      fileId = file.id;
      const r = await saveCredential(actor, npn, input, target, file.id);
      kept = r.ok; // the credential holds it
      return r;
    });
  } finally {
    // Refused (or failed) after the bytes were stored: nothing of it stays.
    if (!kept) {
      if (fileId) await deleteFile({ id: fileId, storageKey: blob.storageKey }).catch(() => {});
      else await removeBlob(blob.storageKey).catch(() => {});
    }
  }
}

/**
 * GET /licences/:npn/certificates/:id: the certificate of a credential of that NPN, for whoever may
 * read the NPN's records (npnAccess: edit or read). Another NPN's credential, a credential without a
 * certificate or bytes gone: 404.
 */
export async function certificateResponse(request: Request, user: CurrentUser, capabilities: readonly Capability[], rawNpn: string | null, rawId: string | null) {
  const { npn } = await requireNpnAccess(request, user, capabilities, rawNpn);
  const id = targetOf(rawId);
  const credential =
    id && id !== "new"
      ? await prisma.producerCredential.findFirst({ where: { id, npn }, select: { storedFile: { select: { id: true, storageKey: true, fileName: true, contentType: true, sha256: true } } } })
      : null;
  if (!credential?.storedFile) return refuse(request, user, 404, npn);
  try {
    return await fileResponse(credential.storedFile, { disposition: "attachment", contentType: "application/pdf" });
  } catch (error) {
    if (error instanceof StoredFileMissingError) return refuse(request, user, 404, npn);
    throw error;
  }
}
