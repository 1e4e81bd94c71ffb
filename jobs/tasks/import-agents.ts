// Runs one hierarchy import (app/features/hierarchy/import-runs.server.ts).
// Queued with the job key `import-agents:<runId>` in the transaction that
// stores the upload. Safe to kill at any moment: the import is one database
// transaction, a rerun reads the stored file again, and a finished run is
// left alone.
import type { Task } from "graphile-worker";
import { failImportRun, runImportJob } from "~/features/hierarchy/import-runs.server";
import { importAgentsPayload } from "~/features/jobs/queue.server";

export const importAgents: Task = async (payload, helpers) => {
  const { runId } = importAgentsPayload.parse(payload);
  try {
    const r = await runImportJob(runId);
    helpers.logger.info(`import-agents: run ${runId} ${r.status}`);
  } catch (error) {
    if (helpers.job.attempts >= helpers.job.max_attempts) await failImportRun(runId);
    throw error;
  }
};
