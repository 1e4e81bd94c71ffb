// GET /dev/mail/{id}/attachment/{n}: the n-th attachment of a captured email
// (the stored file the send-email task attached), for the development
// mailbox only (same access rule as /dev/mail). 404 when unknown or gone.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireMailboxAccess } from "~/features/users/dev-mailbox.server";
import { prisma } from "~/lib/db.server";
import { getCapturedMail } from "~/lib/mail.server";
import { fileResponse, StoredFileMissingError } from "~/lib/storage.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireMailboxAccess(request);
  const mail = await getCapturedMail(params.id ?? "");
  const n = Number(params.n);
  const att = mail && Number.isSafeInteger(n) && n >= 0 ? mail.attachments[n] : undefined;
  if (!att?.storedFileId) throw new Response("Not Found", { status: 404 });
  const file = await prisma.storedFile.findUnique({ where: { id: att.storedFileId } });
  if (!file) throw new Response("Not Found", { status: 404 });
  try {
    return await fileResponse(file, { disposition: "attachment", fileName: att.fileName });
  } catch (error) {
    if (error instanceof StoredFileMissingError) throw new Response("Not Found", { status: 404 });
    throw error;
  }
}
