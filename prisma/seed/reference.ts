// seedReferenceData: idempotent upserts of the reference data, run at every
// start-up inside one transaction.
import { databaseUrl, prisma } from "../../app/lib/db.server";
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
  WEB_BASED_INVITATIONS,
  stateFees,
} from "./reference-data";
import { editedStateCodes, seedStateRules } from "./state-rules";

/** Serialises concurrent seeders (two processes starting at once). */
export const SEED_LOCK_KEY = 18501850;

export const TRANSACTION_OPTIONS = { timeout: 180_000, maxWait: 30_000 } as const;

async function syncQuestions(db: Db, questionType: string, texts: string[]) {
  const existing = await db.question.findMany({ where: { questionType }, orderBy: { questionId: "asc" } });
  for (const [i, questionText] of texts.entries()) {
    const sortOrder = i + 1;
    const cur = existing.find((q) => q.sortOrder === sortOrder);
    if (!cur) await db.question.create({ data: { questionType, sortOrder, questionText } });
    else if (cur.questionText !== questionText || !cur.isActive || cur.isTextOnly) {
      await db.question.update({ where: { questionId: cur.questionId }, data: { questionText, isActive: true, isTextOnly: false } });
    }
  }
}

export async function seedReferenceDataWith(db: Db): Promise<void> {
  await ensureProductTypes(db);

  // Questions: 15 personal (sub-questions have ')' as second character) and the state-fee question.
  await syncQuestions(db, "QUES_TYP_PERSONAL", PERSONAL_QUESTIONS);
  await syncQuestions(db, "QUES_TYP_STATE_FEE", [STATE_FEE_QUESTION]);

  // State fees: one read, then only the missing or changed rows are written; the fees of a state
  // whose rules an administrator edited are theirs (decision 0108).
  const edited = await editedStateCodes(db);
  const fees = new Map((await db.stateFee.findMany()).map((f) => [f.stateCode, f]));
  const missingFees = [];
  for (const f of stateFees()) {
    const data = {
      stateName: f.stateName,
      residentFeeAmount: f.resident.toFixed(2),
      nonResidentFeeAmount: f.nonResident.toFixed(2),
      sortOrder: f.sortOrder,
    };
    const cur = fees.get(f.stateCode);
    if (!cur) missingFees.push({ stateCode: f.stateCode, ...data });
    else if (edited.has(f.stateCode)) continue;
    else if (
      cur.stateName !== data.stateName ||
      Number(cur.residentFeeAmount) !== f.resident ||
      Number(cur.nonResidentFeeAmount) !== f.nonResident ||
      cur.sortOrder !== data.sortOrder
    ) {
      await db.stateFee.update({ where: { stateCode: f.stateCode }, data });
    }
  }
  if (missingFees.length) await db.stateFee.createMany({ data: missingFees, skipDuplicates: true });
  await seedStateRules(db, edited);

  const reqs = new Map(
    (await db.documentRequirement.findMany()).map((r) => [`${r.appointmentTypeCode}|${r.documentTypeCode}`, r]),
  );
  const missingReqs = [];
  for (const [i, r] of DOCUMENT_REQUIREMENTS.entries()) {
    for (const appointmentTypeCode of r.types) {
      const data = { documentName: r.name, groupCode: r.group, isRequired: r.isRequired ?? true, sortOrder: i + 1 };
      const cur = reqs.get(`${appointmentTypeCode}|${r.code}`);
      if (!cur) missingReqs.push({ appointmentTypeCode, documentTypeCode: r.code, ...data });
      else if (cur.documentName !== data.documentName || cur.groupCode !== data.groupCode || cur.isRequired !== data.isRequired || cur.sortOrder !== data.sortOrder) {
        await db.documentRequirement.update({ where: { documentRequirementsId: cur.documentRequirementsId }, data });
      }
    }
  }
  if (missingReqs.length) await db.documentRequirement.createMany({ data: missingReqs, skipDuplicates: true });
  void APPOINTMENT_TYPES;

  const values = new Map((await db.listValue.findMany()).map((v) => [`${v.listType}|${v.vleCode}`, v]));
  const missingValues = [];
  for (const [listType, rows] of Object.entries(LIST_VALUES)) {
    for (const [i, row] of rows.entries()) {
      const data = { vleValue: row.vleValue, numericId: row.numericId ?? null, sortOrder: i + 1 };
      const cur = values.get(`${listType}|${row.vleCode}`);
      if (!cur) missingValues.push({ listType, vleCode: row.vleCode, ...data });
      else if (cur.vleValue !== data.vleValue || cur.numericId !== data.numericId || cur.sortOrder !== data.sortOrder) {
        await db.listValue.update({ where: { listValueId: cur.listValueId }, data });
      }
    }
  }
  if (missingValues.length) await db.listValue.createMany({ data: missingValues, skipDuplicates: true });

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
  const fields = new Map((await db.templateField.findMany()).map((f) => [`${f.templateTypeId}|${f.placeholder}`, f]));
  const missingFields = [];
  for (const typeId of TEMPLATE_TYPES.map((t) => t.templateTypeId)) {
    for (const [i, f] of TEMPLATE_FIELDS.entries()) {
      const cur = fields.get(`${typeId}|${f.placeholder}`);
      if (!cur) missingFields.push({ templateTypeId: typeId, ...f, sortOrder: i + 1 });
      else if (cur.label !== f.label || cur.description !== f.description || cur.sortOrder !== i + 1) {
        await db.templateField.update({
          where: { templateFieldId: cur.templateFieldId },
          data: { label: f.label, description: f.description, sortOrder: i + 1 },
        });
      }
    }
  }
  if (missingFields.length) await db.templateField.createMany({ data: missingFields, skipDuplicates: true });

  // The Default Invitation (system template, no owner). Only created: an
  // administrator may have edited its wording since.
  // The web-based invitations (types 2070 and 2071) likewise: a recruiter
  // choosing one sends a web-based invitation (decision 0021).
  for (const t of [DEFAULT_INVITATION, ...WEB_BASED_INVITATIONS]) {
    const existing = await db.emailTemplate.findUnique({ where: { systemCode: t.systemCode } });
    if (existing) continue;
    await db.emailTemplate.create({
      data: {
        templateTypeId: "templateTypeId" in t ? t.templateTypeId : 1003,
        systemCode: t.systemCode,
        isSystem: true,
        isActive: true,
        name: t.name,
        description: t.description,
        subject: t.subject,
        html: t.html,
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
  seededReference.add(databaseUrl());
  if (process.env.SEED_TIMING === "1") console.log(`[seed] reference data in ${Date.now() - started} ms`);
}

const seededReference = new Set<string>();

/** True when this process already ran seedReferenceData against the current database. */
export function referenceDataSeededInThisProcess(): boolean {
  return seededReference.has(databaseUrl());
}
