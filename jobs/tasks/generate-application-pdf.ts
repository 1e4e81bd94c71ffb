// Renders a submitted application's combined PDF and stores it as the
// appointment's current DOCTYP_COMB_APP document. Idempotent: queue it with
// the job key `app-pdf:<appointmentId>` (applicationPdfJobKey) so repeated
// submits collapse into one job, and a run over unchanged data stores nothing.
import type { Task } from "graphile-worker";
import { z } from "zod";
import { ApplicationNotFoundError, generateCombinedApplication } from "~/features/documents/combined-application.server";

export const generateApplicationPdfPayload = z.object({
  appointmentId: z.coerce.number().int().positive(),
});

export type GenerateApplicationPdfPayload = z.infer<typeof generateApplicationPdfPayload>;

/** The job key that makes the job unique per application. */
export const applicationPdfJobKey = (appointmentId: number) => `app-pdf:${appointmentId}`;

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
