// System documents (agreements, help guides, instructions) as the screens
// offer them. The welcome page's help guides are public; the rest need a
// signed-in user.
import { prisma } from "~/lib/db.server";

/** Documents an anonymous visitor may download (the welcome page's guides). */
export const PUBLIC_SYSTEM_DOCUMENTS = new Set(["HELP_NEW_USER", "HELP_EXISTING_USER"]);

const KEY_RE = /^[A-Z0-9_]{2,40}$/;

/** The current version of a system document by its key (type code), or null. */
export async function findSystemDocument(key: string) {
  if (!KEY_RE.test(key)) return null;
  return prisma.document.findFirst({
    where: { documentKey: key, kindCode: "SYSTEM", isCurrent: true },
    orderBy: { version: "desc" },
    select: { title: true, storedFile: true },
  });
}
