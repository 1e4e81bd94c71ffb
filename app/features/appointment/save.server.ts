// Saving one section of the application (spec part 2 §2, §4, §8; decisions
// 0009 and 0015). The status stays 'saved but NOT submitted'.
//
// - The section's zod schema is the only place of its rules and messages:
//   draft rules (a half-filled section saves, a wrong value does not), then
//   the database checks in an async refinement (unknown states or questions,
//   the SSN equal to the stored tax id, the consent to sign electronically).
//   The write uses submission.value.
// - An absent field means "unchanged": the post is completed with the stored
//   values before parsing, so a forged or partial post cannot erase anything.
//   Unchecked boxes and an empty state list post nothing, so the section forms
//   post ALL_FIELDS=1 to say that every field of the form is in the post.
// - Saves of one application queue in this process (one transaction at a
//   time, no pool connection held while waiting); the row lock has a lock
//   timeout for a second process. A save that cannot get its turn answers
//   'try again' (SAVE_BUSY), never a system error.
import { AsyncLocalStorage } from "node:async_hooks";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { realUserId } from "~/lib/auth.server";
import type { CurrentUser } from "~/lib/current-user";
import { appointmentAuditTarget, isReadOnlyStatus, requireAppointmentAccess, type CheckedAccess } from "./access.server";
import { auditRow } from "~/lib/audit.server";
import { agreementsSection } from "./agreements.server";
import { commissionsSection } from "./commissions.server";
import { documentsSection } from "./documents.server";
import { feesSection } from "./fees.server";
import { READ_ONLY_SAVE, SAVE_BUSY, SAVE_FAILED, SAVE_SUCCESS } from "./messages";
import { nextSection, type DataSectionId, type SectionId } from "./model";
import { CHECKBOX_SIGNATURE_TYPES } from "./codes";
import { ALL_FIELDS } from "./form-data";
import { personalSection } from "./personal.server";
import { flavourOf, loadRecord, typeOf } from "./record.server";
import { checkSectionRules, coercedSectionSchema, coercedSectionSchemaWith } from "./schema";
import type { SectionModule, SectionWork } from "./section.server";
import { HIDDEN_FIELDS, SENSITIVE_FIELDS, echoReply, maskedReply, storedMasks, type SensitiveField } from "./sensitive.server";
import { RollBack, TurnRefused, writeTransaction } from "./turns.server";

