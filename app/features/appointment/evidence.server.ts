// Evidence of electronic signatures (ESIGN Act / UETA): the consent to sign
// electronically, recorded before the first signature, and for every typed
// signature or checkbox acknowledgement who gave it, who typed it, when, from
// where, and what exactly was acknowledged (the statement, or the version of
// the agreement PDF). See docs/decisions/0009-application-save-submit-evidence.md.
import type { Appointment, Prisma } from "~/generated/prisma/client";
import { audit } from "~/lib/audit.server";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { clientIp } from "~/lib/security.server";
import { auditAppointment, requireAppointmentAccess, type AppointmentRole } from "./access.server";
import { isCheckboxSignature, shownSignature } from "./codes";
import { FCRA_STATEMENTS } from "./fcra";

type Db = Prisma.TransactionClient;

/** Version of the consent text below; a new wording needs a new version (and a new consent). */
export const ESIGN_CONSENT_VERSION = "2026-01";

/** The consent the signer accepts before the first electronic signature (shown as written). */
export const ESIGN_CONSENT_TEXT = [
  "Consent to use electronic signatures and records.",
  "You agree to sign this appointment application and its agreements electronically, by typing your name or your mother's maiden name and by ticking acknowledgement boxes, and you agree that these electronic signatures are as binding as signatures on paper.",
  "You agree to receive the application, the agreements and related notices electronically, in this portal and by email. You need a device with a current web browser and a PDF reader, and an email address, to do so.",
  "You may withdraw this consent, or ask for paper copies of any document, at no charge, by contacting us through Contact Us before you submit the application; withdrawing consent means the application must be completed on paper.",
].join("\n\n");

export const ESIGN_CONSENT_REQUIRED_MESSAGE =
  "Please accept the consent to sign electronically before signing.";
export const ESIGN_CONSENT_IMPERSONATION_MESSAGE =
  "The consent to sign electronically must be given by the applicant in person, not while acting as them.";

/** True when `userId` has accepted the current consent text for this appointment. */
export async function hasEsignConsent(db: Db, appointmentId: number, userId: string): Promise<boolean> {
  const row = await db.esignConsent.findFirst({
    where: { appointmentId, userId, consentTextVersion: ESIGN_CONSENT_VERSION },
    select: { id: true },
  });
  return row != null;
}

export type EsignConsentResult = { ok: true; acceptedAt: Date } | { ok: false; message: string };

/**
 * Records the signed-in user's consent to sign electronically for this
 * application (idempotent: a second acceptance of the same version keeps the
 * first). Refused while impersonating: consent is personal.
 */
export async function acceptEsignConsent(user: CurrentUser, appointmentId: number, request: Request): Promise<EsignConsentResult> {
  await requireAppointmentAccess(user, appointmentId, { write: true, request });
  if (user.impersonator) return { ok: false, message: ESIGN_CONSENT_IMPERSONATION_MESSAGE };
  const existing = await prisma.esignConsent.findFirst({
    where: { appointmentId, userId: user.id, consentTextVersion: ESIGN_CONSENT_VERSION },
    orderBy: { acceptedAt: "asc" },
  });
  if (existing) return { ok: true, acceptedAt: existing.acceptedAt };
  const row = await prisma.esignConsent.create({
    data: {
      appointmentId,
      userId: user.id,
      ipAddress: clientIp(request) ?? remoteFallback(request),
      userAgent: request.headers.get("User-Agent")?.slice(0, 500) ?? null,
      consentTextVersion: ESIGN_CONSENT_VERSION,
    },
  });
  await audit("ESIGN_CONSENT", {
    request,
    actorUserId: user.id,
    targetType: "Appointment",
    targetId: String(appointmentId),
    details: { version: ESIGN_CONSENT_VERSION },
  });
  return { ok: true, acceptedAt: row.acceptedAt };
}

function remoteFallback(_request: Request): string | null {
  // remix-serve does not expose the socket address to loaders; behind a
  // proxy X-Forwarded-For gives it (IDP_TRUST_PROXY / clientIp).
  return null;
}

/** Who signs and who types, for a signature given by `user` on this appointment. */
export type SignatureActors = { signedByUserId: string | null; actingUserId: string | null };

