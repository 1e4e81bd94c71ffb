// Runs one licence import (app/features/licences/import.server.ts, decision 0072). Queued with the
// job key `import-licences:<runId>` in the transaction that stores the upload. Safe to kill at any
// moment: the file is checked whole before anything is written, each batch of NPNs is one
// transaction, a rerun reads the stored file again and writes only what differs, and a finished
// run is left alone.
import type { Task } from "graphile-worker";
import { importLicencesPayload } from "~/features/jobs/queue.server";
import { failLicenceImportRun, runLicenceImportJob } from "~/features/licences/import.server";

export const importLicences: Task = async (payload, helpers) => {
  const { runId } = importLicencesPayload.parse(payload);
  try {
    const r = await runLicenceImportJob(runId);
    helpers.logger.info(`import-licences: run ${runId} ${r.status}`);
  } catch (error) {
    if (helpers.job.attempts >= helpers.job.max_attempts) await failLicenceImportRun(runId);
    throw error;
  }
};
