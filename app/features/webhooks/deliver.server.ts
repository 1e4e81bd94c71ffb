// Delivering one webhook (issue 24 item 3, decision 0074). FOUNDATION STUB: the webhooks branch
// writes the delivery (signed POST, the attempt recorded, order per subject, disabling after 3 days).
export async function deliverWebhook(deliveryId: string, _job: { attempt: number; maxAttempts: number }): Promise<string> {
  throw new Error(`webhook delivery ${deliveryId}: not built yet`);
}
