// Pure geometry and labels of the pipeline card's two SVG charts (no DOM, no
// database): a horizontal bar chart of the five stages and a sparkline of
// submissions per week. The SVG uses a viewBox and scales to its box, so the
// card reflows at phone width. Decision 0027. The stages are the statuses, in
// the catalogue's words (one status vocabulary, issue 36 item 11).
import { statusText } from "~/features/appointment/status";

export const PIPELINE_DAYS = 90;
export const SPARK_WEEKS = 12;

export type PipelineCounts = { invited: number; inProgress: number; awaiting: number; approved: number; abandoned: number };
export type WeekCount = { week: string; count: number };
export type StageKey = keyof PipelineCounts;

export const STAGES: ReadonlyArray<{ key: StageKey; label: string; href: string }> = [
  { key: "invited", label: statusText("APWF_STATUS_INVITED"), href: `/invites?days=${PIPELINE_DAYS}` },
  { key: "inProgress", label: statusText("APWF_STATUS_INCOMPLETE"), href: `/inprog?status=APWF_STATUS_INCOMPLETE&days=${PIPELINE_DAYS}` },
  { key: "awaiting", label: statusText("APWF_STATUS_NEWCONTRACT"), href: `/inprog?status=APWF_STATUS_NEWCONTRACT&days=${PIPELINE_DAYS}` },
  { key: "approved", label: statusText("APWF_STATUS_APPROVED"), href: `/inprog?status=APWF_STATUS_APPROVED&days=${PIPELINE_DAYS}` },
  { key: "abandoned", label: statusText("APWF_STATUS_ABANDONED"), href: `/inprog?status=APWF_STATUS_ABANDONED&days=${PIPELINE_DAYS}` },
];

export type Bar = { key: StageKey; label: string; count: number; href: string; y: number; width: number; labelY: number; countX: number };

export type BarChart = {
  width: number;
  height: number;
  /** Where the bars start (the labels sit left of it). */
  barX: number;
  barHeight: number;
  bars: Bar[];
  title: string;
  desc: string;
};

const CHART_W = 320;
const LABEL_W = 120;
const COUNT_W = 44;
const ROW_H = 28;
const BAR_H = 18;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Monday 00:00 UTC of the week holding `d`. */
export function weekStart(d: Date): Date {
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const dow = (day.getUTCDay() + 6) % 7; // Monday 0
  return new Date(day.getTime() - dow * DAY_MS);
}

/** The first week of the sparkline: SPARK_WEEKS weeks ending with the current one. */
export function sparkSince(now: Date): Date {
  return new Date(weekStart(now).getTime() - (SPARK_WEEKS - 1) * 7 * DAY_MS);
}

/** Every week of the sparkline, oldest first, with zero where nothing was submitted. */
export function fillWeeks(now: Date, rows: ReadonlyArray<{ week: string; n: number }>): WeekCount[] {
  const byWeek = new Map(rows.map((r) => [r.week, Number(r.n)]));
  const first = sparkSince(now).getTime();
  return Array.from({ length: SPARK_WEEKS }, (_, i) => {
    const week = new Date(first + i * 7 * DAY_MS).toISOString().slice(0, 10);
    return { week, count: byWeek.get(week) ?? 0 };
  });
}

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** The bar chart of the five stages; the longest bar fills the track, a zero count draws no bar. */
export function barChart(counts: PipelineCounts): BarChart {
  const max = Math.max(0, ...STAGES.map((s) => counts[s.key]));
  const track = CHART_W - LABEL_W - COUNT_W;
  const bars = STAGES.map((s, i) => {
    const count = counts[s.key];
    const width = max > 0 ? Math.round((count / max) * track * 10) / 10 : 0;
    const y = i * ROW_H + (ROW_H - BAR_H) / 2;
    return { key: s.key, label: s.label, count, href: s.href, y, width, labelY: y + BAR_H / 2, countX: LABEL_W + width + 6 };
  });
  return {
    width: CHART_W,
    height: STAGES.length * ROW_H,
    barX: LABEL_W,
    barHeight: BAR_H,
    bars,
    title: `Your downline's pipeline, last ${PIPELINE_DAYS} days`,
    desc: bars.map((b) => `${b.label}: ${formatCount(b.count)}`).join("; ") + ".",
  };
}

export type Sparkline = {
  width: number;
  height: number;
  /** The polyline's points ("x,y x,y ..."), oldest week first. */
  points: string;
  dots: { x: number; y: number; week: string; count: number }[];
  total: number;
  title: string;
  desc: string;
};

const SPARK_W = 240;
const SPARK_H = 48;
const PAD = 4;

// One formatter each, made once: toLocaleDateString/toLocaleString with options build a new ICU
// formatter per call (about 60 µs each; the card formats 30 values per render: docs/performance.md).
const WEEK_LABEL = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" });
const NUMBER = new Intl.NumberFormat("en-US");
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/**
 * 'Nov 27' for '2026-11-27': what WEEK_LABEL formats (en-US, UTC, short month, day), from the ISO
 * date's own digits: the card labels 13 weeks per render and ICU's format was most of its CPU
 * (issue 22 item 2). Anything else than YYYY-MM-DD goes to WEEK_LABEL.
 */
const weekLabel = (iso: string) => {
  const m = /^\d{4}-(\d{2})-(\d{2})$/.exec(iso);
  const month = m ? MONTHS[Number(m[1]) - 1] : undefined;
  return month ? `${month} ${Number(m![2])}` : WEEK_LABEL.format(new Date(`${iso}T00:00:00Z`));
};
/** A count as shown on the card (1,234); below 1,000 an integer is its digits (no ICU call: ~35 counts per render). */
export const formatCount = (n: number) => (Number.isInteger(n) && Math.abs(n) < 1000 ? String(n) : NUMBER.format(n));

/** The sparkline of submissions per week: x by week, y by count (the top is the busiest week; all zero is a flat line at the bottom). */
export function sparkline(weeks: ReadonlyArray<WeekCount>): Sparkline {
  const max = Math.max(0, ...weeks.map((w) => w.count));
  const step = weeks.length > 1 ? (SPARK_W - 2 * PAD) / (weeks.length - 1) : 0;
  const dots = weeks.map((w, i) => {
    const x = Math.round((PAD + i * step) * 10) / 10;
    const y = Math.round((SPARK_H - PAD - (max > 0 ? (w.count / max) * (SPARK_H - 2 * PAD) : 0)) * 10) / 10;
    return { x, y, week: w.week, count: w.count };
  });
  const total = weeks.reduce((a, w) => a + w.count, 0);
  return {
    width: SPARK_W,
    height: SPARK_H,
    points: dots.map((d) => `${d.x},${d.y}`).join(" "),
    dots,
    total,
    title: `Applications submitted per week, last ${weeks.length} weeks`,
    desc:
      `${plural(total, "application", "applications")} submitted in ${weeks.length} weeks. ` +
      weeks.map((w) => `Week of ${weekLabel(w.week)}: ${formatCount(w.count)}`).join("; ") +
      ".",
  };
}

export { weekLabel };
