// /view/{pth} and /documents/schedule/{id} (decision 0022): anonymous
// downloads of commission schedule PDFs by document id; an older version's id
// gives the current one; any other document, an unknown id or missing bytes
// is 'Document Unavailable'; an empty file is 'Download Error: File Empty';
// an empty pth goes to the welcome page.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { removeBlob, saveFile } from "~/lib/storage.server";
import { loader as fileLoader } from "~/routes/documents.schedule.$id";
import { loader as viewLoader } from "~/routes/view.$";
import { useTestDatabase } from "../support/db";
import { responseOf } from "./upload-fixtures";

useTestDatabase();

const APP_URL = "http://localhost:3000";
let dataDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "view-test-"));
  process.env.DATA_DIR = dataDir;
  process.env.APP_URL = APP_URL;
  resetEnvCache();
  resetSecretsCache();
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function doc(opts: { type?: string; bytes?: Uint8Array; key?: string; version?: number; isCurrent?: boolean; kindCode?: string } = {}) {
  const file = await saveFile({ bytes: opts.bytes ?? new TextEncoder().encode("%PDF-1.4 schedule"), fileName: "schedule.pdf", contentType: "application/pdf" });
  return prisma.document.create({
    data: {
      documentTypeCode: opts.type ?? "DOCTYP_COMSCHED_AGREE",
      kindCode: opts.kindCode ?? "SYSTEM",
      documentKey: opts.key ?? `COMSCHED:${Math.floor(Math.random() * 1e9)}`,
      title: "Commission Schedule",
      storedFileId: file.id,
      version: opts.version ?? 1,
      isCurrent: opts.isCurrent ?? true,
    },
    include: { storedFile: true },
  });
}

const view = (pth: string) =>
  responseOf(() => viewLoader({ request: new Request(`${APP_URL}/view/${pth}`), params: { "*": pth }, context: {} }));
const file = (id: string) => responseOf(() => fileLoader({ request: new Request(`${APP_URL}/documents/schedule/${id}`), params: { id }, context: {} }));

type ViewData = { data: { state: string; href: string | null }; init: { status: number } | null };

describe("/view/{pth}", () => {
  it("redirects an empty pth to the welcome page", async () => {
    const res = (await view("")) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
  });

  it("offers a commission schedule to anyone, and downloads its bytes", async () => {
    const d = await doc();
    const page = (await view(d.id)) as unknown as { state: string; href: string };
    expect(page).toMatchObject({ state: "ready", href: `/documents/schedule/${d.id}` });
    const res = (await file(d.id)) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment/);
    expect(new TextDecoder().decode(await res.arrayBuffer())).toBe("%PDF-1.4 schedule");
  });

  it("gives the current version for an older version's id", async () => {
    const key = `COMSCHED:old-${Date.now()}`;
    const old = await doc({ key, version: 1, isCurrent: false });
    const current = await doc({ key, version: 2, bytes: new TextEncoder().encode("%PDF-1.4 v2") });
    expect(await view(old.id)).toMatchObject({ href: `/documents/schedule/${current.id}` });
    expect(new TextDecoder().decode(await ((await file(old.id)) as Response).arrayBuffer())).toBe("%PDF-1.4 v2");
  });

  it("answers 'Document Unavailable' for other documents, unknown ids and missing bytes; 'File Empty' for an empty file", async () => {
    const agreement = await doc({ type: "ALLCO_AGREE" });
    const upload = await doc({ kindCode: "UPLOAD" });
    const gone = await doc();
    await removeBlob(gone.storedFile.storageKey);
    for (const id of [agreement.id, upload.id, gone.id, "00000000-0000-4000-8000-000000000000", "..%2F..%2Fetc%2Fpasswd", "x".repeat(500)]) {
      const page = (await view(id)) as unknown as ViewData;
      expect(page.data.state, id).toBe("unavailable");
      expect(page.init?.status).toBe(404);
      const res = (await file(id)) as Response;
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("Unfortunately we are having trouble downloading your document at this time.");
    }
    const empty = await doc({ bytes: new Uint8Array(0) });
    expect(((await view(empty.id)) as unknown as ViewData).data.state).toBe("empty");
    const res = (await file(empty.id)) as Response;
    expect(res.status).toBe(404);
    expect(res.headers.get("X-Download-Problem")).toBe("empty");
    expect(await res.text()).toContain("Download Error: File Empty");
  });
});
