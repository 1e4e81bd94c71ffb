// The pipeline card's SVG geometry and labels (pure functions, decision 0027).
import { describe, expect, it } from "vitest";
import { barChart, fillWeeks, formatCount, sparkline, sparkSince, STAGES, weekLabel, weekStart } from "./chart";

const counts = { invited: 40, inProgress: 20, awaiting: 10, approved: 5, abandoned: 0 };

describe("barChart", () => {
  it("draws the five stages in order, the longest bar filling the track, zero as no bar", () => {
    const c = barChart(counts);
    expect(c.bars.map((b) => b.label)).toEqual(["Invited", "Incomplete", "Awaiting Approval", "Approved", "Abandoned"]);
    const track = c.width - c.barX - 44;
    expect(c.bars[0]!.width).toBe(track);
    expect(c.bars[1]!.width).toBeCloseTo(track / 2, 1);
    expect(c.bars[2]!.width).toBeCloseTo(track / 4, 1);
    expect(c.bars[4]!.width).toBe(0);
    // Rows do not overlap and stay inside the viewBox.
    for (let i = 1; i < c.bars.length; i++) expect(c.bars[i]!.y).toBeGreaterThanOrEqual(c.bars[i - 1]!.y + c.barHeight);
    for (const b of c.bars) {
      expect(b.y + c.barHeight).toBeLessThanOrEqual(c.height);
      expect(b.countX).toBeLessThanOrEqual(c.width - 30);
    }
  });

  it("gives every number in its description and links each count to its filtered list", () => {
    const c = barChart(counts);
    expect(c.title).toBe("Your downline's pipeline, last 90 days");
    expect(c.desc).toBe("Invited: 40; Incomplete: 20; Awaiting Approval: 10; Approved: 5; Abandoned: 0.");
    expect(c.bars.map((b) => b.href)).toEqual([
      "/invites?days=90",
      "/inprog?status=APWF_STATUS_INCOMPLETE&days=90",
      "/inprog?status=APWF_STATUS_NEWCONTRACT&days=90",
      "/inprog?status=APWF_STATUS_APPROVED&days=90",
      "/inprog?status=APWF_STATUS_ABANDONED&days=90",
    ]);
    expect(STAGES).toHaveLength(5);
  });

  it("all zero: no bars, no division by zero", () => {
    const c = barChart({ invited: 0, inProgress: 0, awaiting: 0, approved: 0, abandoned: 0 });
    expect(c.bars.every((b) => b.width === 0 && Number.isFinite(b.countX))).toBe(true);
  });
});

describe("sparkline", () => {
  const weeks = [0, 2, 4, 1, 0, 0, 3, 0, 0, 0, 1, 4].map((count, i) => ({ week: `2026-0${1 + Math.floor(i / 4)}-1${i % 4}`, count }));

  it("spreads 12 weeks over the width, the busiest week at the top, zero at the bottom", () => {
    const s = sparkline(weeks);
    expect(s.dots).toHaveLength(12);
    expect(s.dots[0]!.x).toBe(4);
    expect(s.dots[11]!.x).toBe(s.width - 4);
    expect(s.dots[2]!.y).toBe(4); // 4 = max
    expect(s.dots[0]!.y).toBe(s.height - 4); // 0
    expect(s.dots[1]!.y).toBe(s.height / 2); // half of max
    expect(s.points.split(" ")).toHaveLength(12);
    expect(s.total).toBe(15);
  });

  it("describes every week's number", () => {
    const s = sparkline([
      { week: "2026-11-09", count: 2 },
      { week: "2026-11-16", count: 0 },
    ]);
    expect(s.title).toBe("Applications submitted per week, last 2 weeks");
    expect(s.desc).toBe("2 applications submitted in 2 weeks. Week of Nov 9: 2; Week of Nov 16: 0.");
  });

  it("all zero is a flat line at the bottom", () => {
    const s = sparkline(weeks.map((w) => ({ ...w, count: 0 })));
    expect(new Set(s.dots.map((d) => d.y))).toEqual(new Set([s.height - 4]));
  });
});

describe("weeks of the sparkline", () => {
  const now = new Date("2026-11-23T14:00:00Z"); // a Monday
  it("start on Monday (UTC); 12 weeks end with the current one; missing weeks are zero", () => {
    expect(weekStart(new Date("2026-11-29T23:59:00Z")).toISOString()).toBe("2026-11-23T00:00:00.000Z"); // Sunday
    expect(weekStart(now).toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(sparkSince(now).toISOString()).toBe("2026-09-07T00:00:00.000Z");
    const filled = fillWeeks(now, [
      { week: "2026-09-07", n: 3 },
      { week: "2026-11-23", n: 1 },
    ]);
    expect(filled).toHaveLength(12);
    expect(filled[0]).toEqual({ week: "2026-09-07", count: 3 });
    expect(filled[11]).toEqual({ week: "2026-11-23", count: 1 });
    expect(filled.slice(1, 11).every((w) => w.count === 0)).toBe(true);
  });
});

describe("labels without ICU (issue 22 item 2)", () => {
  it("weekLabel and formatCount answer what Intl's en-US formatters answer", () => {
    const intlWeek = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" });
    for (let d = Date.UTC(2026, 0, 1); d < Date.UTC(2027, 0, 1); d += 86_400_000) {
      const iso = new Date(d).toISOString().slice(0, 10);
      expect(weekLabel(iso)).toBe(intlWeek.format(new Date(d)));
    }
    const intlNumber = new Intl.NumberFormat("en-US");
    for (const n of [0, 1, 7, 42, 999, 1000, 1234, 98765, 1234567, -3, -1500, 2.5]) expect(formatCount(n)).toBe(intlNumber.format(n));
  });
});
