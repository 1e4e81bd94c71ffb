// The data behind the combined application PDF: one application with
// everything its sections show (personal data, addresses, answers,
// signatures and consents, bank, card, remittance, W-9, carrier blocks,
// current uploads), and the display names of the users who signed. Only
// last-four digits are read; nothing here decrypts a value.
import { prisma } from "~/lib/db.server";

export function loadApplication(appointmentId: number) {
  return prisma.appointment.findUnique({
    where: { appointmentId },
    include: {
      personal: true,
      addresses: true,
      states: { orderBy: { stateName: "asc" } },
      answers: { include: { question: true } },
      signatures: true,
      esignConsents: { orderBy: { acceptedAt: "asc" } },
      bankInfo: true,
      cardInfo: true,
      commissionRemitAssign: true,
      irsInfo: true,
      carrierBlocks: { include: { carrier: true, scheduleLevel: { include: { schedule: true } } } },
      documents: { where: { kindCode: "UPLOAD", isCurrent: true }, include: { storedFile: true }, orderBy: { uploadedAt: "asc" } },
      user: { select: { userName: true } },
    },
  });
}

export type LoadedApplication = NonNullable<Awaited<ReturnType<typeof loadApplication>>>;

export async function userNames(ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter(Boolean))];
  if (!unique.length) return new Map();
  const users = await prisma.user.findMany({
    where: { id: { in: unique } },
    select: { id: true, userName: true, firstName: true, lastName: true },
  });
  return new Map(
    users.map((u) => [u.id, [u.firstName, u.lastName].filter(Boolean).join(" ") ? `${[u.firstName, u.lastName].filter(Boolean).join(" ")} (${u.userName})` : u.userName]),
  );
}

export function applicantName(a: LoadedApplication): string {
  const p = a.personal;
  return [p?.firstName, p?.middleName, p?.lastName].filter(Boolean).join(" ");
}
