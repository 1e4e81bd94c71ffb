// seedReferenceData: idempotent upserts of the reference data, run at every
// start-up inside one transaction.
import { prisma } from "../../app/lib/db.server";
import { ensureCommissionScheduleDocuments, renderSystemDocuments, storeSystemDocument } from "./documents";
import { ensureProductTypes, type Db } from "./factories";
import {
  APPOINTMENT_TYPES,
  DEFAULT_INVITATION,
  DOCUMENT_REQUIREMENTS,
  LIST_VALUES,
  PERSONAL_QUESTIONS,
  REPORT_DEFINITIONS,
  STATE_FEE_QUESTION,
  TEMPLATE_FIELDS,
  TEMPLATE_TYPES,
  stateFees,
} from "./reference-data";

/** Serialises concurrent seeders (two processes starting at once). */
export const SEED_LOCK_KEY = 18501850;

export const TRANSACTION_OPTIONS = { timeout: 180_000, maxWait: 30_000 } as const;

async function upsertQuestion(db: Db, questionType: string, sortOrder: number, questionText: string) {
  const existing = await db.question.findFirst({ where: { questionType, sortOrder }, orderBy: { questionId: "asc" } });
  if (existing) {
    if (existing.questionText !== questionText || !existing.isActive || existing.isTextOnly) {
      await db.question.update({ where: { questionId: existing.questionId }, data: { questionText, isActive: true, isTextOnly: false } });
    }
    return;
  }
  await db.question.create({ data: { questionType, sortOrder, questionText } });
}

export async function seedReferenceDataWith(db: Db): Promise<void> {
  await ensureProductTypes(db);

  // Questions: 15 personal (sub-questions have ')' as second character) and the state-fee question.
  for (const [i, text] of PERSONAL_QUESTIONS.entries()) await upsertQuestion(db, "QUES_TYP_PERSONAL", i + 1, text);
  await upsertQuestion(db, "QUES_TYP_STATE_FEE", 1, STATE_FEE_QUESTION);

  for (const f of stateFees()) {
    const data = {
      stateName: f.stateName,
      residentFeeAmount: f.resident.toFixed(2),
      nonResidentFeeAmount: f.nonResident.toFixed(2),
      isPreAppointment: f.isPreAppointment,
      sortOrder: f.sortOrder,
    };
    await db.stateFee.upsert({ where: { stateCode: f.stateCode }, create: { stateCode: f.stateCode, ...data }, update: data });
  }

  let order = 0;
  for (const r of DOCUMENT_REQUIREMENTS) {
    order++;
    for (const appointmentTypeCode of r.types) {
      const data = { documentName: r.name, groupCode: r.group, isRequired: r.isRequired ?? true, sortOrder: order };
      await db.documentRequirement.upsert({
        where: { appointmentTypeCode_documentTypeCode: { appointmentTypeCode, documentTypeCode: r.code } },
        create: { appointmentTypeCode, documentTypeCode: r.code, ...data },
        update: data,
      });
    }
  }
  void APPOINTMENT_TYPES;

  for (const [listType, rows] of Object.entries(LIST_VALUES)) {
    for (const [i, row] of rows.entries()) {
      const data = { vleValue: row.vleValue, numericId: row.numericId ?? null, sortOrder: i + 1 };
      await db.listValue.upsert({
        where: { listType_vleCode: { listType, vleCode: row.vleCode } },
        create: { listType, vleCode: row.vleCode, ...data },
        update: data,
      });
    }
  }

  for (const [i, r] of REPORT_DEFINITIONS.entries()) {
    await db.reportDefinition.upsert({
      where: { reportId: r.reportId },
      create: { ...r, sortOrder: i + 1 },
      update: { name: r.name, info: r.info, sortOrder: i + 1 },
    });
  }

  for (const t of TEMPLATE_TYPES) {
    await db.templateType.upsert({ where: { templateTypeId: t.templateTypeId }, create: t, update: { templateTypeCode: t.templateTypeCode, name: t.name } });
  }
  for (const typeId of TEMPLATE_TYPES.map((t) => t.templateTypeId)) {
    for (const [i, f] of TEMPLATE_FIELDS.entries()) {
      await db.templateField.upsert({
        where: { templateTypeId_placeholder: { templateTypeId: typeId, placeholder: f.placeholder } },
        create: { templateTypeId: typeId, ...f, sortOrder: i + 1 },
        update: { label: f.label, description: f.description, sortOrder: i + 1 },
      });
    }
  }

  // The Default Invitation (system template, no owner). Only created: an
  // administrator may have edited its wording since.
  const existingDefault = await db.emailTemplate.findUnique({ where: { systemCode: DEFAULT_INVITATION.systemCode } });
  if (!existingDefault) {
    await db.emailTemplate.create({
      data: {
        templateTypeId: 1003,
        systemCode: DEFAULT_INVITATION.systemCode,
        isSystem: true,
        isActive: true,
        name: DEFAULT_INVITATION.name,
        description: DEFAULT_INVITATION.description,
        subject: DEFAULT_INVITATION.subject,
        html: DEFAULT_INVITATION.html,
      },
    });
  }
}

/**
 * Reference data, always (idempotent): questions, state fees, document
 * requirements, list values, report definitions, template types and merge
 * fields, the Default Invitation template, and the system documents (PDFs).
 */
export async function seedReferenceData(): Promise<void> {
  const started = Date.now();
  const rendered = await renderSystemDocuments();
  await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`;
    await seedReferenceDataWith(tx);
    for (const doc of rendered) await storeSystemDocument(tx, doc);
    await ensureCommissionScheduleDocuments(tx);
  }, TRANSACTION_OPTIONS);
  seededReference.add(process.env.DATABASE_URL ?? "");
  if (process.env.SEED_TIMING === "1") console.log(`[seed] reference data in ${Date.now() - started} ms`);
}

const seededReference = new Set<string>();

/** True when this process already ran seedReferenceData against the current database. */
export function referenceDataSeededInThisProcess(): boolean {
  return seededReference.has(process.env.DATABASE_URL ?? "");
}
