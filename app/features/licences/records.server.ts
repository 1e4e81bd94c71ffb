// The only writer of licences and credentials (issue 23, decision 0068). Every write, whoever makes
// it (the agent, an administrator, the csv import, the licence lookup), goes through here: one
// transaction holds the change, its audit row (who, when, what changed) and the new standing of
// every agent position of the NPN. Callers check access first (access.server.ts) and pass the
// schema's parsed value (schema.ts).
import { Prisma } from "~/generated/prisma/client";
import { auditRow } from "~/lib/audit.server";
import { prisma } from "~/lib/db.server";
import { agentIdsOfNpn, refreshStanding } from "./compliance.server";
import { LICENCE_MESSAGES as M } from "./messages";
import type { CredentialInput, LicenceInput } from "./schema";
import { asDay, dayOf, type Day, type RecordSource } from "./status";

type Tx = Prisma.TransactionClient;

export type Actor = { userId: string | null; source: RecordSource; impersonatorUserId?: string | null; request?: Request };

/** `change` (writeLicence): what the write did, for the import's and the lookup's counts. */
export type WriteResult = { ok: true; id: string; change?: "created" | "updated" | "unchanged" } | { ok: false; status: 400 | 404; field?: string; message: string };

const toDate = (d: Day | null) => (d == null ? null : new Date(`${d}T00:00:00Z`));

const licenceSelect = {
  id: true,
  npn: true,
  stateCode: true,
  licenceNumber: true,
  licenceClass: true,
  isResident: true,
  loaLife: true,
  loaAccidentHealth: true,
  loaVariable: true,
  effectiveDate: true,
  expiryDate: true,
  status: true,
  source: true,
  updatedAt: true,
} as const satisfies Prisma.ProducerLicenceSelect;

const credentialSelect = {
  id: true,
  npn: true,
  kind: true,
  provider: true,
  policyNumber: true,
  coverageLimit: true,
  courseName: true,
  carrierId: true,
  effectiveDate: true,
  validMonths: true,
  expiryDate: true,
  source: true,
  updatedAt: true,
  storedFile: { select: { id: true, fileName: true, byteSize: true } },
  carrier: { select: { carrierCode: true, name: true } },
} as const satisfies Prisma.ProducerCredentialSelect;

/** The licences (by state) and credentials (by kind, latest expiry first) of an NPN, for the screens. */
export async function recordsOfNpn(npn: string, db: Pick<Tx, "producerLicence" | "producerCredential"> = prisma) {
  const [licences, credentials] = await Promise.all([
    db.producerLicence.findMany({ where: { npn }, select: licenceSelect, orderBy: [{ isResident: "desc" }, { stateCode: "asc" }] }),
    db.producerCredential.findMany({ where: { npn }, select: credentialSelect, orderBy: [{ kind: "asc" }, { expiryDate: "desc" }] }),
  ]);
  return {
    licences: licences.map((l) => ({ ...l, effectiveDate: asDay(l.effectiveDate), expiryDate: asDay(l.expiryDate) })),
    credentials: credentials.map((c) => ({
      ...c,
      coverageLimit: c.coverageLimit?.toString() ?? null,
      effectiveDate: asDay(c.effectiveDate),
      // Null only on a credential taken from the application (to confirm; the CHECK of migration 20261203120000).
      expiryDate: asDay(c.expiryDate),
    })),
  };
}
export type NpnRecords = Awaited<ReturnType<typeof recordsOfNpn>>;

function licenceData(input: LicenceInput) {
  return {
    stateCode: input.stateCode,
    licenceNumber: input.licenceNumber,
    licenceClass: input.licenceClass,
    isResident: input.isResident,
    loaLife: input.loaLife,
    loaAccidentHealth: input.loaAccidentHealth,
    loaVariable: input.loaVariable,
    effectiveDate: toDate(input.effectiveDate),
    expiryDate: toDate(input.expiryDate),
    status: input.status,
  };
}

function credentialData(input: CredentialInput) {
  return {
    kind: input.kind,
    provider: input.provider,
    policyNumber: input.kind === "EO" ? input.policyNumber : null,
    coverageLimit: input.kind === "EO" && input.coverageLimit ? new Prisma.Decimal(input.coverageLimit) : null,
    courseName: input.kind === "EO" ? null : input.courseName,
    carrierId: input.kind === "PRODUCT_TRAINING" ? input.carrierId : null,
    effectiveDate: toDate(input.effectiveDate),
    validMonths: input.validMonths,
    expiryDate: toDate(input.expiryDate)!,
  };
}

/** The fields that differ, as [before, after] (dates as days, decimals as text): the audit's 'what'. */
function changed(before: Record<string, unknown> | null, after: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const show = (v: unknown) => (v instanceof Date ? dayOf(v) : v instanceof Prisma.Decimal ? v.toString() : (v ?? null));
  const out: Record<string, [unknown, unknown]> = {};
  for (const [k, v] of Object.entries(after)) {
    const b = before ? show(before[k]) : null;
    const a = show(v);
    if (b !== a) out[k] = [b, a];
  }
  return out;
}

