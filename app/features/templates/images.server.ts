// Template images (spec part 3 §2, §4, §5 'Template image', §7): uploaded
// one at a time to one of the user's saved templates, checked by CONTENT
// (PNG, JPG or GIF magic bytes) and size (at most 2,000,000 bytes) as the
// bytes stream to storage, kept as a StoredFile, and served to email clients
// at /timg/<publicToken>.<ext>: no sign-in (mail clients fetch it), 128
// random bits in the address so it cannot be guessed.
// Decisions: docs/decisions/0025-email-templates.md.
import { randomBytes } from "node:crypto";
import { MalformedUploadError, receiveUpload, uploadContentRule, UploadRequestTooLargeError, type UploadContentRule } from "~/features/documents/receive-upload.server";
import { IMAGE_UPLOAD_POLICY } from "~/lib/upload-policy";
import { audit } from "~/lib/audit.server";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { removeBlob } from "~/lib/storage.server";
import type { ImageUploadResult } from "./messages";
import { IMAGE_CONTENT_TYPES, IMAGE_FIELDS, IMAGE_MAX_BYTES, IMAGE_NAME_MAX, imageUploadSchema, sniffImageType, uploadProblem, type ImageType } from "./schema";
import { ownTemplateWhere, parseTemplateId } from "./templates.server";

/**
 * The whole multipart request of an image upload: room for a few images' worth,
 * so a file somewhat over 2,000,000 bytes (or two files) reaches the route and
 * gets its answer ('Invalid File', 'Too Many Images at Once'), not the HTTP
 * server's generic 413 page. Only the first file is kept, streamed.
 */
export const MAX_IMAGE_REQUEST_BYTES = 5 * IMAGE_MAX_BYTES;
/** The path that takes image uploads (its body cap is given to the HTTP server by app/entry.server.tsx). */
export const IMAGE_UPLOAD_PATH = "/corr/upload";

const IMAGE_RULE: UploadContentRule = uploadContentRule(IMAGE_UPLOAD_POLICY);

/** A new public token: 128 random bits as 32 hex characters. */
export const newPublicToken = () => randomBytes(16).toString("hex");
export const PUBLIC_IMAGE_FILE = /^([0-9a-f]{32})\.(png|jpg|gif)$/;

export type ImageUploadOutcome = { status: number; result: ImageUploadResult; corrTemplateId: number };

/**
 * The upload for the signed-in user. The template comes from ?id= and is
 * checked (the user's own) before the body is read; a template that is not
 * theirs throws a 404 Response.
 */
