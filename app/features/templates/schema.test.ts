// Spec part 3 §5 'Template' and 'Template image', §8 and §9, through the
// shared schemas (the same ones conform runs in the browser and the actions
// and the upload run on the server).
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { CONFIRM_DELETE, DELETED, DONE, EMPTY_TEMPLATES, IMAGE_DELETION_FAILED, IMAGE_UPLOAD_ANSWERS, SYSTEM_ERROR, TEMPLATE_MESSAGES as M } from "./messages";
import {
  BODY_MAX_BYTES,
  checkImageFilesBeforeUpload,
  DESCRIPTION_MAX,
  IMAGE_MAX_BYTES,
  imageNameSchema,
  imageUploadSchema,
  NAME_MAX,
  sniffImageType,
  TEMPLATE_PAGE_SIZE,
  templateSchema,
  uploadProblem,
} from "./schema";

function parse(values: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.append(k, v);
  return parseWithZod(fd, { schema: templateSchema });
}
const errors = (values: Record<string, string>) => {
  const r = parse(values);
  return r.status === "success" ? {} : (r.reply().error ?? {});
};
const valid = { name: "Team invite", description: "For new health agents", isActive: "on", body: "<p>Hi [[ProspectFirstName]]</p>" };

describe("template form (§5 'Template')", () => {
  it("accepts a complete form; Is Active is the checkbox", () => {
    const r = parse(valid);
    expect(r.status).toBe("success");
    if (r.status === "success") expect(r.value).toEqual({ ...valid, isActive: true });
    const off = parse({ ...valid, isActive: "" });
    expect(off.status === "success" && off.value.isActive).toBe(false);
    const absent = parse({ name: "n", description: "d", body: "" });
    expect(absent.status === "success" && absent.value.isActive).toBe(false);
  });

  it("'Missing Template Name' and 'Missing Description' for blank (or only spaces)", () => {
    expect(errors({ ...valid, name: "" }).name).toEqual([M.nameRequired]);
    expect(errors({ ...valid, name: "   " }).name).toEqual([M.nameRequired]);
    expect(errors({ ...valid, description: "" }).description).toEqual([M.descriptionRequired]);
    expect(errors({ ...valid, description: " \n " }).description).toEqual([M.descriptionRequired]);
    expect(M.nameRequired).toBe("Missing Template Name");
    expect(M.descriptionRequired).toBe("Missing Description");
  });

  it("name at most 50 and description at most 560 characters (§9)", () => {
    expect(NAME_MAX).toBe(50);
    expect(DESCRIPTION_MAX).toBe(560);
    expect(parse({ ...valid, name: "n".repeat(50), description: "d".repeat(560) }).status).toBe("success");
    expect(errors({ ...valid, name: "n".repeat(51) }).name).toEqual([M.tooLong("Template Name", 50)]);
    expect(errors({ ...valid, description: "d".repeat(561) }).description).toEqual([M.tooLong("Description", 560)]);
  });

  it("caps the body at 100 KB", () => {
    expect(parse({ ...valid, body: "x".repeat(BODY_MAX_BYTES) }).status).toBe("success");
    expect(errors({ ...valid, body: "é".repeat(BODY_MAX_BYTES / 2 + 1) }).body).toEqual([M.bodyTooLarge]);
  });
});

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPG = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46];
const GIF = [...Buffer.from("GIF89a"), 1, 0];

describe("template image (§5 'Template image')", () => {
  it("recognises PNG, JPG and GIF by their first bytes, nothing else", () => {
    expect(sniffImageType(PNG)).toBe("png");
    expect(sniffImageType(JPG)).toBe("jpg");
    expect(sniffImageType(GIF)).toBe("gif");
    expect(sniffImageType([...Buffer.from("GIF87a"), 0, 0])).toBe("gif");
    expect(sniffImageType([...Buffer.from("%PDF-1.7")])).toBeNull();
    expect(sniffImageType([...Buffer.from("<svg xml")])).toBeNull();
    expect(sniffImageType([...Buffer.from("RIFF....")])).toBeNull(); // webp
    expect(sniffImageType(PNG.slice(0, 7))).toBeNull();
  });

  const check = (v: Partial<Parameters<typeof imageUploadSchema.parse>[0]>) =>
    uploadProblem(imageUploadSchema.safeParse({ imageName: "Logo", fileCount: 1, byteSize: 1000, type: "png", ...v }));

  it("exactly one file: 'Upload What?' for none, 'Too Many Images at Once' for more", () => {
    expect(check({})).toBeNull();
    expect(check({ fileCount: 0, byteSize: null, type: null })).toBe("NO_FILE");
    expect(check({ fileCount: 2 })).toBe("TOO_MANY");
    expect(IMAGE_UPLOAD_ANSWERS.NO_FILE.title).toBe("Upload What?");
    expect(IMAGE_UPLOAD_ANSWERS.TOO_MANY.title).toBe("Too Many Images at Once");
  });

  it("only PNG, JPG or GIF of at most 2,000,000 bytes, else 'Invalid File'", () => {
    expect(IMAGE_MAX_BYTES).toBe(2_000_000);
    expect(check({ byteSize: 2_000_000, type: "gif" })).toBeNull();
    expect(check({ type: "jpg" })).toBeNull();
    expect(check({ byteSize: 2_000_001 })).toBe("INVALID");
    expect(check({ type: null })).toBe("INVALID");
    expect(check({ byteSize: 0 })).toBe("INVALID");
    expect(IMAGE_UPLOAD_ANSWERS.INVALID.title).toBe("Invalid File");
  });

  it("a name is required: 'Image Name Required'", () => {
    expect(check({ imageName: "  " })).toBe("NO_NAME");
    expect(IMAGE_UPLOAD_ANSWERS.NO_NAME.title).toBe("Image Name Required");
    const fd = new FormData();
    fd.append("imageName", "");
    const r = parseWithZod(fd, { schema: imageNameSchema });
    expect(r.status === "error" && r.reply().error?.imageName).toEqual([M.imageNameRequired]);
  });

  it("the browser runs the same rules before sending (type by the declared type)", () => {
    expect(checkImageFilesBeforeUpload([], "Logo")).toBe("NO_FILE");
    expect(checkImageFilesBeforeUpload([{ size: 10, type: "image/png" }, { size: 10, type: "image/png" }], "Logo")).toBe("TOO_MANY");
    expect(checkImageFilesBeforeUpload([{ size: 10, type: "image/webp" }], "Logo")).toBe("INVALID");
    expect(checkImageFilesBeforeUpload([{ size: 2_000_001, type: "image/jpeg" }], "Logo")).toBe("INVALID");
    expect(checkImageFilesBeforeUpload([{ size: 10, type: "image/gif" }], "")).toBe("NO_NAME");
    expect(checkImageFilesBeforeUpload([{ size: 10, type: "image/gif" }], "Logo")).toBeNull();
  });
});

describe("messages (§2, §8, §9)", () => {
  it("uses the spec's texts", () => {
    expect(EMPTY_TEMPLATES).toBe("* No templates were found. Please click the Add button to create one.");
    expect(DONE.title).toBe("Done!");
    expect(DELETED.title).toBe("Deleted");
    expect(IMAGE_UPLOAD_ANSWERS.SUCCESS.title).toBe("Success");
    expect(CONFIRM_DELETE.title).toBe("Deleting is Not Reversible!");
    expect(IMAGE_DELETION_FAILED.title).toBe("Image Deletion Failed");
    expect(SYSTEM_ERROR.title).toBe("System Error");
    expect(TEMPLATE_PAGE_SIZE).toBe(100);
  });
});