async function writeAudit(tx: Tx, actor: Actor, action: string, targetType: string, targetId: string, details: Record<string, unknown>) {
  const { details: json, ...row } = auditRow(action, {
    request: actor.request,
    actorUserId: actor.userId,
    impersonatorUserId: actor.impersonatorUserId ?? null,
    targetType,
    targetId,
    details: { ...details, source: actor.source },
  });
  await tx.auditLog.create({ data: { ...row, details: JSON.parse(json!) as Prisma.InputJsonValue } });
}

const taken = (): WriteResult => ({ ok: false, status: 400, field: "stateCode", message: M.stateTaken });
const residentTaken = (state: string): WriteResult => ({ ok: false, status: 400, field: "isResident", message: M.residentTaken(state) });

/**
 * A producer has one resident state (decision 0084; the database holds it too: the partial unique
 * index producer_licences_one_resident): the state of the NPN's resident licence other than `id`, or null.
 */
async function residentElsewhere(db: Pick<Tx, "producerLicence">, npn: string, id: string | null): Promise<string | null> {
  const other = await db.producerLicence.findFirst({ where: { npn, isResident: true, ...(id ? { id: { not: id } } : {}) }, select: { stateCode: true } });
  return other?.stateCode ?? null;
}

/** A file's or a lookup's licences in the order to write them: an NPN's non-resident ones first (a resident state that moves is freed before it is taken). */
export function residentLast<T>(values: readonly T[], isResident: (v: T) => boolean): T[] {
  return [...values].sort((a, b) => Number(isResident(a)) - Number(isResident(b)));
}

/** The resident licence on record of each of these NPNs (state by NPN), for the import's check before it writes. */
export async function residentStates(npns: readonly string[], db: Pick<Tx, "$queryRaw"> = prisma): Promise<Map<string, string>> {
  if (npns.length === 0) return new Map();
  // One array parameter: a file may hold 200,000 NPNs (PostgreSQL takes at most 65,535 parameters).
  const rows = await db.$queryRaw<Array<{ npn: string; state_code: string }>>`
    SELECT npn, state_code FROM producer_licences WHERE is_resident AND npn = ANY(${[...npns]}::text[])`;
  return new Map(rows.map((r) => [r.npn, r.state_code]));
}
const notFound = (): WriteResult => ({ ok: false, status: 404, message: M.notFound });

/**
 * Writes one licence of `npn` in transaction `tx`, audited, without re-evaluating standings (the
 * caller does, once per batch: refreshNpns). `target`: the id of the licence to change, or
 * 'new' (refused when the state is on record: stateTaken), or 'byState' (the import and the lookup:
 * the state's licence is replaced, or created).
 */
export async function writeLicence(tx: Tx, actor: Actor, npn: string, input: LicenceInput, target: string | "new" | "byState"): Promise<WriteResult> {
  const data = licenceData(input);
  const existing =
    target === "new"
      ? null
      : await tx.producerLicence.findFirst({ where: target === "byState" ? { npn, stateCode: input.stateCode } : { id: target, npn } });
  if (target !== "new" && target !== "byState" && !existing) return notFound();
  if (existing?.stateCode !== input.stateCode) {
    const other = await tx.producerLicence.findFirst({ where: { npn, stateCode: input.stateCode }, select: { id: true } });
    if (other) return taken();
  }
  const clash = input.isResident ? await residentElsewhere(tx, npn, existing?.id ?? null) : null;
  if (clash) return residentTaken(clash);
  const diff = changed(existing, data);
  if (existing && Object.keys(diff).length === 0) return { ok: true, id: existing.id, change: "unchanged" };
  const row = existing
    ? await tx.producerLicence.update({ where: { id: existing.id }, data: { ...data, source: actor.source, updatedById: actor.userId }, select: { id: true } })
    : await tx.producerLicence.create({ data: { ...data, npn, source: actor.source, createdById: actor.userId, updatedById: actor.userId }, select: { id: true } });
  await writeAudit(tx, actor, existing ? "LICENCE_UPDATED" : "LICENCE_CREATED", "ProducerLicence", row.id, { npn, stateCode: input.stateCode, changes: diff });
  return { ok: true, id: row.id, change: existing ? "updated" : "created" };
}

/**
 * Writes one credential of `npn` in `tx`, audited (no re-evaluation: refreshNpns). `target`: its id
 * or 'new'. `fileId`: the uploaded certificate (a StoredFile the caller received); undefined keeps it.
 */