export function signatureActors(
  user: CurrentUser,
  appointment: Pick<Appointment, "userId">,
  role: AppointmentRole,
): SignatureActors {
  if (role === "PROSPECT") return { signedByUserId: user.id, actingUserId: user.impersonator?.id ?? null };
  // A recruiter (paper appointment) or an administrator fills in on the prospect's behalf.
  return { signedByUserId: appointment.userId ?? null, actingUserId: user.impersonator?.id ?? user.id };
}

/**
 * The statement each signature or acknowledgement attests, stored as
 * acknowledgedText with the signature (the screens show the same wording).
 */
export const SIGNATURE_STATEMENTS: Record<string, string> = {
  SIGTYP_QNA:
    "I certify that my answers to the questions above, and any comment I gave, are true and complete to the best of my knowledge. Typed signature: mother's maiden name.",
  SIGTYP_W9_CERT:
    "Under penalties of perjury, I certify that the taxpayer identification number shown on this form is correct, that I am not subject to backup withholding, and that I am a U.S. citizen or other U.S. person. Typed signature: mother's maiden name.",
  SIGTYP_COMSCHED:
    "I have read and accept the commission schedule for my level. Typed signature: mother's maiden name.",
  SIGTYP_COMSCHED_DT: "Date of my signature of the commission schedule.",
  SIGTYP_COMSCHED_AGT: "My agent name, as it will appear on the commission schedule.",
  SIGTYP_ST_FEES:
    "I authorise the appointment fees of the states I selected, collected by card where I gave one or deducted from my commissions. Typed signature: mother's maiden name.",
  SIGTYP_POLICY_AGREE: "I have read and acknowledge the Company Policy.",
  SIGTYP_AGENT_AGREE: "I have read and agree to the Agent Agreement.",
  SIGTYP_ACKREP: "I have read and agree to the Representative Agreement.",
  SIGTYP_AML: "I have read and acknowledge the Anti-Money-Laundering guide.",
  SIGTYP_AGREENAME: "Your Name: the name under which I sign the policies and agreements above.",
  SIGTYP_AGREESIG:
    "I sign the policies and agreements I acknowledged above. Typed signature: mother's maiden name.",
  // The FCRA rows keep the version id of the text shown (the screening reads it, decision 0121).
  ...FCRA_STATEMENTS,
};

/** The system document (documentKey) each acknowledgement refers to. */
export const SIGNATURE_DOCUMENT_KEYS: Record<string, string> = {
  SIGTYP_POLICY_AGREE: "CO_POLICY",
  SIGTYP_AGENT_AGREE: "ALLCO_AGREE",
  SIGTYP_ACKREP: "REP_AGREE",
  SIGTYP_AML: "AML_GUIDE",
};

const COMMISSION_SIGNATURES = new Set(["SIGTYP_COMSCHED", "SIGTYP_COMSCHED_DT", "SIGTYP_COMSCHED_AGT"]);

function describeDocument(d: { documentKey: string | null; version: number; storedFile: { sha256: string } }, key: string) {
  return `${d.documentKey ?? key} v${d.version} sha256:${d.storedFile.sha256}`;
}

/**
 * The versions of the documents the signatures refer to: the four
 * agreements and the commission schedule(s) of the appointment's levels.
 * 'KEY vN sha256:...' identifies the exact PDF the signer was shown.
 */
export async function documentVersions(db: Db, appointmentId: number): Promise<Record<string, string | null>> {
  const keys = Object.values(SIGNATURE_DOCUMENT_KEYS);
  // One query after the other: db may be a transaction's single connection.
  const docs = await db.document.findMany({
    where: { kindCode: "SYSTEM", isCurrent: true, documentKey: { in: keys } },
    orderBy: { version: "desc" },
    select: { documentKey: true, version: true, storedFile: { select: { sha256: true } } },
  });
  const levels = await db.appointmentCarrierBlock.findMany({
      where: { appointmentId },
      select: {
        scheduleLevel: {
          select: { document: { select: { documentKey: true, version: true, storedFile: { select: { sha256: true } } } } },
        },
      },
  });
  const out: Record<string, string | null> = {};
  for (const [sig, key] of Object.entries(SIGNATURE_DOCUMENT_KEYS)) {
    const d = docs.find((x) => x.documentKey === key);
    out[sig] = d ? describeDocument(d, key) : null;
  }
  const schedules = levels
    .map((l) => l.scheduleLevel?.document)
    .filter((d): d is NonNullable<typeof d> => d != null)
    .map((d) => describeDocument(d, "COMSCHED"));
  const comsched = schedules.length ? [...new Set(schedules)].join("; ") : null;
  for (const sig of COMMISSION_SIGNATURES) out[sig] = comsched;
  // The disclosure and the authorisation are texts of the portal, not PDFs: their version is the document.
  Object.assign(out, FCRA_STATEMENTS);
  return out;
}

