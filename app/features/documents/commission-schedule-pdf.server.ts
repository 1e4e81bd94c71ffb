// The commission schedule PDF, one per commission schedule: the level
// names and illustrative rates of a schedule's default levels (also used by
// the seed), the file name, and the deterministic rendering with
// pdf-layout.server.ts.
import { COMPANY_NAME, bullets, h1, note, p, renderDocument, type DocumentSpec } from "./pdf-layout.server";
import { DOCUMENT_TYPE_CODES, SYSTEM_DOCUMENTS_VERSION } from "./system-document-codes";

const C = COMPANY_NAME;


/** Level names, level 1 first. As in the hierarchy, a smaller level is higher up. */
export const LIFE_LEVEL_NAMES = [
  "National Marketing Director",
  "Executive General Agent",
  "Senior Managing General Agent",
  "Managing General Agent",
  "Senior General Agent",
  "General Agent",
  "Associate General Agent",
  "Senior Regional Manager",
  "Regional Manager",
  "Senior District Manager",
  "District Manager",
  "Senior Manager",
  "Manager",
  "Associate Manager",
  "Senior Agent",
  "Agent",
  "Writing Agent",
] as const;

export const HEALTH_LEVEL_NAMES = [
  "Marketing Director",
  "Managing General Agent",
  "General Agent",
  "Regional Manager",
  "District Manager",
  "Senior Manager",
  "Manager",
  "Senior Agent",
  "Agent",
] as const;

function isLife(productType: string): boolean {
  return /life/i.test(productType);
}

/** 17 levels for life, 9 for other product types. */
export function maxLevel(productType: string): number {
  return isLife(productType) ? 17 : 9;
}

/**
 * Illustrative first-year and renewal rates (percent of premium); level 1
 * (the top of the hierarchy) has the highest rates.
 */
export function illustrativeRates(productType: string, levelNo: number): { firstYearRate: number; renewalRate: number } {
  if (isLife(productType)) {
    const steps = 17 - levelNo;
    return { firstYearRate: 40 + steps * 5, renewalRate: 2 + steps * 0.25 };
  }
  const steps = 9 - levelNo;
  return { firstYearRate: 10 + steps * 2.5, renewalRate: 5 + steps * 0.5 };
}

export type ScheduleLevelForPdf = {
  levelNo: number;
  levelName: string;
  firstYearRate?: number | string | { toString(): string } | null;
  renewalRate?: number | string | { toString(): string } | null;
};

export type DefaultScheduleLevel = { levelNo: number; levelName: string; firstYearRate: number; renewalRate: number };

/** The default levels of a schedule: names and illustrative rates. */
export function defaultScheduleLevels(productType: string): DefaultScheduleLevel[] {
  const names: readonly string[] = isLife(productType) ? LIFE_LEVEL_NAMES : HEALTH_LEVEL_NAMES;
  return names.map((levelName, i) => ({ levelNo: i + 1, levelName, ...illustrativeRates(productType, i + 1) }));
}

export type CommissionScheduleForPdf = {
  scheduleName: string;
  carrierCode: string;
  carrierName?: string | null;
  /** 'Life', 'Health', ... */
  productType: string;
  mgaCode?: string | null;
  blockNumber?: string | number | null;
  /** 'YYYY.MM'; defaults to SYSTEM_DOCUMENTS_VERSION. */
  version?: string;
  /** Defaults to defaultScheduleLevels(productType). */
  levels?: ScheduleLevelForPdf[];
};

export function commissionScheduleFileName(schedule: Pick<CommissionScheduleForPdf, "carrierCode" | "scheduleName">): string {
  const slug = `${schedule.carrierCode}-${schedule.scheduleName}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `commission-schedule-${slug}.pdf`;
}

function pct(v: ScheduleLevelForPdf["firstYearRate"], fallback: number): string {
  const n = v === null || v === undefined ? fallback : Number(String(v));
  return `${(Number.isFinite(n) ? n : fallback).toFixed(2)}%`;
}

/** The commission schedule PDF of one schedule (deterministic). */
export function renderCommissionSchedulePdf(schedule: CommissionScheduleForPdf): Promise<Uint8Array> {
  const levels = [...(schedule.levels?.length ? schedule.levels : defaultScheduleLevels(schedule.productType))].sort(
    (a, b) => a.levelNo - b.levelNo,
  );
  const carrier = schedule.carrierName ? `${schedule.carrierName} (${schedule.carrierCode})` : schedule.carrierCode;
  const facts = [
    `Carrier: ${carrier}`,
    `Product type: ${schedule.productType}`,
    schedule.mgaCode ? `MGA code: ${schedule.mgaCode}` : undefined,
    schedule.blockNumber !== null && schedule.blockNumber !== undefined ? `Block: ${schedule.blockNumber}` : undefined,
    `Levels: 1 (highest) to ${levels.length ? levels[levels.length - 1].levelNo : maxLevel(schedule.productType)}`,
  ].filter((x): x is string => Boolean(x));
  const spec: DocumentSpec = {
    title: `Commission Schedule - ${schedule.scheduleName}`,
    subtitle: `${carrier} ${schedule.productType} products`,
    version: schedule.version ?? SYSTEM_DOCUMENTS_VERSION,
    keywords: ["commission schedule", DOCUMENT_TYPE_CODES.commissionSchedule, schedule.carrierCode],
    blocks: [
      p(
        `This schedule sets the commissions ${C} pays on ${schedule.productType.toLowerCase()} business written under the schedule named above. The level offered to you is shown in your appointment link; it is part of your Agent Agreement once your appointment is approved.`,
      ),
      { kind: "bullets", items: facts },
      h1("Commission rates by level"),
      {
        kind: "table",
        columns: [
          { header: "Level", width: 12, align: "center" },
          { header: "Level name", width: 48 },
          { header: "First year", width: 20, align: "right" },
          { header: "Renewal", width: 20, align: "right" },
        ],
        rows: levels.map((l) => {
          const d = illustrativeRates(schedule.productType, l.levelNo);
          return [String(l.levelNo), l.levelName, pct(l.firstYearRate, d.firstYearRate), pct(l.renewalRate, d.renewalRate)];
        }),
      },
      note(
        "Rates are illustrative and shown as a percentage of target or modal premium actually received. Specific products may pay reduced rates for older issue ages; see the product rate supplement.",
      ),
      h1("Terms"),
      bullets(
        "First-year commission is paid on premium received in the first twelve policy months; renewal commission on premium in policy years two to ten while the agent remains appointed and in good standing.",
        "Commission on a policy that lapses, is rescinded or is cancelled in the first twelve months is charged back: in full within six months of issue, half in months seven to twelve.",
        "Overrides to upline levels are the difference between the upline's rate and the writing agent's rate.",
        "Commissions are paid twice a month by direct deposit ($25 minimum) or monthly by paper check (none under $100).",
      ),
      { kind: "signature", lines: ["Agent signature (mother's maiden name in the application)", "Date"] },
    ],
  };
  return renderDocument(spec);
}
