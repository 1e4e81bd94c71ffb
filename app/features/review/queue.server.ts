// The review queue (issue 11): submitted applications (APWF_STATUS_NEWCONTRACT),
// oldest submitted first, paged on the server, with the filters of
// queueFilterSchema (carrier, recruiter name or agent number, submitted date
// range, appointment type). Only for reviewers (access.server.ts): the route
// checks before calling.
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/lib/db.server";
import { APPOINTMENT_TYPE_LABELS, isAppointmentTypeCode } from "~/features/appointment/model";
import type { QueueFilter } from "./schema";

export const QUEUE_PAGE_SIZES = [10, 50];
export const AWAITING_STATUS = "APWF_STATUS_NEWCONTRACT";
const DAY_MS = 24 * 60 * 60 * 1000;

export type QueueRow = {
  appointmentId: number;
  prospect: string;
  email: string;
  recruiter: string;
  recruiterAgentNumber: string | null;
  carriers: string[];
  type: string;
  submittedAt: string | null;
  isPaper: boolean;
};

const agentSelect = { agentNumber: true, firstName: true, lastName: true, companyName: true } as const;
type AgentName = { agentNumber: string; firstName: string | null; lastName: string | null; companyName: string | null };

/** A recruiter's name as the queue shows it: the company, else the person. */
export function agentName(a: AgentName | null | undefined): string {
  if (!a) return "";
  return a.companyName?.trim() || [a.firstName, a.lastName].filter(Boolean).join(" ");
}

/** Every word must match the agent's number, first, last or company name (case-insensitive substring). */
function recruiterMatch(text: string): Prisma.AgentWhereInput {
  const words = text.split(/\s+/).filter(Boolean).slice(0, 5);
  return {
    AND: words.map((w) => ({
      OR: [
        { agentNumber: { contains: w, mode: "insensitive" as const } },
        { firstName: { contains: w, mode: "insensitive" as const } },
        { lastName: { contains: w, mode: "insensitive" as const } },
        { companyName: { contains: w, mode: "insensitive" as const } },
      ],
    })),
  };
}

/** The Prisma condition of the queue with its filters. */
export function queueWhere(filter: QueueFilter): Prisma.AppointmentWhereInput {
  const and: Prisma.AppointmentWhereInput[] = [{ appointmentStatusCode: AWAITING_STATUS, isDeleted: false }];
  if (filter.type) and.push({ appointmentTypeCode: filter.type });
  if (filter.carrier) and.push({ carrierBlocks: { some: { carrier: { carrierCode: { equals: filter.carrier, mode: "insensitive" } } } } });
  if (filter.from || filter.to) {
    and.push({
      submittedAt: {
        ...(filter.from ? { gte: new Date(`${filter.from}T00:00:00Z`) } : {}),
        // The 'to' day included (UTC days).
        ...(filter.to ? { lt: new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + DAY_MS) } : {}),
      },
    });
  }
  if (filter.recruiter) {
    const m = recruiterMatch(filter.recruiter);
    and.push({ OR: [{ recruiterAgent: m }, { recruiterAgentId: null, appointmentLink: { recruiterAgent: m } }] });
  }
  return { AND: and };
}

/** One page of the queue, oldest submitted first. */
export async function reviewQueuePage(filter: QueueFilter, page: number, pageSize: number): Promise<{ rows: QueueRow[]; totalRecords: number }> {
  const where = queueWhere(filter);
  const [totalRecords, found] = await Promise.all([
    prisma.appointment.count({ where }),
    prisma.appointment.findMany({
      where,
      orderBy: [{ submittedAt: { sort: "asc", nulls: "last" } }, { appointmentId: "asc" }],
      skip: page * pageSize,
      take: pageSize,
      select: {
        appointmentId: true,
        appointmentTypeCode: true,
        submittedAt: true,
        isPaperAppointment: true,
        prospectEmailAddress: true,
        personal: { select: { firstName: true, lastName: true, businessName: true } },
        user: { select: { firstName: true, lastName: true, userName: true } },
        recruiterAgent: { select: agentSelect },
        appointmentLink: { select: { recruiterAgent: { select: agentSelect } } },
        carrierBlocks: { select: { carrier: { select: { carrierCode: true } } } },
      },
    }),
  ]);
  const rows = found.map((a): QueueRow => {
    const recruiter = a.recruiterAgent ?? a.appointmentLink?.recruiterAgent ?? null;
    const personName = [a.personal?.firstName ?? a.user?.firstName, a.personal?.lastName ?? a.user?.lastName].filter(Boolean).join(" ");
    return {
      appointmentId: a.appointmentId,
      prospect: personName || a.personal?.businessName || a.prospectEmailAddress || a.user?.userName || `Application ${a.appointmentId}`,
      email: a.prospectEmailAddress ?? a.user?.userName ?? "",
      recruiter: agentName(recruiter),
      recruiterAgentNumber: recruiter?.agentNumber ?? null,
      carriers: [...new Set(a.carrierBlocks.map((b) => b.carrier?.carrierCode).filter((c): c is string => !!c))],
      type: isAppointmentTypeCode(a.appointmentTypeCode) ? APPOINTMENT_TYPE_LABELS[a.appointmentTypeCode] : a.appointmentTypeCode,
      submittedAt: a.submittedAt?.toISOString() ?? null,
      isPaper: a.isPaperAppointment,
    };
  });
  return { rows, totalRecords };
}

/** The carriers the filter offers. */
export async function queueCarriers(): Promise<Array<{ code: string; name: string }>> {
  const rows = await prisma.carrier.findMany({ where: { isActive: true }, orderBy: { carrierCode: "asc" }, select: { carrierCode: true, name: true } });
  return rows.map((c) => ({ code: c.carrierCode, name: c.name }));
}