/**
 * The signatures whose value changes: a posted value that differs from the
 * stored one (a missing checkbox is 'N', a missing text ''). A signature never
 * given that stays blank is no change. The one place that decides "changed",
 * for the consent check and for the evidence.
 */
export function signatureChanges(stored: ReadonlyMap<string, string>, values: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [code, raw] of Object.entries(values)) {
    const value = raw ?? (isCheckboxSignature(code) ? "N" : "");
    const cur = stored.get(code);
    if (cur === undefined ? !isSigned(value) : cur === value) continue;
    out[code] = value;
  }
  return out;
}

export type SignatureWrite = {
  appointmentId: number;
  /** Signature type code -> the value now posted ('' clears it; undefined is blank). */
  values: Record<string, string | undefined>;
  actors: SignatureActors;
  request: Request;
  now?: Date;
  /** The stored values (type code -> value) when the caller has read them in this transaction, under the row lock. */
  stored?: ReadonlyMap<string, string>;
};

/**
 * Writes the posted signatures: a value that changed gets fresh evidence
 * (signer, acting user, time, address, browser, statement, document
 * version); an unchanged value keeps its evidence. Returns the types written.
 */
export async function writeSignatures(db: Db, input: SignatureWrite): Promise<string[]> {
  const { appointmentId, values, actors, request } = input;
  const now = input.now ?? new Date();
  if (Object.keys(values).length === 0) return [];
  const stored =
    input.stored ??
    new Map(
      (
        await db.appointmentSignature.findMany({
          where: { appointmentId, signatureTypeCode: { in: Object.keys(values) } },
          select: { signatureTypeCode: true, signatureValue: true },
        })
      ).map((s) => [s.signatureTypeCode, s.signatureValue]),
    );
  const changes = signatureChanges(stored, values);
  const codes = Object.keys(changes);
  if (codes.length === 0) return [];
  const versions = await documentVersions(db, appointmentId);
  const ipAddress = clientIp(request);
  const userAgent = request.headers.get("User-Agent")?.slice(0, 500) ?? null;
  // Every changed signature in one statement: a blank one ('' or 'N') carries no evidence, a
  // given one the signer, acting user, time, address, browser, statement and document version.
  const blank = codes.map((code) => changes[code] === "" || changes[code] === "N");
  await db.$executeRaw`/* prepared */
    INSERT INTO appointment_signatures (id, appointment_id, signature_type_code, signature_value, signed_by_user_id, acting_user_id,
                                        signed_at, ip_address, user_agent, acknowledged_text, document_version, updated_at)
    SELECT gen_random_uuid(), ${appointmentId}::int, t.code, t.value,
           CASE WHEN t.blank THEN NULL ELSE ${actors.signedByUserId}::uuid END,
           CASE WHEN t.blank THEN NULL ELSE ${actors.actingUserId}::uuid END,
           CASE WHEN t.blank THEN NULL ELSE ${now}::timestamptz END,
           CASE WHEN t.blank THEN NULL ELSE ${ipAddress}::text END,
           CASE WHEN t.blank THEN NULL ELSE ${userAgent}::text END,
           CASE WHEN t.blank THEN NULL ELSE t.ack END,
           CASE WHEN t.blank THEN NULL ELSE t.version END,
           now()
      FROM unnest(${codes}::text[], ${codes.map((c) => changes[c])}::text[], ${blank}::boolean[],
                  ${codes.map((c) => SIGNATURE_STATEMENTS[c] ?? null)}::text[], ${codes.map((c) => versions[c] ?? null)}::text[])
           AS t(code, value, blank, ack, version)
    ON CONFLICT (appointment_id, signature_type_code) DO UPDATE SET
      signature_value = EXCLUDED.signature_value, signed_by_user_id = EXCLUDED.signed_by_user_id,
      acting_user_id = EXCLUDED.acting_user_id, signed_at = EXCLUDED.signed_at, ip_address = EXCLUDED.ip_address,
      user_agent = EXCLUDED.user_agent, acknowledged_text = EXCLUDED.acknowledged_text,
      document_version = EXCLUDED.document_version, updated_at = EXCLUDED.updated_at`;
  return codes;
}

