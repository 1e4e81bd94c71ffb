// Display rules of the agents screens (spec part 3 §9, §4, §6): dates,
// the 27-character company name rule, the director header, names, tabs.

/** MM/DD/YYYY: the portal's one date format (~/lib/format). */
export { formatDate } from "~/lib/format";

/**
 * Spec §9: 'when the name is 27 or more characters, a stray space at
 * position 25 is removed' — position as the string is indexed (0-based), so
 * the 26th character (decision 0023).
 */
export function displayCompanyName(name: string | null | undefined): string {
  if (!name) return "";
  if (name.length >= 27 && name.charAt(25) === " ") return name.slice(0, 25) + name.slice(26);
  return name;
}

/** A director's direct upline is blank or 0000 (spec §2, §6). */
export function isDirectorUpline(directUpline: string | null | undefined): boolean {
  const v = (directUpline ?? "").trim();
  return v === "" || v === "0000";
}

export type NamedAgent = { firstName: string | null; lastName: string | null; companyName: string | null; agentType?: string | null };

/** 'Last, First' for a person; the company name for a corporation or when there is no last name. */
export function agentName(a: NamedAgent): string {
  if (a.agentType === "C" || !a.lastName) return displayCompanyName(a.companyName) || [a.lastName, a.firstName].filter(Boolean).join(", ");
  return [a.lastName, a.firstName].filter(Boolean).join(", ");
}

/** 'First Last' (the deactivated grid's full name). */
export function fullName(a: NamedAgent): string {
  if (a.agentType === "C" || (!a.lastName && !a.firstName)) return displayCompanyName(a.companyName);
  return [a.firstName, a.lastName].filter(Boolean).join(" ");
}

/** The carrier tab of a hierarchy: 'MIAC HEALTH', 'SLAC LIFE'... */
export function carrierTabLabel(carrierCode: string, isHealth: boolean): string {
  return `${carrierCode} ${isHealth ? "HEALTH" : "LIFE"}`;
}

/** The hierarchy dropdown entry: carrier, block number, agent number. */
export function hierarchyLabel(h: { carrierCode: string; blockNumber: number; agentNumber: string }): string {
  return `${h.carrierCode} - ${h.blockNumber} - ${h.agentNumber}`;
}

/** Its tooltip: carrier, MGA code, agent number. */
export function hierarchyTooltip(h: { carrierCode: string; mgaCode: string; agentNumber: string }): string {
  return `${h.carrierCode} | MGA ${h.mgaCode} | Agent ${h.agentNumber}`;
}

/** '(Application Not Available)' and the like. */
export function notAvailable(label: string): string {
  return `(${label} Not Available)`;
}

/**
 * The phone a prospect is given for their recruiter: the business line, else the personal one. One rule
 * for the links page, the application's header and the application's recruiter record (the links page
 * put the personal number first, the application the business one).
 */
export function contactPhone(a: { businessPhone?: string | null; phoneNumber?: string | null } | null | undefined): string | null {
  return a?.businessPhone || a?.phoneNumber || null;
}
