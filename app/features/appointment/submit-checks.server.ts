// What stops an application from being submitted (spec part 2 §4 'Submit is allowed only when all
// validation passes'; decisions 0009, 0087, 0099): completion from the stored data below 100%, the
// SSN equal to the business tax id, and, for a type that pays by card, the CVC posted with the
// submit. One rule for the submit itself (in its transaction), the side panel's SUBMIT (which opens
// the check page only when nothing stops it) and the check page's 'Still needed' list.
import { prisma } from "~/lib/db.server";
import type { CurrentUser } from "~/lib/current-user";
import { requireAppointmentAccess } from "./access.server";
import { completion, sectionResults, type Completion, type Deficiency } from "./completion";
import { toFormData } from "./load.server";
import { MESSAGES, SUBMIT_FAILED, SUBMIT_INCOMPLETE } from "./messages";
import { DATA_SECTIONS, showsBusinessBlock, type DataSectionId } from "./model";
import { ssnEqualsTaxId } from "./personal.server";
import { loadRecord, type Db, type Question, type StoredRecord } from "./record.server";
import type { ValidationContext } from "./form-data";
import { cvcAtSubmit } from "./rules/fees";

export type SubmitRefusal = {
  dialog: { title: string; message: string };
  completion: Completion;
  /** Per section, the messages of each field, to show them next to the fields. */
  fieldErrors: Partial<Record<DataSectionId, Record<string, string[]>>>;
  /** The CVC's message when the CVC posted with the submit is missing or wrong. */
  cvcError?: string;
  /** Every item to fix, each linking to its field (the check page's 'Still needed'). */
  deficiencies: Deficiency[];
};

/** `cvc`: the CVC posted with the submit, or "not asked" (the side panel's SUBMIT, the check page's list). */
export type CvcAtSubmit = string | undefined | { notAsked: true };

/** Why the stored application `a` cannot be submitted now, or null when it can. */
export function submitRefusal(a: StoredRecord, questions: Question[], ctx: ValidationContext, cvc: CvcAtSubmit): SubmitRefusal | null {
  const data = toFormData(a, questions);
  const c = completion(data, ctx);
  const sameIds = showsBusinessBlock(ctx) && ssnEqualsTaxId(a);
  const cvcError = typeof cvc === "object" ? undefined : cvcAtSubmit(cvc, ctx);
  if (c.percent >= 100 && !sameIds && !cvcError) return null;
  const results = sectionResults(data, ctx);
  const fieldErrors = Object.fromEntries(DATA_SECTIONS.map((s) => [s, results[s].fieldErrors]));
  const deficiencies = [...c.deficiencies];
  if (sameIds) {
    (fieldErrors.PERSONAL.businessTaxID ??= []).push(MESSAGES.ssnEqualsTaxId);
    deficiencies.push({ section: "PERSONAL", field: "businessTaxID", message: MESSAGES.ssnEqualsTaxId });
  }
  if (cvcError) (fieldErrors.FEES["ccInfo.cvcNumber"] ??= []).push(cvcError);
  const dialog = sameIds
    ? { ...SUBMIT_INCOMPLETE, message: MESSAGES.ssnEqualsTaxId }
    : c.percent < 100
      ? SUBMIT_INCOMPLETE
      : { title: SUBMIT_FAILED.title, message: cvcError! };
  return { dialog, completion: c, fieldErrors, deficiencies, ...(cvcError ? { cvcError } : {}) };
}

/** The refusal of the application as stored now (read outside a write), the CVC not asked. */
export async function currentSubmitRefusal(user: CurrentUser, appointmentId: number, request: Request, db: Db = prisma): Promise<SubmitRefusal | null> {
  await requireAppointmentAccess(user, appointmentId, { request });
  const { a, questions, ctx } = await loadRecord(db, appointmentId, new Date());
  return submitRefusal(a, questions, ctx, { notAsked: true });
}
