import { describe, expect, it } from "vitest";
import { newWebhookSecret, signWebhook, verifyWebhook, webhookHeaders } from "./signature.server";

describe("webhook signatures (Standard Webhooks)", () => {
  it("matches the Standard Webhooks test vector", () => {
    // The example of the Standard Webhooks specification (and Svix's libraries' tests).
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    expect(signWebhook(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}')).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("verifies its own signature and refuses a changed body, another secret or an old timestamp", () => {
    const secret = newWebhookSecret();
    const now = Date.now();
    const ts = Math.floor(now / 1000);
    const body = JSON.stringify({ type: "application.approved", data: { id: 7 } });
    const h = webhookHeaders([secret], "evt_1", ts, body);
    const given = { id: h["webhook-id"]!, timestamp: h["webhook-timestamp"]!, signature: h["webhook-signature"]! };
    expect(verifyWebhook(secret, given, body, 300, now)).toBe(true);
    expect(verifyWebhook(secret, given, body.replace("7", "8"), 300, now)).toBe(false);
    expect(verifyWebhook(newWebhookSecret(), given, body, 300, now)).toBe(false);
    expect(verifyWebhook(secret, given, body, 300, now + 301_000)).toBe(false);
    expect(verifyWebhook(secret, { ...given, signature: `v1,bogus ${given.signature}` }, body, 300, now)).toBe(true);
  });

  it("during a rotation's overlap signs with both secrets, the new first; a receiver with either verifies", () => {
    const [fresh, old] = [newWebhookSecret(), newWebhookSecret()];
    const now = Date.now();
    const body = '{"type":"agent.created"}';
    const h = webhookHeaders([fresh, old], "evt_2", Math.floor(now / 1000), body);
    const parts = h["webhook-signature"]!.split(" ");
    expect(parts).toEqual([signWebhook(fresh, "evt_2", Math.floor(now / 1000), body), signWebhook(old, "evt_2", Math.floor(now / 1000), body)]);
    const given = { id: "evt_2", timestamp: h["webhook-timestamp"]!, signature: h["webhook-signature"]! };
    expect(verifyWebhook(fresh, given, body, 300, now)).toBe(true);
    expect(verifyWebhook(old, given, body, 300, now)).toBe(true);
    expect(verifyWebhook(newWebhookSecret(), given, body, 300, now)).toBe(false);
  });
});
