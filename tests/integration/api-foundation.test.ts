// The foundation of issue 24 (decision 0074) against a real database: apiRoute answers 401 without a
// live token (absent, malformed, unknown, revoked), 403 without the route's scope, 429 over the
// per-token limit, and leaves an API_CALL audit row; emitEvent writes the event with one delivery and
// one deliver-webhook job per enabled endpoint that asked for its type, and refuses sensitive data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiJson, apiRoute, purgeOldApiCallAudit } from "~/features/api/http.server";
import { openApiDocument } from "~/features/api/openapi.server";
import { createApiToken } from "~/features/api/tokens.server";
import { emitEvent, WebhookDataError } from "~/features/webhooks/emit.server";
import { disconnectPrisma, prisma } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { encryptField } from "~/lib/crypto.server";
import { useTestDatabase } from "../support/db";
import { answerChecker, type OpenApiDoc } from "../support/openapi-answers";

useTestDatabase();
afterAll(disconnectPrisma);

const call = (token: string | null, path = "/api/v1/agents") =>
  apiRoute(new Request(`http://localhost${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} }), "read:agents", async () => apiJson({ ok: true }));

let reader: { token: string; id: string };
beforeAll(async () => {
  reader = await createApiToken(prisma, { name: "commissions", scopes: ["read:agents"] });
});

describe("apiRoute", () => {
  it("401 without a live token, 403 without the scope, 200 with it; every call with a token audited", async () => {
    expect((await call(null)).status).toBe(401);
    expect((await call("apt_short")).status).toBe(401);
    expect((await call(`apt_${"x".repeat(43)}`)).status).toBe(401);
    const ok = await call(reader.token);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("RateLimit-Limit")).toBe(String(env().API_RATE_LIMIT));
    const docs = await createApiToken(prisma, { name: "documents only", scopes: ["read:documents"] });
    const refused = await call(docs.token);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("Content-Type")).toBe("application/problem+json");
    expect(((await refused.json()) as { detail: string }).detail).toContain("read:agents");
    await prisma.apiToken.update({ where: { id: docs.id }, data: { revokedAt: new Date() } });
    expect((await call(docs.token)).status).toBe(401);
    const audits = await prisma.auditLog.findMany({ where: { action: "API_CALL", targetId: { in: [reader.id, docs.id] } } });
    expect(audits.map((a) => (a.details as { status: number }).status).sort()).toEqual([200, 403]);
    expect((await prisma.apiToken.findUniqueOrThrow({ where: { id: reader.id } })).lastUsedAt).not.toBeNull();
  });

  it("an error of ours is a 500 problem, audited like every call (not Remix's HTML error page)", async () => {
    const r = await apiRoute(new Request("http://localhost/api/v1/agents/7", { headers: { Authorization: `Bearer ${reader.token}` } }), "read:agents", async () => {
      throw new Error("a body that fails its own schema");
    });
    expect(r.status).toBe(500);
    expect(r.headers.get("Content-Type")).toBe("application/problem+json");
    // The document describes it (the 500 every operation lists, as a problem).
    await answerChecker(openApiDocument() as OpenApiDoc)("GET", "/api/v1/agents/{id}", r);
    const body = (await r.json()) as { title: string; detail: string };
    expect(body.title).toBe("Internal Server Error");
    expect(body.detail).not.toContain("schema");
    const audits = await prisma.auditLog.findMany({ where: { action: "API_CALL", targetId: reader.id } });
    expect(audits.some((a) => (a.details as { status: number; path: string }).status === 500 && (a.details as { path: string }).path === "/api/v1/agents/7")).toBe(true);
  });

  it("429 with Retry-After over the limit of calls a minute", async () => {
    const t = await createApiToken(prisma, { name: "busy", scopes: ["read:agents"] });
    const minute = Math.floor(Date.now() / 60_000);
    await prisma.apiRateWindow.create({ data: { tokenId: t.id, windowStart: new Date(minute * 60_000), calls: env().API_RATE_LIMIT } });
    const r = await call(t.token);
    // Unless the minute turned meanwhile (a loaded machine can take seconds here), the call was over the limit.
    if (Math.floor(Date.now() / 60_000) === minute) {
      expect(r.status).toBe(429);
      expect(Number(r.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
  });
});

describe("the API_CALL audit's retention (API_CALL_AUDIT_DAYS)", () => {
  it("the housekeeping removes API_CALL rows older than the setting, and nothing else", async () => {
    const days = env().API_CALL_AUDIT_DAYS;
    const old = new Date(Date.now() - (days + 1) * 86_400_000);
    const recent = new Date(Date.now() - (days - 1) * 86_400_000);
    const rows = await prisma.auditLog.createManyAndReturn({
      data: [
        { action: "API_CALL", occurredAt: old, targetId: "retention-test" },
        { action: "API_CALL", occurredAt: recent, targetId: "retention-test" },
        { action: "SIGN_IN", occurredAt: old, targetId: "retention-test" },
      ],
      select: { id: true, action: true, occurredAt: true },
    });
    expect(await purgeOldApiCallAudit()).toBeGreaterThanOrEqual(1);
    const left = await prisma.auditLog.findMany({ where: { targetId: "retention-test" }, select: { id: true } });
    expect(left.map((r) => r.id).sort()).toEqual([rows[1]!.id, rows[2]!.id].sort());
  });
});

describe("emitEvent", () => {
  it("one delivery and one job per enabled endpoint that asked for the type", async () => {
    const mk = (events: string[], enabled = true) =>
      prisma.webhookEndpoint.create({ data: { url: "https://example.test/hook", events, enabled, secretEncrypted: encryptField("whsec_x") } });
    const wants = await mk(["application.approved", "agent.created"]);
    await mk(["application.rejected"]);
    await mk(["application.approved"], false);
    const r = await prisma.$transaction((tx) => emitEvent(tx, "application.approved", 42, { application: { id: 42, status: "APPROVED" } }));
    expect(r.deliveries).toBe(1);
    const deliveries = await prisma.webhookDelivery.findMany({ where: { eventId: BigInt(r.eventId) } });
    expect(deliveries.map((d) => d.endpointId)).toEqual([wants.id]);
    const jobs = await prisma.$queryRaw<Array<{ key: string }>>`SELECT key FROM graphile_worker._private_jobs WHERE task_id = (SELECT id FROM graphile_worker._private_tasks WHERE identifier = 'deliver-webhook')`;
    expect(jobs.map((j) => j.key)).toEqual([`webhook-delivery:${deliveries[0]!.id}`]);
    const none = await prisma.$transaction((tx) => emitEvent(tx, "invitation.sent", 5, { invitation: { id: 5 } }));
    expect(none.deliveries).toBe(0);
    expect(await prisma.webhookEvent.count()).toBe(2);
  });

  it("refuses sensitive data and writes nothing", async () => {
    const before = await prisma.webhookEvent.count();
    await expect(prisma.$transaction((tx) => emitEvent(tx, "agent.created", 1, { agent: { ssn: "123-45-6789" } }))).rejects.toBeInstanceOf(WebhookDataError);
    expect(await prisma.webhookEvent.count()).toBe(before);
  });
});
