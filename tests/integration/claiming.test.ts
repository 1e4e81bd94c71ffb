// Claiming paper applications (decision 0022): an application a recruiter
// filled out on a prospect's behalf (no prospect user yet, the prospect's
// email recorded) becomes the prospect's at sign-in, only once the provider
// says the email is verified; its documents follow; another email's
// application and a deleted one are left alone.
import { beforeAll, describe, expect, it } from "vitest";
import { getDashboard } from "~/features/dashboard/dashboard.server";
import { upsertUserFromClaims } from "~/lib/auth.server";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { saveFile } from "~/lib/storage.server";
import { useTestDatabase } from "../support/db";
import { createAppointment, createUser, seedReferenceData } from "../support/factories";
import { useTempDataDir } from "../support/temp-dir";

useTestDatabase();

useTempDataDir("portal-claiming");

beforeAll(async () => {
  process.env.APP_URL = "http://localhost:3000";
  resetEnvCache();
  resetSecretsCache();
  await seedReferenceData();
});

const asCurrent = (u: { id: string; userName: string; userRoleCode: string; emailVerified: boolean }): CurrentUser => ({
  id: u.id,
  userName: u.userName,
  firstName: null,
  middleName: null,
  lastName: null,
  phoneNumber: null,
  userRoleCode: u.userRoleCode,
  isInternal: false,
  emailVerified: u.emailVerified,
  impersonator: null,
});

async function paperApplication(recruiterId: string, email: string, extra: { isDeleted?: boolean } = {}) {
  const a = await createAppointment(prisma, {
    isPaperAppointment: true,
    submitterId: recruiterId,
    userId: null,
    prospectEmailAddress: email,
    appointmentStatusCode: "APWF_STATUS_INCOMPLETE",
    ...extra,
  });
  const file = await saveFile({ bytes: new TextEncoder().encode("%PDF-1.4\n"), fileName: "dl.pdf", contentType: "application/pdf" });
  await prisma.document.create({
    data: { documentTypeCode: "DOCTYP_DRV_LIC", kindCode: "UPLOAD", title: "Driver's License", appointmentId: a.appointmentId, storedFileId: file.id, uploadedById: recruiterId },
  });
  return a;
}

describe("claiming paper applications at sign-in", () => {
  it("attaches the application (and its documents) only once the email is verified", async () => {
    const recruiter = await createUser(prisma);
    const email = `paper-${Date.now()}@example.com`;
    const app = await paperApplication(recruiter.id, email);
    const other = await paperApplication(recruiter.id, `someone-else-${Date.now()}@example.com`);
    const deleted = await paperApplication(recruiter.id, email, { isDeleted: true });

    // Signed up, not verified: nothing attached, the dashboard does not show it.
    const unverified = await upsertUserFromClaims({ sub: `sub-claim-${Date.now()}`, email: email.toUpperCase(), email_verified: false });
    expect((await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: app.appointmentId } })).userId).toBeNull();
    const before = await getDashboard(asCurrent(unverified));
    expect(before.entries.map((e) => e.key)).not.toContain(`appointment-${app.appointmentId}`);

    // Verified at the next sign-in: the application is theirs, with its documents.
    const verified = await upsertUserFromClaims({ sub: unverified.externalId!, email, email_verified: true });
    expect(verified.id).toBe(unverified.id);
    const claimed = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: app.appointmentId }, include: { documents: true } });
    expect(claimed.userId).toBe(verified.id);
    expect(claimed.submitterId).toBe(recruiter.id);
    expect(claimed.documents.map((d) => d.appUserId)).toEqual([verified.id]);
    const after = await getDashboard(asCurrent(verified));
    expect(after.entries.map((e) => e.key)).toContain(`appointment-${app.appointmentId}`);
    expect(await prisma.auditLog.count({ where: { action: "APPLICATION_CLAIMED", targetId: String(app.appointmentId), actorUserId: verified.id } })).toBe(1);

    // Another email's and a deleted application stay where they were.
    expect((await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: other.appointmentId } })).userId).toBeNull();
    expect((await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: deleted.appointmentId } })).userId).toBeNull();

    // A later sign-in changes nothing (already claimed).
    await upsertUserFromClaims({ sub: unverified.externalId!, email, email_verified: true });
    expect(await prisma.auditLog.count({ where: { action: "APPLICATION_CLAIMED", targetId: String(app.appointmentId) } })).toBe(1);
  });
});