export async function handleImageUpload(request: Request, user: CurrentUser): Promise<ImageUploadOutcome> {
  const corrTemplateId = parseTemplateId(new URL(request.url).searchParams.get("id"));
  const own = corrTemplateId !== null && (await prisma.emailTemplate.count({ where: ownTemplateWhere(user, corrTemplateId) })) === 1;
  if (!own || corrTemplateId === null) throw new Response("Not Found", { status: 404 });

  let got;
  try {
    got = await receiveUpload(request, { maxBytes: IMAGE_MAX_BYTES, maxRequestBytes: MAX_IMAGE_REQUEST_BYTES, rule: IMAGE_RULE, fields: { [IMAGE_FIELDS.imageName]: IMAGE_NAME_MAX * 4 }, fileField: IMAGE_FIELDS.file });
  } catch (error) {
    if (error instanceof UploadRequestTooLargeError) return { status: 413, result: "INVALID", corrTemplateId };
    if (error instanceof MalformedUploadError) return { status: 400, result: "MALFORMED", corrTemplateId };
    throw error;
  }
  const blob = got.blob;
  const discard = async () => {
    if (blob) await removeBlob(blob.storageKey).catch(() => {});
  };
  const type: ImageType | null = got.header && !got.problem ? sniffImageType(got.header) : null;
  const check = imageUploadSchema.safeParse({
    imageName: got.fields[IMAGE_FIELDS.imageName] ?? "",
    fileCount: got.fileCount,
    byteSize: got.problem === "TOO_BIG" ? IMAGE_MAX_BYTES + 1 : (blob?.byteSize ?? null),
    type,
  });
  const problem = uploadProblem(check);
  if (problem || !check.success || !blob || !type) {
    await discard();
    return { status: problem === "INVALID" && got.problem === "TOO_BIG" ? 413 : 400, result: problem ?? "INVALID", corrTemplateId };
  }

  try {
    const imageId = await prisma.$transaction(async (tx) => {
      // Still the user's (not deleted meanwhile): lock it while the image is added.
      const locked = await tx.$queryRaw<Array<{ id: number }>>`SELECT corr_template_id AS id FROM email_templates
        WHERE corr_template_id = ${corrTemplateId} AND user_id = ${user.id}::uuid AND NOT is_system FOR UPDATE`;
      if (locked.length === 0) return null;
      const file = await tx.storedFile.create({
        data: {
          storageKey: blob.storageKey,
          fileName: `${check.data.imageName.replace(/[^\w .-]+/g, "_").slice(0, 100) || "image"}.${type}`,
          contentType: IMAGE_CONTENT_TYPES[type],
          byteSize: blob.byteSize,
          sha256: blob.sha256,
          createdById: user.id,
        },
      });
      const img = await tx.emailTemplateImage.create({
        data: {
          corrTemplateId,
          imageName: check.data.imageName,
          imageTypeCode: type,
          storedFileId: file.id,
          publicToken: newPublicToken(),
          createdById: user.id,
        },
        select: { corrTemplateImageId: true },
      });
      return img.corrTemplateImageId;
    });
    if (imageId === null) {
      await discard();
      throw new Response("Not Found", { status: 404 });
    }
    await audit("TEMPLATE_IMAGE_UPLOADED", {
      request,
      actorUserId: user.id,
      impersonatorUserId: user.impersonator?.id ?? null,
      targetType: "EmailTemplate",
      targetId: String(corrTemplateId),
      details: { corrTemplateImageId: imageId, byteSize: blob.byteSize, type },
    });
    return { status: 200, result: "SUCCESS", corrTemplateId };
  } catch (error) {
    await discard();
    throw error;
  }
}

/**
 * Deletes an image of one of the user's templates: the rows in one
 * transaction, then the file. False ('Image Deletion Failed') when the image
 * is not one of this template's (deleted already, another user's).
 */
export async function deleteTemplateImage(user: CurrentUser, corrTemplateId: number, corrTemplateImageId: number, request?: Request): Promise<boolean> {
  const key = await prisma.$transaction(async (tx) => {
    const img = await tx.emailTemplateImage.findFirst({
      where: { corrTemplateImageId, corrTemplateId, template: ownTemplateWhere(user, corrTemplateId) },
      select: { storedFileId: true, storedFile: { select: { storageKey: true } } },
    });
    if (!img) return null;
    await tx.emailTemplateImage.delete({ where: { corrTemplateImageId } });
    await tx.storedFile.delete({ where: { id: img.storedFileId } });
    return img.storedFile.storageKey;
  });
  if (key === null) return false;
  await removeBlob(key).catch((e: Error) => console.warn(`template image file not removed: ${e.message}`));
  await audit("TEMPLATE_IMAGE_DELETED", {
    request,
    actorUserId: user.id,
    impersonatorUserId: user.impersonator?.id ?? null,
    targetType: "EmailTemplate",
    targetId: String(corrTemplateId),
    details: { corrTemplateImageId },
  });
  return true;
}

/** The stored file of a public image address (null: no such image, or deleted). */
export async function findPublicImage(file: string) {
  const m = PUBLIC_IMAGE_FILE.exec(file);
  if (!m) return null;
  const img = await prisma.emailTemplateImage.findUnique({
    where: { publicToken: m[1]! },
    select: { imageTypeCode: true, storedFile: { select: { storageKey: true, byteSize: true, sha256: true, fileName: true } } },
  });
  if (!img || img.imageTypeCode !== m[2]) return null;
  return { type: img.imageTypeCode as ImageType, file: img.storedFile };
}
