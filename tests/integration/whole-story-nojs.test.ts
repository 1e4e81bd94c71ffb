// The whole story without JavaScript (issue 36): tests/support/whole-story.ts, on a portal of its own
// with the demo data, mail to a real SMTP server on loopback and the carrier's webhook receiver on
// loopback (WEBHOOK_ALLOW_PRIVATE: the receiver's address is 127.0.0.1).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { portalWithSmtpForFile } from "../support/smtp-sink";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { wholeStory } from "../support/whole-story";

const portal = portalWithSmtpForFile({ env: { WEBHOOK_ALLOW_PRIVATE: "true", SCREENING_ADAPTER: "file" } });
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

describe("the whole story without JavaScript", () => {
  test("invitation → sign-up → application → check answers → receipt → review with the license confirmed in place → approval → the director's tree and report → monitoring → compliance → API → webhook", async () => {
    const story = await wholeStory({ app: portal.app, smtp: portal.smtp, databaseUrl: portal.app.databaseUrl! }, receiver);
    expect(story.agentNumber).toMatch(/^\d+$/);
  }, 300_000);
});
