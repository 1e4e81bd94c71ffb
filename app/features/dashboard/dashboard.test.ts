import { describe, expect, it } from "vitest";
import { capabilitiesOf } from "~/lib/permissions";
import { waitedFor, workTiles } from "./admin-work.server";
import { abandonDaysLeft, dashboardEntries, entryKind, hasDownline, nextStepOf, type DashboardAppointment, type PendingInvitation } from "./dashboard.server";
import { NEXT_STEP } from "./messages";

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

describe("nextStepOf (issue 36 item 9)", () => {
  const returned = { kind: "RETURNED" as const, reason: "Fix the NPN.", sections: [], decidedAt: now.toISOString() };
  it.each([
    ["NEW", null, NEXT_STEP.start],
    ["APWF_STATUS_INCOMPLETE", null, NEXT_STEP.continue],
    ["APWF_STATUS_INVITED", null, NEXT_STEP.continue],
    ["APWF_STATUS_INCOMPLETE", returned, NEXT_STEP.returned],
    ["APWF_STATUS_NEWCONTRACT", null, NEXT_STEP.awaiting],
    ["APWF_STATUS_APPROVED", null, NEXT_STEP.approved],
    ["APWF_STATUS_REJECTED", null, NEXT_STEP.rejected],
    ["APWF_STATUS_ABANDONED", null, NEXT_STEP.abandoned],
  ] as const)("%s (note %o) → the step in words", (status, note, step) => {
    expect(nextStepOf(status, note)).toBe(step);
  });

  it("each entry carries its step, an invitation's being to start", () => {
    const entries = dashboardEntries({
      appointments: [appt(1, "APWF_STATUS_NEWCONTRACT")],
      invitations: [inv(9)],
      isWebBasedOnly: false,
      abandonDays: 90,
      now,
    });
    expect(entries.map((e) => e.nextStep)).toEqual([NEXT_STEP.awaiting, NEXT_STEP.start]);
  });
});

describe("the administrator's work waiting (decision 0097)", () => {
  const row = { applications: 3, oldest_submitted_at: "2025-06-25T11:00:00Z", requests: 2, requests_open: 1, compliance: 4, webhooks: 0 };
  it("waitedFor: hours under a day, then whole days", () => {
    expect(waitedFor(new Date(now.getTime() - 30 * 60_000), now)).toBe("under an hour");
    expect(waitedFor(new Date(now.getTime() - 60 * 60_000), now)).toBe("1 hour");
    expect(waitedFor(new Date(now.getTime() - 23 * 3600_000), now)).toBe("23 hours");
    expect(waitedFor(new Date(now.getTime() - 49 * 3600_000), now)).toBe("2 days");
  });
  it("a tile per screen the administrator may open, with its count, the oldest application's wait and the screen's address", () => {
    const tiles = workTiles(row, capabilitiesOf(["prospect", "administrator"]), now);
    expect(tiles.map((t) => [t.label, t.count, t.detail, t.href])).toEqual([
      ["Applications awaiting review", 3, "Oldest waiting 5 days", "/admin/review"],
      ["Service requests not done", 2, "1 open", "/admin/requests?status=ACTIVE"],
      ["Agents not in good order", 4, null, "/compliance?standing=NOT_IN_GOOD_ORDER"],
      ["Failed webhook deliveries", 0, null, "/admin/webhooks"],
    ]);
  });
  it("none for a role without the screens (a director's compliance count is the pipeline card's)", () => {
    expect(workTiles(row, capabilitiesOf(["director"]), now)).toEqual([]);
    expect(workTiles(row, capabilitiesOf(["prospect", "impersonator"]), now)).toEqual([]);
  });
});
