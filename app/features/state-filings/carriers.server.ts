// ADMIN > Carriers (issue 37 item 2, decision 0118): each carrier's NAIC company code, which every
// appointment filing and termination is filed under (a filing whose carrier has none is skipped by
// the filing run, adapter.server.ts). The rule is naic.ts's; the change is audited
// CARRIER_NAIC_CODE_CHANGED in its transaction. The caller has checked manage:state-filings.
import { auditRow } from "~/lib/audit.server";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { naicCompanyCodeSchema } from "./naic";

export type CarrierRow = { carrierId: number; carrierCode: string; name: string; isActive: boolean; naicCompanyCode: string | null; filingsWaiting: number };

/** Every carrier with its code, and how many appointment filings to file wait for one. */
export async function listCarriers(): Promise<CarrierRow[]> {
  const rows = await prisma.carrier.findMany({
    select: { carrierId: true, carrierCode: true, name: true, isActive: true, naicCompanyCode: true, _count: { select: { appointmentFilings: { where: { status: "TO_FILE" } } } } },
    orderBy: { carrierCode: "asc" },
  });
  return rows.map(({ _count, ...c }) => ({ ...c, filingsWaiting: c.naicCompanyCode ? 0 : _count.appointmentFilings }));
}

export type NaicResult = { ok: true; changed: boolean } | { ok: false; message: string; status: 400 | 404 };

/** Sets (or clears, blank) one carrier's NAIC company code. */
export async function setNaicCompanyCode(actor: Pick<CurrentUser, "id"> & { impersonator?: { id: string } | null }, carrierId: number, raw: string, opts: { request?: Request } = {}): Promise<NaicResult> {
  const parsed = naicCompanyCodeSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "", status: 400 };
  const code = parsed.data;
  return prisma.$transaction(async (tx) => {
    const c = Number.isInteger(carrierId) && carrierId > 0 && carrierId < 2 ** 31 ? await tx.carrier.findUnique({ where: { carrierId }, select: { carrierId: true, carrierCode: true, naicCompanyCode: true } }) : null;
    if (!c) return { ok: false as const, message: "There is no such carrier.", status: 404 as const };
    if (c.naicCompanyCode === code) return { ok: true as const, changed: false };
    await tx.carrier.update({ where: { carrierId }, data: { naicCompanyCode: code } });
    const row = auditRow("CARRIER_NAIC_CODE_CHANGED", {
      request: opts.request,
      actorUserId: actor.id,
      impersonatorUserId: actor.impersonator?.id ?? null,
      targetType: "Carrier",
      targetId: String(carrierId),
      details: { carrierCode: c.carrierCode, from: c.naicCompanyCode, to: code },
    });
    await tx.auditLog.create({ data: { ...row, details: JSON.parse(row.details!) as never } });
    return { ok: true as const, changed: true };
  });
}
