// One appointment line (carrier, schedule, level) as the wizard's step 2 and
// the application header show it (spec part 2 §2 'Header': "list of
// multiple appointments with carrier, levelNo, levelName"). A multi-link may
// hold two schedules of one carrier and product at the same level, so the
// line names the commission schedule too; see docs/decisions/0017-*.md.

export type AppointmentLine = {
  /** Carrier code (MIAC) or name. */
  carrier: string;
  /** The carrier's full name, when known. */
  carrierName?: string | null;
  productType: string;
  scheduleName?: string | null;
  levelNo: number | null;
  levelName: string;
};

/** What the line is for: the schedule's name, with the carrier and product first unless the name says the carrier. */
export function appointmentLineName(l: AppointmentLine): string {
  const base = [l.carrier, l.productType].filter(Boolean).join(" ").trim();
  const name = (l.scheduleName ?? "").trim();
  if (!name) return base;
  const lower = name.toLowerCase();
  const saysCarrier = [l.carrier, l.carrierName].some((c) => c && lower.includes(c.toLowerCase()));
  return saysCarrier || !base ? name : `${base} (${name})`;
}

/** 'MIAC Health Advantage — Level 7 Manager'. */
export function appointmentLineLabel(l: AppointmentLine): string {
  const level = [l.levelNo != null ? `Level ${l.levelNo}` : "", l.levelName].filter(Boolean).join(" ");
  const name = appointmentLineName(l);
  return level ? `${name} — ${level}` : name;
}
