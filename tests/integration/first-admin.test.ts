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
});
