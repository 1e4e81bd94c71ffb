// Background screening's jobs (decision 0122): order-screening sends an application's order to the
// http vendor (retried while the vendor is down; the payload is the application id only), and
// poll-screenings asks the vendor for the screenings still in flight (the callback's fallback).
import type { Task } from "graphile-worker";
import { orderScreeningPayload } from "~/features/jobs/queue.server";
import { pollScreenings, sendOrder } from "~/features/screening/vendor-http.server";

export const orderScreeningTask: Task = async (payload, helpers) => {
  const { appointmentId } = orderScreeningPayload.parse(payload);
  const s = await sendOrder(appointmentId);
  helpers.logger.info(`order-screening: application ${appointmentId} ${s?.status ?? "has no screening"}`);
};

export const pollScreeningsTask: Task = async (_payload, helpers) => {
  const r = await pollScreenings();
  helpers.logger.info(`poll-screenings: ${r.polled} polled, ${r.applied} applied, ${r.failed} failed`);
};
