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
    // No middle name ('I have no middle name', decision 0096): stored empty, not as a made-up letter.
    data: {
      firstName: form.firstName,
      middleName: form.middleName || null,
      lastName: form.lastName,
      phoneNumber: form.phoneNumber,
      profileEditedAt: new Date(),
      updatedById: actorId,
    },
  });
}
