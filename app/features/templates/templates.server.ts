// Email templates (spec part 3 §2 'Email templates (/corr)', §3, §4, §5):
// the user's own templates, listed a page at a time, created, saved and
// deleted. Decisions: docs/decisions/0025-email-templates.md.
//
// Whose data: a template is the user's when its userId is theirs and it is
// not a built-in (system) template. Every read and write goes through
// `ownTemplateWhere`; any other id (another user's, a system template's, no
// such id) is answered as not found (404), never shown.
import type { Prisma } from "~/generated/prisma/client";
import { audit } from "~/lib/audit.server";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { sanitizeRichHtml } from "~/lib/html.server";
import { removeBlob } from "~/lib/storage.server";
import type { TemplateForm } from "./schema";

/** §3: the type of every template made here ('Recruitment Invitation Email'). */
export const TEMPLATE_TYPE_ID = 1003;
export const DEFAULT_TEMPLATE_CODE = "DFT_MLT_INVITE";

type User = Pick<CurrentUser, "id">;

/** The only path to a template: the user's own, not a system one. */
export function ownTemplateWhere(user: User, corrTemplateId: number): Prisma.EmailTemplateWhereInput {
  return { corrTemplateId, userId: user.id, isSystem: false };
}

/** A template id from the URL: digits only, within INT4; anything else is no id. */
export function parseTemplateId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

export type TemplateRow = { corrTemplateId: number; name: string; description: string; isActive: boolean; updateDt: string };

export async function listTemplates(user: User, opts: { page: number; pageSize: number }) {
  const where: Prisma.EmailTemplateWhereInput = { userId: user.id, isSystem: false };
  const totalRecords = await prisma.emailTemplate.count({ where });
  const lastPage = Math.max(0, Math.ceil(totalRecords / opts.pageSize) - 1);
  const page = Math.min(opts.page, lastPage);
  const rows = await prisma.emailTemplate.findMany({
    where,
    orderBy: [{ name: "asc" }, { corrTemplateId: "asc" }],
    skip: page * opts.pageSize,
    take: opts.pageSize,
    select: { corrTemplateId: true, name: true, description: true, isActive: true, updateDt: true },
  });
  return {
    rows: rows.map((r): TemplateRow => ({ ...r, updateDt: r.updateDt.toISOString() })),
    totalRecords,
    page,
  };
}

export type TemplateImage = { corrTemplateImageId: number; imageName: string; imageTypeCode: string; url: string };

/** The image's public address (relative; absolute to APP_URL in a sent email). */
export const imagePath = (img: { publicToken: string; imageTypeCode: string }) => `/timg/${img.publicToken}.${img.imageTypeCode}`;

export type EditableTemplate = {
  corrTemplateId: number | null;
  typeName: string;
  name: string;
  description: string;
  isActive: boolean;
  html: string;
  updateDt: string | null;
  images: TemplateImage[];
};

/** One of the user's templates for the editor, or null (not theirs, system, no such id). */
export async function getTemplate(user: User, corrTemplateId: number): Promise<EditableTemplate | null> {
  const t = await prisma.emailTemplate.findFirst({
    where: ownTemplateWhere(user, corrTemplateId),
    select: {
      corrTemplateId: true,
      name: true,
      description: true,
      isActive: true,
      html: true,
      updateDt: true,
      templateType: { select: { name: true } },
      images: { orderBy: { corrTemplateImageId: "asc" }, select: { corrTemplateImageId: true, imageName: true, imageTypeCode: true, publicToken: true } },
    },
  });
  if (!t) return null;
  return {
    corrTemplateId: t.corrTemplateId,
    typeName: t.templateType.name,
    name: t.name,
    description: t.description,
    isActive: t.isActive,
    html: t.html,
    updateDt: t.updateDt.toISOString(),
    images: t.images.map((i) => ({ corrTemplateImageId: i.corrTemplateImageId, imageName: i.imageName, imageTypeCode: i.imageTypeCode, url: imagePath(i) })),
  };
}

