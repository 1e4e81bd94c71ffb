import { describe, expect, it } from "vitest";
import { abandonClockStart, abandonCutoff, abandonDaysLeft, abandonDaysRemaining, DAY_MS, isAbandonDue } from "./abandon.server";

const now = new Date("2026-03-10T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const HOUR = 60 * 60 * 1000;

describe("the abandon rule", () => {
  it("counts ABANDON_DAYS minus whole days since the start, shown only while > 0", () => {
    expect(abandonDaysLeft(now, 90, now)).toBe(90);
    expect(abandonDaysLeft(ago(DAY_MS - 1), 90, now)).toBe(90);
    expect(abandonDaysLeft(ago(DAY_MS), 90, now)).toBe(89);
    expect(abandonDaysLeft(ago(89 * DAY_MS + 23 * HOUR), 90, now)).toBe(1);
    expect(abandonDaysLeft(ago(90 * DAY_MS), 90, now)).toBeNull();
    expect(abandonDaysLeft(ago(400 * DAY_MS), 90, now)).toBeNull();
    // A start in the future (clock skew) counts as today.
    expect(abandonDaysLeft(new Date(now.getTime() + 3 * DAY_MS), 90, now)).toBe(90);
    expect(abandonDaysRemaining(ago(95 * DAY_MS), 90, now)).toBe(-5);
  });

  it("abandons an incomplete application exactly when its countdown ends (the task's cutoff agrees)", () => {
    const offsets = [0, DAY_MS, 89 * DAY_MS, 90 * DAY_MS - 1, 90 * DAY_MS, 90 * DAY_MS + 1, 91 * DAY_MS, 365 * DAY_MS];
    for (const off of offsets) {
      const start = ago(off);
      const due = isAbandonDue("APWF_STATUS_INCOMPLETE", start, 90, now);
      expect(due, `offset ${off}`).toBe(abandonDaysLeft(start, 90, now) == null);
      expect(due, `offset ${off}`).toBe(start.getTime() <= abandonCutoff(90, now).getTime());
    }
    expect(isAbandonDue("APWF_STATUS_INCOMPLETE", ago(90 * DAY_MS - 1), 90, now)).toBe(false);
    expect(isAbandonDue("APWF_STATUS_INCOMPLETE", ago(90 * DAY_MS), 90, now)).toBe(true);
  });

  it("leaves every other status alone", () => {
    for (const s of ["APWF_STATUS_INVITED", "APWF_STATUS_NEWCONTRACT", "APWF_STATUS_APPROVED", "APWF_STATUS_REJECTED", "APWF_STATUS_ABANDONED"]) {
      expect(isAbandonDue(s, ago(400 * DAY_MS), 90, now)).toBe(false);
    }
  });

  it("restarts the clock at the latest return for correction", () => {
    const start = ago(200 * DAY_MS);
    const returned = ago(10 * DAY_MS);
    expect(abandonClockStart(start, returned)).toBe(returned);
    expect(abandonClockStart(start, null)).toBe(start);
    expect(abandonClockStart(returned, start)).toBe(returned);
    expect(abandonDaysLeft(abandonClockStart(start, returned), 90, now)).toBe(80);
    expect(isAbandonDue("APWF_STATUS_INCOMPLETE", abandonClockStart(start, returned), 90, now)).toBe(false);
  });

  it("is off with ABANDON_DAYS=0", () => {
    expect(abandonDaysLeft(ago(400 * DAY_MS), 0, now)).toBeNull();
    expect(isAbandonDue("APWF_STATUS_INCOMPLETE", ago(400 * DAY_MS), 0, now)).toBe(false);
  });
});
