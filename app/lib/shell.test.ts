import { describe, expect, it } from "vitest";
import { navRules, type NavAppointment } from "./shell.server";

const ind = (statusCode: string): NavAppointment => ({ typeCode: "APPTTYP_IND", statusCode });
const wvb = (statusCode: string): NavAppointment => ({ typeCode: "APPTTYP_WVB", statusCode });
const APPROVED = "APWF_STATUS_APPROVED";
const INCOMPLETE = "APWF_STATUS_INCOMPLETE";
const NEWCONTRACT = "APWF_STATUS_NEWCONTRACT";

type Row = {
  name: string;
  isMd: boolean;
  appointments: NavAppointment[];
  hasAppointments: boolean;
  hasApproved: boolean;
  webOnly: boolean;
  configure: boolean;
  hierarchyShown: boolean;
  hierarchyEnabled: boolean;
};

const table: Row[] = [
  { name: "MD without appointments", isMd: true, appointments: [], hasAppointments: false, hasApproved: false, webOnly: false, configure: true, hierarchyShown: true, hierarchyEnabled: true },
  { name: "MD with an incomplete appointment", isMd: true, appointments: [ind(INCOMPLETE)], hasAppointments: true, hasApproved: false, webOnly: false, configure: true, hierarchyShown: true, hierarchyEnabled: true },
  { name: "MD whose appointments are all web-based", isMd: true, appointments: [wvb(APPROVED)], hasAppointments: true, hasApproved: true, webOnly: true, configure: false, hierarchyShown: false, hierarchyEnabled: false },
  { name: "prospect without appointments", isMd: false, appointments: [], hasAppointments: false, hasApproved: false, webOnly: false, configure: false, hierarchyShown: true, hierarchyEnabled: false },
  { name: "prospect with an incomplete appointment", isMd: false, appointments: [ind(INCOMPLETE)], hasAppointments: true, hasApproved: false, webOnly: false, configure: false, hierarchyShown: true, hierarchyEnabled: false },
  { name: "prospect awaiting approval", isMd: false, appointments: [ind(NEWCONTRACT)], hasAppointments: true, hasApproved: false, webOnly: false, configure: false, hierarchyShown: true, hierarchyEnabled: false },
  { name: "agent with an approved appointment", isMd: false, appointments: [ind(APPROVED)], hasAppointments: true, hasApproved: true, webOnly: false, configure: true, hierarchyShown: true, hierarchyEnabled: true },
  { name: "agent with approved and incomplete", isMd: false, appointments: [ind(INCOMPLETE), ind(APPROVED)], hasAppointments: true, hasApproved: true, webOnly: false, configure: true, hierarchyShown: true, hierarchyEnabled: true },
  { name: "web-based-only agent, approved", isMd: false, appointments: [wvb(APPROVED)], hasAppointments: true, hasApproved: true, webOnly: true, configure: false, hierarchyShown: false, hierarchyEnabled: false },
  { name: "web-based-only agent, two appointments", isMd: false, appointments: [wvb(APPROVED), wvb(INCOMPLETE)], hasAppointments: true, hasApproved: true, webOnly: true, configure: false, hierarchyShown: false, hierarchyEnabled: false },
  { name: "web-based and individual, approved web-based", isMd: false, appointments: [wvb(APPROVED), ind(INCOMPLETE)], hasAppointments: true, hasApproved: true, webOnly: false, configure: true, hierarchyShown: true, hierarchyEnabled: true },
  { name: "web-based and individual, nothing approved", isMd: false, appointments: [wvb(INCOMPLETE), ind(INCOMPLETE)], hasAppointments: true, hasApproved: false, webOnly: false, configure: false, hierarchyShown: true, hierarchyEnabled: false },
  { name: "web-based corporation is not web-based-only", isMd: false, appointments: [{ typeCode: "APPTTYP_VB_CORP", statusCode: APPROVED }], hasAppointments: true, hasApproved: true, webOnly: false, configure: true, hierarchyShown: true, hierarchyEnabled: true },
];

describe("navRules", () => {
  it.each(table)("$name", (row) => {
    const r = navRules({ isMd: row.isMd, appointments: row.appointments });
    expect(r).toEqual({
      isMarketingDirector: row.isMd,
      hasAppointments: row.hasAppointments,
      hasApprovedAppointment: row.hasApproved,
      isWebBasedOnly: row.webOnly,
      showConfigure: row.configure,
      showHierarchyButtons: row.hierarchyShown,
      hierarchyButtonsEnabled: row.hierarchyEnabled,
    });
  });
});

describe("navRules with an agent position of the user's own (accepted Invite User, decision 0023)", () => {
  it("a user with no appointment but a position sees CONFIGURE and enabled hierarchy buttons", () => {
    const r = navRules({ isMd: false, appointments: [], hasAgentPosition: true });
    expect(r.showConfigure).toBe(true);
    expect(r.showHierarchyButtons).toBe(true);
    expect(r.hierarchyButtonsEnabled).toBe(true);
  });
  it("without a position nothing changes", () => {
    expect(navRules({ isMd: false, appointments: [], hasAgentPosition: false }).showConfigure).toBe(false);
  });
  it("web-based-only still hides CONFIGURE", () => {
    expect(navRules({ isMd: false, appointments: [wvb(APPROVED)], hasAgentPosition: true }).showConfigure).toBe(false);
  });
});

describe("pageTitle", async () => {
  const { pageTitle } = await import("~/lib/meta");
  it.each([
    ["Dashboard", [{ id: "root", data: { defaultTitle: "Appointment Portal" } }], "Dashboard : Appointment Portal"],
    ["Page Not Found", [{ id: "root", data: { defaultTitle: "Acme Agents" } }], "Page Not Found : Acme Agents"],
    ["Welcome", [], "Welcome : Appointment Portal"],
    ["Welcome", [{ id: "root", data: null }], "Welcome : Appointment Portal"],
    [null, [{ id: "root", data: { defaultTitle: "Appointment Portal" } }], "Appointment Portal"],
  ] as const)("%s → %s", (title, matches, expected) => {
    expect(pageTitle(title, matches)).toBe(expected);
  });
});

describe("the Review Queue entry (issue 11)", async () => {
  const { isReviewer } = await import("~/features/review/access.server");
  const admin = { id: "a", userName: "admin@example.com", firstName: "Ada", lastName: "Admin" };
  it.each([
    ["an internal administrator", { isInternal: true, impersonator: null }, true],
    ["an internal administrator acting for someone", { isInternal: true, impersonator: admin }, false],
    ["someone an administrator acts for", { isInternal: false, impersonator: admin }, false],
    ["an agent or prospect", { isInternal: false, impersonator: null }, false],
  ] as const)("%s → %s", (_name, user, shown) => {
    expect(isReviewer(user)).toBe(shown);
  });
});
