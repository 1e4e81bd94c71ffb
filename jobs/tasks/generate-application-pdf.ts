// Renders a submitted application's combined PDF and stores it as the
// appointment's current DOCTYP_COMB_APP document. Idempotent: queued with
// the job key `app-pdf:<appointmentId>` (jobOptions.applicationPdf) so repeated
// submits collapse into one job, and a run over unchanged data stores nothing.
import type { Task } from "graphile-worker";
import { ApplicationNotFoundError, generateCombinedApplication } from "~/features/documents/combined-application.server";
import { generateApplicationPdfPayload } from "~/features/jobs/queue.server";

export const generateApplicationPdf: Task = async (payload, helpers) => {
  const { appointmentId } = generateApplicationPdfPayload.parse(payload);
  try {
    const result = await generateCombinedApplication(appointmentId);
    helpers.logger.info(`generate-application-pdf: appointment ${appointmentId} ${result.created ? "stored" : "unchanged"} (${result.documentId})`);
  } catch (error) {
    // A deleted application has nothing to render: do not retry forever.
    if (error instanceof ApplicationNotFoundError) {
      helpers.logger.warn(`generate-application-pdf: appointment ${appointmentId} not found`);
      return;
    }
    throw error;
  }
};
