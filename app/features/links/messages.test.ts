// The link feature's message catalogue and the pure link-failure rule.
import { describe, expect, it } from "vitest";
import { failureOf } from "./links.server";
import {
  LINK_FAILURE_CODES,
  LINK_FAILURE_MESSAGES,
  LINK_INVALID,
  LINK_REQUIRED,
  MD_UPDATE_MESSAGES,
  MD_UPDATE_STATUSES,
} from "./messages";
import { linkFormSchema } from "./schema";

const usable = {
  isEnabled: true,
  isDeleted: false,
  linkPrefix: "APL",
  recruiterAgent: { isActive: true },
  scheduleLevel: { isActive: true, schedule: { isActive: true } },
};

describe("link messages", () => {
  it("gives every failure code and every marketing-director status its own message", () => {
    const failures = LINK_FAILURE_CODES.map((c) => LINK_FAILURE_MESSAGES[c]);
    expect(new Set(failures).size).toBe(LINK_FAILURE_CODES.length);
    const md = MD_UPDATE_STATUSES.map((s) => MD_UPDATE_MESSAGES[s]);
    expect(new Set(md).size).toBe(MD_UPDATE_STATUSES.length);
    for (const m of [...failures, ...md]) expect(m.length).toBeGreaterThan(10);
  });

  it("the prompt's schema uses the catalogue's messages", () => {
    const issues = (v: string) => {
      const r = linkFormSchema.safeParse({ link: v });
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(issues("")).toEqual([LINK_REQUIRED]);
    expect(issues("   ")).toEqual([LINK_REQUIRED]);
    expect(issues("https://portal.example/MLTabc")).toEqual([LINK_INVALID]);
    expect(issues("MLT/abc")).toEqual([LINK_INVALID]);
    expect(issues("XYZ123")).toEqual([LINK_INVALID]);
    expect(issues("M".repeat(65))).toEqual([LINK_INVALID]);
    expect(issues("MLTabc123")).toEqual([]);
  });
});

describe("failureOf", () => {
  it("names why a link cannot be used", () => {
    expect(failureOf(usable, "APL")).toBeNull();
    expect(failureOf(null, "APL")).toBe("APPT_LINK_INVALID");
    expect(failureOf(null, "MD")).toBe("MD_LINK_INVALID");
    expect(failureOf({ ...usable, isDeleted: true }, "APL")).toBe("APPT_LINK_DELETED");
    expect(failureOf({ ...usable, isEnabled: false }, "APL")).toBe("APPT_LINK_INVALID");
    expect(failureOf({ ...usable, isEnabled: false }, "MD")).toBe("MD_LINK_INVALID");
    expect(failureOf({ ...usable, scheduleLevel: { isActive: false, schedule: { isActive: true } } }, "APL")).toBe("SCHED_INACTIVE");
    expect(failureOf({ ...usable, scheduleLevel: { isActive: true, schedule: { isActive: false } } }, "APL")).toBe("SCHED_INACTIVE");
    expect(failureOf({ ...usable, recruiterAgent: { isActive: false } }, "APL")).toBe("AGENT_LINK_INVALID");
  });
});
