// Every group of checkboxes of the portal posted without JavaScript (a plain urlencoded POST with the
// box's name once per ticked box, as a browser sends the form) with two or more ticked, through the
// route's action as the server runs it, against a real PostgreSQL (issue 33 item 2: ADMIN > Webhooks
// answered 400 'The form sent the field "events" more than once' to a second event, on the list and
// on the endpoint's page). The groups: webhook events (register, change), API token scopes, a
// review's sections to correct; the application's states are posted repeated by the section
// fixtures of the save tests (tests/support/section-form.ts).
import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import type { User } from "~/generated/prisma/client";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { createSession } from "~/lib/session.server";
import { action as tokensAction, loader as tokensLoader } from "~/routes/admin.api-tokens";
import { action as reviewAction } from "~/routes/admin.review.$appointmentId";
import { action as endpointAction } from "~/routes/admin.webhooks.$id";
import { action as webhooksAction } from "~/routes/admin.webhooks._index";
import { useTestDatabase } from "../support/db";
import { createAppointment, createAppointmentLink, createUser, seedReferenceData } from "../support/factories";
import { makeDownline } from "./downline-fixtures";

useTestDatabase();
const APP_URL = "http://localhost:3000";
let admin: User;
let cookie = "";

beforeAll(async () => {
  process.env.APP_URL = APP_URL;
  process.env.ENCRYPTION_KEY ??= "checkbox groups test key 0123456789abcdef";
  process.env.WEBHOOK_ALLOW_PRIVATE = "false";
  resetEnvCache();
  await seedReferenceData();
  admin = await createUser(prisma, { isInternal: true, firstName: "Ada", lastName: "Admin" });
  cookie = (await createSession(new Request(`${APP_URL}/`), { userId: admin.id })).split(";")[0]!;
});

/** What the action answers a form posted as a browser without JavaScript posts it. */
async function post(fn: (args: ActionFunctionArgs) => Promise<unknown>, path: string, pairs: Array<[string, string]>, params: Record<string, string> = {}) {
  const request = new Request(`${APP_URL}${path}`, {
    method: "POST",
    body: new URLSearchParams(pairs).toString(),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: APP_URL },
  });
  try {
    const r = (await fn({ request, params, context: {} })) as { init?: { status?: number }; data?: unknown } | Response;
    if (r instanceof Response) return { status: r.status, location: r.headers.get("Location"), body: null };
    return { status: r.init?.status ?? 200, location: null, body: r.data ?? r };
  } catch (e) {
    if (e instanceof Response) return { status: e.status, location: null, body: await e.text() };
    throw e;
  }
}

const ticked = (name: string, values: string[]) => values.map((v): [string, string] => [name, v]);

describe("a group of checkboxes with several ticked, without JavaScript", () => {
  it("ADMIN > Webhooks registers an endpoint with three events, and its page changes them to two", async () => {
    const url = "https://93.184.215.14/several-events";
    const created = await post(webhooksAction, "/admin/webhooks", [["intent", "create"], ["url", url], ["description", "Several"], ...ticked("events", ["application.submitted", "agent.created", "application.approved"])]);
    expect(created.body).toMatchObject({ created: { secret: expect.stringMatching(/^whsec_/) } });
    expect(created.status).toBe(200);
    const saved = await prisma.webhookEndpoint.findFirstOrThrow({ where: { url } });
    expect([...saved.events].sort()).toEqual(["agent.created", "application.approved", "application.submitted"]);

    const changed = await post(endpointAction, `/admin/webhooks/${saved.id}`, [["intent", "update"], ["url", url], ["description", "Several"], ...ticked("events", ["agent.deactivated", "application.rejected"])], { id: saved.id });
    expect(changed).toMatchObject({ status: 303, location: `/admin/webhooks/${saved.id}?saved=1` });
    expect([...(await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: saved.id } })).events].sort()).toEqual(["agent.deactivated", "application.rejected"]);
  });

  it("ADMIN > API Tokens creates a token with three scopes", async () => {
    const loaded = (await tokensLoader({ request: new Request(`${APP_URL}/admin/api-tokens`, { headers: { Cookie: cookie } }), params: {}, context: {} })) as { formToken: string };
    const r = await post(tokensAction, "/admin/api-tokens", [["intent", "create"], ["name", "Three scopes"], ["formToken", loaded.formToken], ...ticked("scopes", ["read:agents", "read:applications", "write:agents"])]);
    expect(r.body).toMatchObject({ outcome: "created" });
    expect([...(await prisma.apiToken.findFirstOrThrow({ where: { name: "Three scopes" } })).scopes].sort()).toEqual(["read:agents", "read:applications", "write:agents"]);
  });

  it("a review returns an application naming two sections to correct", async () => {
    const d = await makeDownline({ carrierCode: "CBG", carrierName: "Checkbox Carrier", companyNumber: "CB01", blockNumber: 9931 });
    const link = await createAppointmentLink(prisma, { recruiterAgentId: d.b.id, scheduleLevelId: d.level(10) });
    const app = await createAppointment(prisma, { appointmentLinkId: link.appointmentLinkId, appointmentStatusCode: "APWF_STATUS_NEWCONTRACT", submittedAt: new Date(), prospectEmailAddress: "boxes@example.com", personal: { firstName: "Box", lastName: "Ticked" } });
    const id = String(app.appointmentId);
    const r = await post(reviewAction, `/admin/review/${id}`, [["decision", "RETURN"], ["reason", "Two things to fix."], ...ticked("sections", ["PERSONAL", "DOCS"]), ["confirm", "on"]], { appointmentId: id });
    expect(r.status).toBe(302);
    const decision = await prisma.appointmentDecision.findFirstOrThrow({ where: { appointmentId: app.appointmentId } });
    expect([...decision.sections].sort()).toEqual(["DOCS", "PERSONAL"]);
  });
});
