// The email template editor's rules (spec part 3 §5 'Template', 'Template
// image', §9): one schema per form, used by conform in the browser and by
// the actions (decision 0016). The image's bytes are checked on the server
// as they stream in (images.server.ts); what was found is checked here.
import { z } from "zod";
import { IMAGE_UPLOAD_POLICY, sniffUploadType, UPLOAD_CONTENT_TYPES, UPLOAD_HEADER_BYTES } from "~/lib/upload-policy";
import { IMAGE_UPLOAD_ANSWERS, TEMPLATE_MESSAGES as M } from "./messages";

export const NAME_MAX = 50;
export const DESCRIPTION_MAX = 560;
/** The HTML body: at most 100 KB (UTF-8 bytes), as the invitation's. */
export const BODY_MAX_BYTES = 100 * 1024;
/** §9: the image's bytes (2 MB read as 2,000,000 bytes, as the document uploads): the upload policy's. */
export const IMAGE_MAX_BYTES = IMAGE_UPLOAD_POLICY.maxBytes;
export const IMAGE_NAME_MAX = 100;
/** §9: one grid page. */
export const TEMPLATE_PAGE_SIZE = 100;

const utf8Length = (s: string) => new TextEncoder().encode(s).length;

const required = (max: number, label: string, missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing, abort: true })
    .max(max, M.tooLong(label, max));

export const templateSchema = z.object({
  name: required(NAME_MAX, "Template Name", M.nameRequired),
  description: required(DESCRIPTION_MAX, "Description", M.descriptionRequired),
  /** A checkbox: posted as "on" when ticked, absent when not. */
  isActive: z.string().max(10).optional().transform((v) => v === "on" || v === "true"),
  body: z.string().default("").refine((s) => utf8Length(s) <= BODY_MAX_BYTES, M.bodyTooLarge),
});

export type TemplateForm = z.infer<typeof templateSchema>;

/** The image name field of the upload form (conform in the browser; the server checks it again below). */
export const imageNameSchema = z.object({
  imageName: required(IMAGE_NAME_MAX, "Image Name", M.imageNameRequired),
});

/** PNG, JPG and GIF, recognised by their first bytes (never by name or declared type). */
export type ImageType = "png" | "jpg" | "gif";
export const IMAGE_CONTENT_TYPES: Record<ImageType, string> = { png: UPLOAD_CONTENT_TYPES.png, jpg: UPLOAD_CONTENT_TYPES.jpg, gif: UPLOAD_CONTENT_TYPES.gif };
/** How many leading bytes sniffImageType needs. */
export const IMAGE_HEADER_BYTES = UPLOAD_HEADER_BYTES;

/** The image type of the first bytes (the upload policy's sniffing), or null. */
export function sniffImageType(header: ArrayLike<number>): ImageType | null {
  const kind = sniffUploadType(header);
  return kind !== null && kind !== "pdf" ? kind : null;
}

const UPLOAD = IMAGE_UPLOAD_ANSWERS;

/**
 * What arrived in an image upload, checked in the spec's order: exactly one
 * file ('Upload What?', 'Too Many Images at Once'), a PNG/JPG/GIF of at most
 * 2,000,000 bytes ('Invalid File'), a name ('Image Name Required'). Each
 * issue's message is the answer's title; `params.code` names the answer.
 */
export const imageUploadSchema = z
  .object({
    imageName: z.string().trim().max(IMAGE_NAME_MAX, M.tooLong("Image Name", IMAGE_NAME_MAX)).default(""),
    fileCount: z.number().int().min(0),
    byteSize: z.number().int().min(0).nullable(),
    type: z.enum(["png", "jpg", "gif"]).nullable(),
  })
  .superRefine((v, ctx) => {
    const fail = (code: keyof typeof UPLOAD, path: string) =>
      ctx.addIssue({ code: "custom", path: [path], message: UPLOAD[code].title, params: { code } });
    if (v.fileCount === 0) return fail("NO_FILE", "file");
    if (v.fileCount > 1) return fail("TOO_MANY", "file");
    if (v.type === null || v.byteSize === null || v.byteSize === 0 || v.byteSize > IMAGE_MAX_BYTES) return fail("INVALID", "file");
    if (v.imageName === "") return fail("NO_NAME", "imageName");
  });

export type ImageUploadCheck = z.input<typeof imageUploadSchema>;

/** The answer code of a failed imageUploadSchema parse (the first issue). */
export function uploadProblem(result: ReturnType<typeof imageUploadSchema.safeParse>): keyof typeof UPLOAD | null {
  if (result.success) return null;
  const issue = result.error.issues[0];
  const code = issue && "params" in issue ? (issue.params as { code?: keyof typeof UPLOAD } | undefined)?.code : undefined;
  return code ?? "INVALID";
}

/** The browser's check before sending (same rules; the type by the file's declared type, the server sniffs). */
export function checkImageFilesBeforeUpload(files: ArrayLike<{ size: number; type: string }>, imageName: string): keyof typeof UPLOAD | null {
  const f = files[0];
  const declared = f ? (Object.entries(IMAGE_CONTENT_TYPES).find(([, ct]) => ct === f.type)?.[0] as ImageType | undefined) : undefined;
  return uploadProblem(
    imageUploadSchema.safeParse({ imageName, fileCount: files.length, byteSize: f ? f.size : null, type: declared ?? null }),
  );
}

/** Form field names of the image upload (POST /corr/upload?id=<template>). */
export const IMAGE_FIELDS = { imageName: "imageName", file: "file" } as const;
/** The query parameter that carries an answer back to the editor. */
export const RESULT_PARAM = "result";
