// The one upload policy (issue 21, decision 0056). Before, Contact Us checked
// the name in the browser with .includes(".pdf") while the application (and
// the server, for both) wanted a name ending in .pdf: 'scan.pdf.exe' and
// 'notes.pdf.txt' passed the Contact Us page's check and were refused by the
// server only after the whole upload ('Invalid File').
import { describe, expect, it } from "vitest";
import { checkFilesBeforeUpload, UPLOAD_ANSWERS } from "~/features/documents/upload";
import { checkAttachmentBeforeSend, SVCREQ_MESSAGES } from "~/features/service-requests/service-request";
import { IMAGE_UPLOAD_ANSWERS } from "~/features/templates/messages";
import { IMAGE_MAX_BYTES, sniffImageType } from "~/features/templates/schema";
import { PDF_UPLOAD_POLICY, sniffUploadType, UPLOAD_LIMIT_TEXT, UPLOAD_MAX_BYTES } from "./upload-policy";

const file = (name: string, size = 1000) => ({ name, size });
const bytes = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

describe("one upload policy", () => {
  it("the application's and Contact Us's browser checks agree on every name and size", () => {
    const cases = [
      file("scan.pdf"),
      file("SCAN.PDF"),
      file("scan.pdf.exe"),
      file("notes.pdf.txt"),
      file(".pdf"),
      file("scan.txt"),
      file("invoice\u202Efdp.exe"),
      file("scan.pdf", UPLOAD_MAX_BYTES),
      file("scan.pdf", UPLOAD_MAX_BYTES + 1),
      file("scan.pdf", 0),
    ];
    const verdicts = cases.map((f) => [f.name, f.size, checkFilesBeforeUpload([f]) === null, checkAttachmentBeforeSend([f]) === null]);
    expect(verdicts).toEqual([
      ["scan.pdf", 1000, true, true],
      ["SCAN.PDF", 1000, true, true],
      ["scan.pdf.exe", 1000, false, false],
      ["notes.pdf.txt", 1000, false, false],
      [".pdf", 1000, false, false],
      ["scan.txt", 1000, false, false],
      ["invoice\u202Efdp.exe", 1000, false, false],
      ["scan.pdf", UPLOAD_MAX_BYTES, true, true],
      ["scan.pdf", UPLOAD_MAX_BYTES + 1, false, false],
      ["scan.pdf", 0, false, false],
    ]);
  });

  it("counts: the application needs one file, Contact Us takes none or one", () => {
    expect(checkFilesBeforeUpload([])).toBe("NO_FILE");
    expect(checkFilesBeforeUpload([file("a.pdf"), file("b.pdf")])).toBe("TOO_MANY");
    expect(checkAttachmentBeforeSend([])).toBeNull();
    expect(checkAttachmentBeforeSend([file("a.pdf"), file("b.pdf")])).toBe("INVALID_FILE");
  });

  it("type by content: %PDF- and the image signatures, never the name", () => {
    expect(sniffUploadType(bytes("%PDF-1.7\n"))).toBe("pdf");
    expect(sniffUploadType(bytes("%PDF"))).toBeNull();
    expect(sniffUploadType([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])).toBe("png");
    expect(sniffUploadType([0xff, 0xd8, 0xff, 0xe0])).toBe("jpg");
    expect(sniffUploadType(bytes("GIF89a"))).toBe("gif");
    expect(sniffUploadType(bytes("MZ\x90\x00"))).toBeNull();
    expect(sniffImageType(bytes("%PDF-1.7"))).toBeNull();
    expect(PDF_UPLOAD_POLICY.kinds).toEqual(["pdf"]);
  });

  it("one limit, and every message names it from the constant", () => {
    expect(UPLOAD_MAX_BYTES).toBe(2_000_000);
    expect(IMAGE_MAX_BYTES).toBe(UPLOAD_MAX_BYTES);
    expect(UPLOAD_LIMIT_TEXT).toBe("2,000,000 bytes");
    expect(UPLOAD_ANSWERS.TOO_BIG.message).toBe("The file is larger than 2MB. Please choose a PDF file of at most 2,000,000 bytes.");
    expect(SVCREQ_MESSAGES.invalidFileMessage).toBe("Attach at most one PDF file of at most 2,000,000 bytes (2MB).");
    expect(IMAGE_UPLOAD_ANSWERS.INVALID.message).toBe("Only PNG, JPG or GIF images of at most 2,000,000 bytes can be uploaded.");
  });
});
