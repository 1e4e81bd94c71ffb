// The profile page's save (spec part 1 §2 'Profile'): it changes only the
// signed-in user's row, and what the user saved is not overwritten by the
// provider's claims at the next sign-in (empty fields are still filled).
import { beforeAll, describe, expect, it } from "vitest";
import { upsertUserFromClaims } from "~/lib/auth.server";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { loadProfile, saveProfile } from "~/features/profile/profile.server";
import { useTestDatabase } from "../support/db";
import { useTempDataDir } from "../support/temp-dir";

useTestDatabase();

useTempDataDir("portal-profile");

beforeAll(() => {
  resetEnvCache();
});

describe("profile", () => {
  it("keeps what the user saved at the next sign-in; claims fill only empty fields", async () => {
    const claims = { sub: "sub-prof-1", email: "prof@example.com", given_name: "Provider", family_name: "Name", extension_PhoneNumber: "5125550000" };
    const u = await upsertUserFromClaims(claims);
    const other = await upsertUserFromClaims({ sub: "sub-prof-2", email: "other-prof@example.com", given_name: "Olga", family_name: "Other" });

    // Before any edit in the portal, the provider's claims are followed.
    expect((await upsertUserFromClaims({ ...claims, given_name: "Renamed" })).firstName).toBe("Renamed");

    await saveProfile(u.id, { firstName: "Mine", middleName: "M", lastName: "Own", phoneNumber: "5125550111" }, u.id);
    expect(await loadProfile(u.id)).toEqual({ userName: "prof@example.com", firstName: "Mine", middleName: "M", lastName: "Own", phoneNumber: "5125550111" });

    const after = await upsertUserFromClaims({ ...claims, given_name: "Provider", extension_MiddleName: "Q" });
    expect([after.firstName, after.middleName, after.lastName, after.phoneNumber]).toEqual(["Mine", "M", "Own", "5125550111"]);

    // The other user is untouched.
    expect(await prisma.user.findUniqueOrThrow({ where: { id: other.id }, select: { firstName: true, lastName: true, profileEditedAt: true } })).toEqual({
      firstName: "Olga",
      lastName: "Other",
      profileEditedAt: null,
    });
  });
});
