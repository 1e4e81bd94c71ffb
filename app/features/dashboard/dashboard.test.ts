import { describe, expect, it } from "vitest";
import { abandonDaysLeft, dashboardEntries, entryKind, hasDownline, type DashboardAppointment, type PendingInvitation } from "./dashboard.server";

const now = new Date("2025-06-30T12:00:00Z");
const appt = (id: number, statusCode: string, extra: Partial<DashboardAppointment> = {}): DashboardAppointment => ({
  appointmentId: id,
  statusCode,
  typeCode: "APPTTYP_IND",
  startDt: new Date("2025-06-20T09:00:00Z"),
  appointmentLinkId: null,
  multiLinkId: null,
  lines: [],
  ...extra,
});
const inv = (id: number, extra: Partial<PendingInvitation> = {}): PendingInvitation => ({
  invitationId: id,
  link: `APL${id}`,
  appointmentLinkId: id * 10,
  multiLinkId: null,
  lines: ["MIAC Health — Level 3 Agent"],
  ...extra,
});

describe("entryKind", () => {
  it.each([
    ["NEW", false, "complete"],
    ["APWF_STATUS_INCOMPLETE", false, "resume"],
    ["APWF_STATUS_INVITED", false, "resume"],
    ["APWF_STATUS_ABANDONED", false, "resume"],
    ["APWF_STATUS_NEWCONTRACT", false, "pending"],
    ["APWF_STATUS_NEWCONTRACT", true, "pending"],
    ["APWF_STATUS_APPROVED", false, null],
    ["APWF_STATUS_APPROVED", true, "approved"],
    ["APWF_STATUS_REJECTED", false, "rejected"],
  ] as const)("%s (web-based-only %s) → %s", (status, wbo, kind) => {
    expect(entryKind(status, wbo)).toBe(kind);
  });
});

describe("abandonDaysLeft", () => {
  it("counts whole days since the start", () => {
    expect(abandonDaysLeft(new Date("2025-06-20T13:00:00Z"), 90, now)).toBe(81);
    expect(abandonDaysLeft(new Date("2025-06-20T11:00:00Z"), 90, now)).toBe(80);
  });
  it("is null once the period is over", () => {
    expect(abandonDaysLeft(new Date("2025-01-01T00:00:00Z"), 90, now)).toBeNull();
    expect(abandonDaysLeft(new Date("2025-04-01T12:00:00Z"), 90, now)).toBeNull();
  });
});

describe("dashboardEntries", () => {
  it("gives each appointment its button and link", () => {
    const entries = dashboardEntries({
      appointments: [appt(1, "APWF_STATUS_INCOMPLETE"), appt(2, "APWF_STATUS_NEWCONTRACT"), appt(3, "APWF_STATUS_APPROVED")],
      invitations: [],
      isWebBasedOnly: false,
      abandonDays: 90,
      now,
    });
    expect(entries.map((e) => [e.label, e.href, e.abandonDaysLeft])).toEqual([
      ["Resume Your Appointment", "/appoint?id=1", 80],
      ["View Your Pending Appointment", "/appoint?id=2", null],
    ]);
  });

  it("shows approved appointments to web-based-only users", () => {
    const entries = dashboardEntries({
      appointments: [appt(3, "APWF_STATUS_APPROVED", { typeCode: "APPTTYP_WVB" })],
      invitations: [],
      isWebBasedOnly: true,
      abandonDays: 90,
      now,
    });
    expect(entries.map((e) => e.label)).toEqual(["View Your Approved Appointment"]);
  });

  it("merges pending invitations as NEW entries going to the wizard, unless already applied", () => {
    const entries = dashboardEntries({
      appointments: [appt(1, "APWF_STATUS_INCOMPLETE", { appointmentLinkId: 10 }), appt(2, "APWF_STATUS_INCOMPLETE", { multiLinkId: 7 })],
      invitations: [
        inv(1),
        inv(2),
        inv(3, { link: "MLTabc", appointmentLinkId: null, multiLinkId: 7 }),
        inv(4, { link: "MLTdef", appointmentLinkId: null, multiLinkId: 8 }),
        inv(5, { link: "apl2" }),
      ],
      isWebBasedOnly: false,
      abandonDays: 90,
      now,
    });
    const news = entries.filter((e) => e.statusCode === "NEW");
    expect(news.map((e) => [e.label, e.href])).toEqual([
      ["Complete Your Appointment", "/wizard?link=APL2"],
      ["Complete Your Appointment", "/wizard?link=MLTdef&multiLinkId=8"],
    ]);
  });
});

describe("hasDownline (the pipeline card, decision 0027)", () => {
  it("a marketing director or a user holding a position; never a prospect without one", () => {
    expect(hasDownline({ isMd: true, agentPositions: 0 })).toBe(true);
    expect(hasDownline({ isMd: false, agentPositions: 1 })).toBe(true);
    expect(hasDownline({ isMd: false, agentPositions: 0 })).toBe(false);
  });
});