/** True when a signature value counts as given (text, or Y for a checkbox). */
export function isSigned(value: string | null | undefined): boolean {
  return value != null && value !== "" && value !== "N";
}

// ───────────────────────────── evidence shown to administrators ─────────────────────────────

export type EvidencePerson = { id: string; name: string; email: string };

export type SignatureEvidence = {
  consents: Array<{
    user: EvidencePerson | null;
    acceptedAt: string;
    ipAddress: string | null;
    userAgent: string | null;
    consentTextVersion: string;
  }>;
  signatures: Array<{
    signatureTypeCode: string;
    /** 'Y' / 'N' for a checkbox, else the typed text. */
    value: string;
    checkbox: boolean;
    signedBy: EvidencePerson | null;
    /** Set only when someone other than the signer typed it. */
    actingUser: EvidencePerson | null;
    signedAt: string | null;
    ipAddress: string | null;
    userAgent: string | null;
    acknowledgedText: string | null;
    documentVersion: string | null;
  }>;
};

/** True for an internal administrator acting as themself (an impersonating administrator acts as the user). */
export function canSeeSignatureEvidence(user: CurrentUser): boolean {
  return user.isInternal && !user.impersonator;
}

/**
 * The ESIGN consents and the evidence of every signature and acknowledgement
 * of an application, for an internal administrator (read-only). Anyone else
 * (the prospect, the recruiter, an administrator impersonating someone) gets
 * 404, audited as ACCESS_DENIED.
 */
export async function signatureEvidence(user: CurrentUser, appointmentId: number, request?: Request): Promise<SignatureEvidence> {
  if (!canSeeSignatureEvidence(user)) {
    await auditAppointment("ACCESS_DENIED", user, appointmentId, request, { what: "signature evidence", reason: "not an internal administrator" });
    throw new Response(null, { status: 404 });
  }
  await requireAppointmentAccess(user, appointmentId, { request });
  const [consents, signatures] = await Promise.all([
    prisma.esignConsent.findMany({ where: { appointmentId }, orderBy: { acceptedAt: "asc" } }),
    prisma.appointmentSignature.findMany({ where: { appointmentId }, orderBy: { signatureTypeCode: "asc" } }),
  ]);
  const ids = new Set<string>();
  for (const c of consents) ids.add(c.userId);
  for (const s of signatures) {
    if (s.signedByUserId) ids.add(s.signedByUserId);
    if (s.actingUserId) ids.add(s.actingUserId);
  }
  const users = ids.size
    ? await prisma.user.findMany({ where: { id: { in: [...ids] } }, select: { id: true, userName: true, firstName: true, lastName: true } })
    : [];
  const people = new Map(
    users.map((u) => [u.id, { id: u.id, email: u.userName, name: [u.firstName, u.lastName].filter(Boolean).join(" ") || u.userName }]),
  );
  const person = (id: string | null) => (id ? (people.get(id) ?? { id, name: "(unknown user)", email: "" }) : null);
  return {
    consents: consents.map((c) => ({
      user: person(c.userId),
      acceptedAt: c.acceptedAt.toISOString(),
      ipAddress: c.ipAddress,
      userAgent: c.userAgent,
      consentTextVersion: c.consentTextVersion,
    })),
    signatures: signatures.map((s) => ({
      signatureTypeCode: s.signatureTypeCode,
      // Evidence is who, when and from where: never the typed secret (decision 0104).
      value: shownSignature(s.signatureTypeCode, s.signatureValue),
      checkbox: isCheckboxSignature(s.signatureTypeCode),
      signedBy: person(s.signedByUserId),
      actingUser: s.actingUserId && s.actingUserId !== s.signedByUserId ? person(s.actingUserId) : null,
      signedAt: s.signedAt?.toISOString() ?? null,
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
      acknowledgedText: s.acknowledgedText,
      documentVersion: s.documentVersion,
    })),
  };
}