export async function writeCredential(
  tx: Tx,
  actor: Actor,
  npn: string,
  input: CredentialInput,
  target: string | "new",
  fileId?: string | null,
): Promise<WriteResult> {
  const data = { ...credentialData(input), ...(fileId !== undefined ? { storedFileId: fileId } : {}) };
  const existing = target === "new" ? null : await tx.producerCredential.findFirst({ where: { id: target, npn } });
  if (target !== "new" && !existing) return notFound();
  const diff = changed(existing, data);
  if (existing && Object.keys(diff).length === 0) return { ok: true, id: existing.id };
  const row = existing
    ? await tx.producerCredential.update({ where: { id: existing.id }, data: { ...data, source: actor.source, updatedById: actor.userId }, select: { id: true } })
    : await tx.producerCredential.create({ data: { ...data, npn, source: actor.source, createdById: actor.userId, updatedById: actor.userId }, select: { id: true } });
  await writeAudit(tx, actor, existing ? "CREDENTIAL_UPDATED" : "CREDENTIAL_CREATED", "ProducerCredential", row.id, { npn, kind: input.kind, changes: diff });
  return { ok: true, id: row.id };
}

/**
 * The certificate an applicant uploaded, as a credential of `npn` to confirm (decision 0098): kind,
 * file, source APPLICATION, nothing else known (no expiry). `target`: the APPLICATION credential of
 * that kind to point at the new file, or 'new'. Audited like every write; no re-evaluation (refreshNpns).
 */
export async function writeApplicationCredential(tx: Tx, actor: Actor, npn: string, kind: "EO" | "AML", fileId: string, target: string | "new"): Promise<WriteResult> {
  if (actor.source !== "APPLICATION") throw new Error("writeApplicationCredential: only for records taken from the application");
  const existing = target === "new" ? null : await tx.producerCredential.findFirst({ where: { id: target, npn, source: "APPLICATION" } });
  if (target !== "new" && !existing) return notFound();
  const data = { kind, storedFileId: fileId };
  const diff = changed(existing, data);
  if (existing && Object.keys(diff).length === 0) return { ok: true, id: existing.id, change: "unchanged" };
  const row = existing
    ? await tx.producerCredential.update({ where: { id: existing.id }, data: { storedFileId: fileId, updatedById: actor.userId }, select: { id: true } })
    : await tx.producerCredential.create({ data: { ...data, npn, expiryDate: null, source: actor.source, createdById: actor.userId, updatedById: actor.userId }, select: { id: true } });
  await writeAudit(tx, actor, existing ? "CREDENTIAL_UPDATED" : "CREDENTIAL_CREATED", "ProducerCredential", row.id, { npn, kind, changes: diff });
  return { ok: true, id: row.id, change: existing ? "updated" : "created" };
}

/** Re-evaluates every agent position of the NPNs (compliance.server.ts), in `tx`. */
export async function refreshNpns(tx: Tx, npns: readonly string[], actorUserId: string | null, today: Day = dayOf(new Date())) {
  const ids: number[] = [];
  for (const npn of new Set(npns)) ids.push(...(await agentIdsOfNpn(tx, npn)));
  return refreshStanding(tx, ids, today, actorUserId);
}

function isUniqueViolation(e: unknown): boolean {
  return e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002";
}

/** One licence saved from a form: its write, its audit and the NPN's standings in one transaction. */
export async function saveLicence(actor: Actor, npn: string, input: LicenceInput, target: string | "new", today?: Day): Promise<WriteResult> {
  try {
    return await prisma.$transaction(async (tx) => {
      const r = await writeLicence(tx, actor, npn, input, target);
      if (r.ok) await refreshNpns(tx, [npn], actor.userId, today);
      return r;
    });
  } catch (e) {
    // The same state, or a second resident licence, saved at the same moment: say which.
    if (isUniqueViolation(e)) {
      const clash = input.isResident ? await residentElsewhere(prisma, npn, target === "new" ? null : target) : null;
      return clash ? residentTaken(clash) : taken();
    }
    throw e;
  }
}

/** One credential saved from a form, with its audit and the NPN's standings, in one transaction. */
export async function saveCredential(actor: Actor, npn: string, input: CredentialInput, target: string | "new", fileId?: string | null, today?: Day): Promise<WriteResult> {
  return prisma.$transaction(async (tx) => {
    const r = await writeCredential(tx, actor, npn, input, target, fileId);
    if (r.ok) await refreshNpns(tx, [npn], actor.userId, today);
    return r;
  });
}

/** Deletes a licence or credential of `npn`, audited with what it held, and re-evaluates the NPN. */
export async function deleteRecord(actor: Actor, npn: string, kind: "licence" | "credential", id: string, today?: Day): Promise<WriteResult> {
  return prisma.$transaction(async (tx) => {
    const gone =
      kind === "licence"
        ? await tx.producerLicence.findFirst({ where: { id, npn } })
        : await tx.producerCredential.findFirst({ where: { id, npn } });
    if (!gone) return notFound();
    if (kind === "licence") await tx.producerLicence.delete({ where: { id } });
    else await tx.producerCredential.delete({ where: { id } });
    const { id: _id, createdAt: _c, updatedAt: _u, ...held } = gone as Record<string, unknown>;
    await writeAudit(tx, actor, kind === "licence" ? "LICENCE_DELETED" : "CREDENTIAL_DELETED", kind === "licence" ? "ProducerLicence" : "ProducerCredential", id, {
      npn,
      deleted: changed(null, held),
    });
    await refreshNpns(tx, [npn], actor.userId, today);
    return { ok: true, id };
  });
}
