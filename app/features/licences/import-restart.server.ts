// Starting a failed licence import again (decision 0083): the run is queued again under its job key
// (graphile-worker resets the spent job's attempts) and resumes after its checkpoint: the NPNs
// already written are not written again.
import { forgetCutOffs } from "~/features/jobs/stopped-runs.server";
import { jobKeys, jobOptions, queueJob } from "~/features/jobs/queue.server";
import { audit } from "~/lib/audit.server";
import { prisma } from "~/lib/db.server";

/** False when the run is not a failed upload (nothing changes). */
export async function restartLicenceImport(runId: number, userId: string, request?: Request): Promise<boolean> {
  if (!Number.isSafeInteger(runId) || runId <= 0) return false;
  const ok = await prisma.$transaction(async (tx) => {
    const r = await tx.licenceImportRun.updateMany({
      where: { id: runId, status: "FAILED", fileId: { not: null } },
      data: { status: "QUEUED", completedAt: null, message: null },
    });
    if (r.count === 0) return false;
    await forgetCutOffs(tx, jobKeys.licenceImportRun(runId));
    await queueJob(tx, "import-licences", { runId }, jobOptions.licenceImportRun(runId));
    return true;
  });
  if (ok) await audit("LICENCE_IMPORT_RESTARTED", { request, actorUserId: userId, targetType: "LicenceImportRun", targetId: String(runId) });
  return ok;
}
