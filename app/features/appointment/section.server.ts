// What every section module shares: the work of one save (the transaction,
// the stored record, the context), the shape of a section module, and the
// database checks and signature writes several sections use.
import type { CurrentUser } from "~/lib/current-user";
import type { AppointmentRole } from "./access.server";
import {
  ESIGN_CONSENT_REQUIRED_MESSAGE,
  hasEsignConsent,
  isSigned,
  signatureActors,
  signatureChanges,
  writeSignatures,
} from "./evidence.server";
import { UNKNOWN_STATE } from "./messages";
import { AGENT_NAME_SIGNATURES, type SignatureType } from "./codes";
import { type ApplicationData, type ValidationContext } from "./form-data";
import type { Db, StoredRecord, Profile, Question } from "./record.server";

/** One save of one section: everything its checks and its write need. */
export type SectionWork = {
  tx: Db;
  /** The stored application, read inside the transaction. */
  a: StoredRecord;
  ctx: ValidationContext;
  user: CurrentUser;
  role: AppointmentRole;
  request: Request;
  now: Date;
  questions: Question[];
  /** The state catalogue's codes (state_fees), read with the record (loadRecord). */
  stateCodes: ReadonlySet<string>;
};

/** Adds a refusal to a field (conform's name; '' for the whole form). */
export type AddIssue = (name: string, message: string) => void;

/** A section of the application: how it is read for its form, checked against the database, and written. */
export type SectionModule<K extends keyof ApplicationData> = {
  read(a: StoredRecord, questions: Question[], profile?: Profile | null): ApplicationData[K];
  /** The database checks of the section's async refinement (run only when its rules passed). */
  check(value: ApplicationData[K], w: SectionWork, add: AddIssue): Promise<void>;
  /** The signatures the section writes (the consent check and the write see the same values). */
  signatures(value: ApplicationData[K], w: SectionWork): Partial<Record<SignatureType, string | undefined>>;
  write(value: ApplicationData[K], w: SectionWork): Promise<void>;
};

/** State codes that are not in the state catalogue (the codes read with the record), each reported on its field. */
export function checkKnownStates(w: Pick<SectionWork, "stateCodes">, fields: Array<[name: string, code: string | undefined]>, add: AddIssue): void {
  for (const [name, code] of fields) if (code && !w.stateCodes.has(code.toUpperCase())) add(name, UNKNOWN_STATE);
}

/** A changed signature (not an agent name) needs the signer's consent to sign electronically. */
export async function checkSignatureConsent(values: Partial<Record<SignatureType, string | undefined>>, w: SectionWork, add: AddIssue): Promise<void> {
  const stored = new Map(w.a.signatures.map((s) => [s.signatureTypeCode, s.signatureValue]));
  const needConsent = Object.entries(signatureChanges(stored, values))
    .filter(([code, value]) => isSigned(value) && !AGENT_NAME_SIGNATURES.includes(code as SignatureType))
    .map(([code]) => code);
  if (needConsent.length && !(await hasEsignConsent(w.tx, w.a.appointmentId, w.user.id))) {
    for (const code of needConsent) add(`signatures.${code}`, ESIGN_CONSENT_REQUIRED_MESSAGE);
  }
}

/** Writes the section's signatures (fresh evidence for changed values only). */
export async function writeSectionSignatures(values: Partial<Record<SignatureType, string | undefined>>, w: SectionWork): Promise<void> {
  await writeSignatures(w.tx, {
    appointmentId: w.a.appointmentId,
    values,
    actors: signatureActors(w.user, w.a, w.role),
    request: w.request,
    now: w.now,
    // Read with the record in this transaction (under the row lock): not read again.
    stored: new Map(w.a.signatures.map((s) => [s.signatureTypeCode, s.signatureValue])),
  });
}