/** §7 'Templates: blank': a new template starts from the Default Invitation's text (decision 0025). */
export async function blankTemplate(): Promise<EditableTemplate> {
  const [type, dflt] = await Promise.all([
    prisma.templateType.findUnique({ where: { templateTypeId: TEMPLATE_TYPE_ID }, select: { name: true } }),
    prisma.emailTemplate.findUnique({ where: { systemCode: DEFAULT_TEMPLATE_CODE }, select: { html: true } }),
  ]);
  return {
    corrTemplateId: null,
    typeName: type?.name ?? "Recruitment Invitation Email",
    name: "",
    description: "",
    isActive: true,
    html: dflt?.html ?? "<p>Dear [[ProspectFirstName]],</p><p>[[AppointmentLink]]</p>",
    updateDt: null,
    images: [],
  };
}

export type MergeField = { placeholder: string; label: string; description: string };

/** §7 'Templates: fields': the merge fields of the type, in their order. */
export async function templateFields(templateTypeId = TEMPLATE_TYPE_ID): Promise<MergeField[]> {
  return prisma.templateField.findMany({
    where: { templateTypeId },
    orderBy: [{ sortOrder: "asc" }, { templateFieldId: "asc" }],
    select: { placeholder: true, label: true, description: true },
  });
}

export type SaveResult = { ok: true; corrTemplateId: number; created: boolean } | { ok: false; status: 404 };

/**
 * Creates (id null) or updates one of the user's templates. The body is
 * stored sanitized (app/lib/html.server.ts): no script, event handlers or
 * javascript: URLs.
 */
export async function saveTemplate(user: CurrentUser, corrTemplateId: number | null, form: TemplateForm, request?: Request): Promise<SaveResult> {
  const data = { name: form.name, description: form.description, isActive: form.isActive, html: sanitizeRichHtml(form.body) };
  let id: number;
  if (corrTemplateId === null) {
    const row = await prisma.emailTemplate.create({
      data: { ...data, templateTypeId: TEMPLATE_TYPE_ID, userId: user.id, isSystem: false },
      select: { corrTemplateId: true },
    });
    id = row.corrTemplateId;
  } else {
    const r = await prisma.emailTemplate.updateMany({ where: ownTemplateWhere(user, corrTemplateId), data: { ...data, updateDt: new Date() } });
    if (r.count === 0) return { ok: false, status: 404 };
    id = corrTemplateId;
  }
  await audit(corrTemplateId === null ? "TEMPLATE_CREATED" : "TEMPLATE_SAVED", {
    request,
    actorUserId: user.id,
    impersonatorUserId: user.impersonator?.id ?? null,
    targetType: "EmailTemplate",
    targetId: String(id),
  });
  return { ok: true, corrTemplateId: id, created: corrTemplateId === null };
}

/**
 * Deletes one of the user's templates with its images (rows in one
 * transaction; the images' files after it). False when it is not theirs.
 */
export async function deleteTemplate(user: CurrentUser, corrTemplateId: number, request?: Request): Promise<boolean> {
  const keys = await prisma.$transaction(async (tx) => {
    const t = await tx.emailTemplate.findFirst({
      where: ownTemplateWhere(user, corrTemplateId),
      select: { corrTemplateId: true, images: { select: { storedFileId: true, storedFile: { select: { storageKey: true } } } } },
    });
    if (!t) return null;
    await tx.emailTemplate.delete({ where: { corrTemplateId } });
    const fileIds = t.images.map((i) => i.storedFileId);
    if (fileIds.length) await tx.storedFile.deleteMany({ where: { id: { in: fileIds } } });
    return t.images.map((i) => i.storedFile.storageKey);
  });
  if (keys === null) return false;
  for (const key of keys) await removeBlob(key).catch((e: Error) => console.warn(`template image file not removed: ${e.message}`));
  await audit("TEMPLATE_DELETED", {
    request,
    actorUserId: user.id,
    impersonatorUserId: user.impersonator?.id ?? null,
    targetType: "EmailTemplate",
    targetId: String(corrTemplateId),
  });
  return true;
}