export type SaveResult = {
  /** True when the section was written. */
  saved: boolean;
  /** conform's reply: field errors; sensitive inputs show the number typed in this post, else the stored mask. A saved section starts again from the stored values. */
  reply: SubmissionResult<string[]>;
  /** Where Save & Continue goes next (spec §2). */
  nextSection: SectionId;
  /** The dialog to show: SAVE_SUCCESS, SAVE_BUSY, or SAVE_FAILED with the reason. */
  dialog: { title: string; message: string };
  /** True when the save could not get its turn: nothing was written, try again. */
  busy?: boolean;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const SECTIONS: Record<DataSectionId, SectionModule<any>> = {
  PERSONAL: personalSection,
  COMMS: commissionsSection,
  FEES: feesSection,
  AGREEMENTS: agreementsSection,
  DOCS: documentsSection,
};

/** Names a form posts nothing for when unchecked or empty. */
const CHECKBOX_NAMES: ReadonlySet<string> = new Set([
  "sameAsMailing",
  "isPA",
  "isMT",
  "willFax",
  "extraWritingNumRequested",
  "states",
  ...CHECKBOX_SIGNATURE_TYPES.map((c) => `signatures.${c}`),
]);

/** A section's stored values as the form posts them (conform names; checked boxes 'on'; states repeated). */
function storedEntries(v: unknown, name: string, out: Array<[string, string]>): Array<[string, string]> {
  if (v === undefined || v === null) return out;
  if (typeof v === "boolean") {
    if (v) out.push([name, "on"]);
  } else if (Array.isArray(v)) {
    v.forEach((x, i) => storedEntries(x, name === "states" ? name : `${name}[${i}]`, out));
  } else if (typeof v === "object") {
    for (const [k, x] of Object.entries(v)) storedEntries(x, name ? `${name}.${k}` : k, out);
  } else {
    out.push([name, String(v)]);
  }
  return out;
}

/**
 * The post completed with the stored values: every field the post leaves out
 * keeps its stored value (checkboxes and the state list only when the post is
 * not a whole form), and a blank sensitive input keeps the stored value.
 */
export function withStoredValues(formData: FormData, stored: object, masks: Record<SensitiveField, string | undefined>): FormData {
  const posted = new Set(formData.keys());
  const wholeForm = formData.get(ALL_FIELDS) === "1";
  const out = new FormData();
  for (const [k, v] of formData) {
    const keep = (SENSITIVE_FIELDS as readonly string[]).includes(k) && typeof v === "string" && v.trim() === "" ? masks[k as SensitiveField] : undefined;
    out.append(k, keep ?? v);
  }
  for (const [name, value] of storedEntries(stored, "", [])) {
    if (posted.has(name) || (wholeForm && CHECKBOX_NAMES.has(name))) continue;
    out.append(name, value);
  }
  return out;
}

/** 'answers[2].questionId' → ['answers', 2, 'questionId']; '' → [] (the whole form). */
function pathOf(name: string): Array<string | number> {
  return name === "" ? [] : name.split(/\.|\[(\d+)\]/).filter((s) => s !== undefined && s !== "").map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** The save whose post is being parsed (serverSchema's refinement reads its context and record). */
const parsing = new AsyncLocalStorage<SectionWork>();
const serverSchemas = new Map<DataSectionId, z.ZodType<object>>();

/**
 * The section's schema (draft rules) with its database checks as an async refinement, on the
 * section's coerced shape (schema.ts coercedSectionSchema): built once per section (a schema
 * per request cost two zod clones of the section's shape), the save's context and record
 * given by `parsing`. Parse it inside parsing.run(w, …) with disableAutoCoercion.
 */
function serverSchema(section: DataSectionId): z.ZodType<object> {
  let schema = serverSchemas.get(section);
  if (!schema) {
    schema = (coercedSectionSchema(section) as z.ZodType<object>).superRefine(async (value, zctx) => {
      const w = parsing.getStore();
      if (!w) throw new Error("a section's server schema parsed outside a save");
      checkSectionRules(section, value, { ...w.ctx, mode: "draft" }, zctx);
      if (zctx.issues.length) return;
      await SECTIONS[section].check(value, w, (name, message) => zctx.addIssue({ code: "custom", path: pathOf(name), message }));
    });
    serverSchemas.set(section, schema);
  }
  return schema;
}

const firstError = (error: Record<string, string[] | null> | undefined) => error?.[""]?.[0] ?? Object.values(error ?? {}).find((e) => e?.length)?.[0];

/** Lock waits and pool waits: the save did not get its turn. */
function isBusyError(error: unknown): boolean {
  const text = `${(error as { code?: string })?.code ?? ""} ${(error as Error)?.message ?? ""}`;
  return error instanceof TurnRefused || /55P03|lock timeout|Unable to start a transaction/i.test(text);
}

/**
 * Saves one section: access (403 once submitted, 404 for someone else's),
 * then one short transaction per application at a time that takes the row
 * lock with who saved and the audit row, reads the stored record, completes
 * the post with it, parses it with the section's schema and writes
 * submission.value. A refused save is rolled back: it writes nothing.
 */
export async function saveSection(
  user: CurrentUser,
  appointmentId: number,
  section: SectionId,
  formData: FormData,
  request: Request,
  opts: { now?: Date; access?: CheckedAccess } = {},
): Promise<SaveResult> {
  // The route has checked access before reading the body: its answer is used, not read again.
  const row = opts.access?.appointmentId === appointmentId ? opts.access : await requireAppointmentAccess(user, appointmentId, { write: true, request });
  const now = opts.now ?? new Date();
  const next = nextSection(section, { appointmentTypeCode: typeOf(row), flavour: flavourOf(row) });
  if (section === "INSTRUCT") return { saved: true, reply: { initialValue: null }, nextSection: next, dialog: SAVE_SUCCESS };
  try {
    // Who saved, and the audit row, are written by the statement that takes the row lock (in the
    // same transaction): a save is never recorded without its audit row, nor audited without being
    // saved; a refused save rolls them back (RollBack) with the rest.
    const stamp = { updatedById: realUserId(user), audit: auditRow("APPOINTMENT_SAVED", appointmentAuditTarget(user, appointmentId, request, { section })) };
    const result = await writeTransaction(appointmentId, async (tx): Promise<SaveResult> => {
      // Only what the section's rules use: the personal questions for PERSONAL, the uploaded documents for DOCS.
      const { a, questions, ctx, stateCodes } = await loadRecord(tx, appointmentId, now, { questions: section === "PERSONAL", uploads: section === "DOCS" });
      const masks = storedMasks(a);
      const posted = withStoredValues(formData, SECTIONS[section].read(a, questions), masks);
      if (isReadOnlyStatus(a.appointmentStatusCode)) {
        const reply = parseWithZod(posted, { schema: coercedSectionSchemaWith(section, { ...ctx, mode: "draft" }), disableAutoCoercion: true }).reply({ formErrors: [READ_ONLY_SAVE], hideFields: [...HIDDEN_FIELDS] });
        throw new RollBack<SaveResult>({ saved: false, reply: maskedReply(reply, masks), nextSection: section, dialog: { title: SAVE_FAILED.title, message: READ_ONLY_SAVE } });
      }
      const w: SectionWork = { tx, a, ctx, user, role: row.role, request, now, questions, stateCodes };
      const submission = await parsing.run(w, () => parseWithZod(posted, { schema: serverSchema(section), async: true, disableAutoCoercion: true }));
      if (submission.status !== "success") {
        // What was typed comes back, new sensitive numbers included (decision 0051) but never the CVC (0087); nothing was written.
        const reply = maskedReply(submission.reply({ hideFields: [...HIDDEN_FIELDS] }), masks, formData);
        throw new RollBack<SaveResult>({ saved: false, reply, nextSection: section, dialog: { title: SAVE_FAILED.title, message: firstError(reply.error) ?? SAVE_FAILED.message } });
      }
      await SECTIONS[section].write(submission.value, w);
      // The form starts again from the stored values (derived data, masks).
      return { saved: true, reply: submission.reply({ resetForm: true }), nextSection: next, dialog: SAVE_SUCCESS };
    }, stamp);
    return result;
  } catch (error) {
    const reply = await echoReply(appointmentId, formData).catch(() => ({ initialValue: null }));
    if (isBusyError(error)) return { saved: false, busy: true, reply, nextSection: section, dialog: SAVE_BUSY };
    console.error(`saveSection ${section} of ${appointmentId} failed:`, (error as Error).message);
    return { saved: false, reply: { ...reply, error: { "": [SAVE_FAILED.message] } }, nextSection: section, dialog: SAVE_FAILED };
  }
}
