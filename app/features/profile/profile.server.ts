// The signed-in user's own profile (spec part 1 §2 'Profile'): read and save
// names and phone. Saving marks the profile as the user's (profileEditedAt),
// so the provider's claims no longer overwrite it at sign-in
// (upsertUserFromClaims in app/lib/auth.server.ts).
import { prisma } from "~/lib/db.server";
import type { ProfileForm } from "./schema";

export async function loadProfile(userId: string) {
  return prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { userName: true, firstName: true, middleName: true, lastName: true, phoneNumber: true },
  });
}

export async function saveProfile(userId: string, form: ProfileForm, actorId: string): Promise<void> {
  await prisma.user.update({
    where: { id: userId },
    data: { ...form, profileEditedAt: new Date(), updatedById: actorId },
  });
}
