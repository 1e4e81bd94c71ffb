// GET /api/v1/invitations (scope read:invitations, decision 0076): one statement a page. The text and
// subject sent are not served (they are mail, and may carry merge fields of other people).
import type { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/lib/db.server";
import { type InvitationPageSchema } from "./schemas";
import { pageOf, pageWhere, type PageQuery } from "./paging.server";

const invitationSelect = {
  invitationId: true,
  inviteTypeCode: true,
  status: true,
  appointmentLinkId: true,
  multiLinkId: true,
  inviterAgent: { select: { id: true, agentNumber: true } },
  prospectFirstName: true,
  prospectLastName: true,
  prospectEmailAddress: true,
  isExternal: true,
  inviteDate: true,
  acceptedAt: true,
  declinedAt: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.InvitationSelect;

export async function invitationPage(q: PageQuery<number>): Promise<z.input<typeof InvitationPageSchema>> {
  const rows = await prisma.invitation.findMany({ ...pageWhere(q, "invitationId"), select: invitationSelect });
  const { rows: kept, nextCursor } = pageOf(rows, q, (r) => r.invitationId);
  return {
    data: kept.map((i) => ({
      id: i.invitationId,
      type: i.inviteTypeCode,
      status: i.status,
      link_id: i.appointmentLinkId,
      multi_link_id: i.multiLinkId,
      inviter: i.inviterAgent ? { id: i.inviterAgent.id, agent_number: i.inviterAgent.agentNumber } : null,
      prospect_first_name: i.prospectFirstName,
      prospect_last_name: i.prospectLastName,
      prospect_email: i.prospectEmailAddress,
      external: i.isExternal,
      invited_at: i.inviteDate.toISOString(),
      accepted_at: i.acceptedAt?.toISOString() ?? null,
      declined_at: i.declinedAt?.toISOString() ?? null,
      created_at: i.createdAt.toISOString(),
      updated_at: i.updatedAt.toISOString(),
    })),
    next_cursor: nextCursor,
  };
}
