// /view/{pth} and /documents/schedule/{id} (decision 0022): a commission
// schedule PDF by its opaque document id, for anyone who has the link (the
// invitation emails go to prospects who have no account yet). Only system
// documents of type DOCTYP_COMSCHED_AGREE (the schedules offered to every
// prospect) are served this way; an id of any other document is 'Document
// Unavailable', exactly as an unknown one. An older version's id gives the
// schedule's current version (same documentKey).
import type { StoredFile } from "~/generated/prisma/client";
import { prisma } from "~/lib/db.server";
import { storedFileSize } from "~/lib/storage.server";
import { DOCUMENT_TYPE_CODES } from "./system-document-codes";
import { isUuid } from "~/lib/uuid";


export type ScheduleFile =
  | { kind: "ok"; documentId: string; storedFile: StoredFile; fileName: string; title: string }
  | { kind: "missing" }
  | { kind: "empty" };

const publicSchedule = { documentTypeCode: DOCUMENT_TYPE_CODES.commissionSchedule, kindCode: "SYSTEM", appointmentId: null, appUserId: null, agentId: null };

export async function commissionScheduleFile(pth: string): Promise<ScheduleFile> {
  const id = pth.trim();
  if (!isUuid(id)) return { kind: "missing" };
  let doc = await prisma.document.findFirst({ where: { id: id.toLowerCase(), ...publicSchedule }, include: { storedFile: true } });
  if (doc && !doc.isCurrent && doc.documentKey) {
    doc =
      (await prisma.document.findFirst({
        where: { documentKey: doc.documentKey, isCurrent: true, ...publicSchedule },
        orderBy: { version: "desc" },
        include: { storedFile: true },
      })) ?? doc;
  }
  if (!doc) return { kind: "missing" };
  let size: number;
  try {
    size = await storedFileSize(doc.storedFile);
  } catch {
    console.error(`view: the bytes of document ${doc.id} are missing`);
    return { kind: "missing" };
  }
  if (size === 0 || doc.storedFile.byteSize === 0) return { kind: "empty" };
  return { kind: "ok", documentId: doc.id, storedFile: doc.storedFile, fileName: doc.storedFile.fileName, title: doc.title };
}
