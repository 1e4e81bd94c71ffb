// THE rule of who may be appointed through a link (issue 20 item 3; spec part 1
// §5 'Appointment-and-link failures', §8 'Already Configured', 'Cannot Create
// Appointment'; decision 0047). Every path that puts a person into a
// commission schedule asks here: the dashboard's ?lnk= (a link, a cart's
// multi-link), the wizard, the paper application (apply mode of the cart,
// /appoint/paper) and the invitation send form.
//
// A person cannot be appointed through a link's lines when
//   - they hold an active agent position in the hierarchy (company and block)
//     of a line's recruiter position: that includes being the recruiter
//     (self-appointment) and being the recruiter's upline; or
//   - they have an application that still counts (not deleted, not abandoned,
//     not rejected; approved counts) with a carrier block in one of the
//     lines' commission schedules.
// Either is AGENT_CANNOT_BE_IN_SAME_SCHEDULE_TWICE. The person is a user (id),
// an email address (the user whose login it is, and applications addressed to
// it), or both. The recruiter's own address ('You Cannot Use Your Email') is
// `isOwnEmail` of paper-schema.ts (the browser uses it too).
import type { Prisma } from "~/generated/prisma/client";

type Db = Prisma.TransactionClient;

/** Closed statuses: an application in one of them no longer counts (a new one may be started). */
export const CLOSED_STATUSES = ["APWF_STATUS_ABANDONED", "APWF_STATUS_REJECTED"];

export const SAME_SCHEDULE_TWICE = "AGENT_CANNOT_BE_IN_SAME_SCHEDULE_TWICE" as const;

/** What the rule needs of a link's line: its recruiter position and its schedule. */
export type AppointLine = {
  recruiterAgent: { companyNumber: string; blockNumber: number };
  scheduleLevel: { schedule: { scheduleId: number } };
};

export type Person = { userId?: string | null; email?: string | null };

const normal = (email: string | null | undefined) => (email ?? "").trim().toLowerCase();

/**
 * Null when the person may be appointed through these lines, else
 * AGENT_CANNOT_BE_IN_SAME_SCHEDULE_TWICE. `except`: an application made
 * through this link or multi-link does not count (the wizard's own
 * application, an invitation sent again).
 */
export async function appointmentRefusal(
  db: Db,
  person: Person,
  lines: readonly AppointLine[],
  except: { appointmentLinkId?: number | null; multiLinkId?: number | null } = {},
): Promise<typeof SAME_SCHEDULE_TWICE | null> {
  const email = normal(person.email);
  const userIds = new Set<string>(person.userId ? [person.userId] : []);
  if (email) {
    const owner = await db.user.findUnique({ where: { userName: email }, select: { id: true } });
    if (owner) userIds.add(owner.id);
  }
  const hierarchies = [...new Map(lines.map((l) => [`${l.recruiterAgent.companyNumber}:${l.recruiterAgent.blockNumber}`, l.recruiterAgent])).values()];
  if (userIds.size > 0 && hierarchies.length > 0) {
    const held = await db.agent.findFirst({
      where: {
        userId: { in: [...userIds] },
        isActive: true,
        OR: hierarchies.map((h) => ({ companyNumber: h.companyNumber, blockNumber: h.blockNumber })),
      },
      select: { id: true },
    });
    if (held) return SAME_SCHEDULE_TWICE;
  }
  const who: Prisma.AppointmentWhereInput[] = [
    ...[...userIds].map((id) => ({ userId: id })),
    ...(email ? [{ prospectEmailAddress: email }, { personal: { emailAddress: email } }] : []),
  ];
  if (who.length === 0) return null;
  const scheduleIds = [...new Set(lines.map((l) => l.scheduleLevel.schedule.scheduleId))];
  const notThisLink: Prisma.AppointmentWhereInput[] = [];
  if (except.multiLinkId != null) notThisLink.push({ OR: [{ multiLinkId: null }, { multiLinkId: { not: except.multiLinkId } }] });
  if (except.appointmentLinkId != null) notThisLink.push({ OR: [{ appointmentLinkId: null }, { appointmentLinkId: { not: except.appointmentLinkId } }] });
  const clash = await db.appointment.findFirst({
    where: {
      isDeleted: false,
      appointmentStatusCode: { notIn: CLOSED_STATUSES },
      OR: who,
      carrierBlocks: { some: { scheduleLevel: { scheduleId: { in: scheduleIds } } } },
      AND: notThisLink,
    },
    select: { appointmentId: true },
  });
  return clash ? SAME_SCHEDULE_TWICE : null;
}
