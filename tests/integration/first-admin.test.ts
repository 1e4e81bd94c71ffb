// The first administrator of a deployment without demo data (decision 0014):
// a one-time link while no internal user exists; it makes one user internal, once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { announceFirstAdministratorSetup, claimFirstAdministrator, setupLinkValid } from "~/lib/first-admin.server";
import { useTestDatabase } from "../support/db";
import { createUser } from "../support/factories";

useTestDatabase();

const request = () => new Request("http://localhost:3000/setup/x", { method: "POST" });

beforeAll(() => {
  process.env.APP_URL = "http://localhost:3000";
  resetEnvCache();
});
afterAll(() => resetEnvCache());

describe("first administrator link", () => {
  it("is printed while there is no administrator, works once, and is gone afterwards", async () => {
    const link = await announceFirstAdministratorSetup();
    expect(link).toMatch(/^http:\/\/localhost:3000\/setup\/[A-Za-z0-9_-]{20,}$/);
    const token = link!.split("/setup/")[1]!;
    const [first, second] = [await createUser(prisma), await createUser(prisma)];

    expect(await setupLinkValid("wrong")).toBe(false);
    expect(await claimFirstAdministrator("wrong", first.id, request())).toBe(false);
    expect(await setupLinkValid(token)).toBe(true);

    expect(await claimFirstAdministrator(token, first.id, request())).toBe(true);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: first.id } })).isInternal).toBe(true);
    expect(await claimFirstAdministrator(token, second.id, request())).toBe(false);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: second.id } })).isInternal).toBe(false);
    expect(await prisma.auditLog.count({ where: { action: "FIRST_ADMINISTRATOR" } })).toBe(1);

    expect(await announceFirstAdministratorSetup()).toBeUndefined();
  });

  it("is kept in the database: the link each start printed works in every process, until it runs out or one is used", async () => {
    // The first administrator of the test above: gone for this case.
    await prisma.user.updateMany({ where: { isInternal: true }, data: { isInternal: false } });
    const first = (await announceFirstAdministratorSetup())!.split("/setup/")[1]!;
    // Another process's start (another machine behind the load balancer) prints its own.
    const second = (await announceFirstAdministratorSetup())!.split("/setup/")[1]!;
    expect(second).not.toBe(first);
    expect(await setupLinkValid(first)).toBe(true);
    expect(await setupLinkValid(second)).toBe(true);
    // Only a hash of the token is stored.
    const stored = await prisma.systemSetting.findMany({ where: { key: { startsWith: "first_admin.link." } } });
    expect(stored).toHaveLength(2);
    expect(JSON.stringify(stored)).not.toContain(first);

    // A link past its expiry no longer works.
    await prisma.$executeRaw`UPDATE system_settings SET value = jsonb_build_object('expiresAt', (now() - interval '1 minute')::text) WHERE key LIKE 'first_admin.link.%'`;
    expect(await setupLinkValid(first)).toBe(false);
    const third = (await announceFirstAdministratorSetup())!.split("/setup/")[1]!;
    expect(await prisma.systemSetting.count({ where: { key: { startsWith: "first_admin.link." } } })).toBe(1);

    // Used once: every link stops working.
    const user = await createUser(prisma);
    expect(await claimFirstAdministrator(third, user.id, request())).toBe(true);
    expect(await setupLinkValid(third)).toBe(false);
    expect(await prisma.systemSetting.count({ where: { key: { startsWith: "first_admin.link." } } })).toBe(0);
  });
});
