// UNKNOWN_INVALID_LINK (spec part 1 §4; decision 0018: usable at the check
// but not resolvable a moment later) cannot be produced from the browser: the
// link would have to change between the check and the resolution within one
// request. Here the resolution is made to find nothing (the link disappears
// in between), and the dashboard's answer is the code's own message.
import { beforeAll, describe, expect, it } from "vitest";
import { applyLink } from "~/features/links/links.server";
import { LINK_FAILURE_MESSAGES } from "~/features/links/messages";
import { prisma } from "~/lib/db.server";
import { useTestDatabase } from "../support/db";
import { asUser, makeWorld, newProspect, type World } from "./appointment-fixtures";

useTestDatabase();

let world: World;
beforeAll(async () => {
  world = await makeWorld();
});

describe("a link that passes the check but cannot be resolved", () => {
  it("answers UNKNOWN_INVALID_LINK with its message", async () => {
    const prospect = await newProspect();
    const outcome = await applyLink(asUser(prospect), world.linkText, {
      // The link is deleted between the check and the resolution.
      resolve: async () => {
        await prisma.appointmentLink.updateMany({ where: { code: world.linkText.slice(3) }, data: { isDeleted: true } });
        return null;
      },
    });
    expect(outcome).toEqual({ kind: "invalid", failureReasonCode: "UNKNOWN_INVALID_LINK" });
    expect(LINK_FAILURE_MESSAGES.UNKNOWN_INVALID_LINK).toMatch(/unknown reason/);
    await prisma.appointmentLink.updateMany({ where: { code: world.linkText.slice(3) }, data: { isDeleted: false } });
  });
});
