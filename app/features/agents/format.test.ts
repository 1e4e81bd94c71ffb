import { describe, expect, it } from "vitest";
import { agentName, carrierTabLabel, contactPhone, displayCompanyName, formatDate, isDirectorUpline } from "./format";
import { showInviteUser, showUpdateUser } from "./detail.server";

describe("display formats (spec §9)", () => {
  it("dates are MM/DD/YYYY and MM/DD/YYYY hh:mm", () => {
    expect(formatDate(new Date(Date.UTC(2026, 0, 5)))).toBe("01/05/2026");
    expect(formatDate("2025-12-31T00:00:00.000Z")).toBe("12/31/2025");
    expect(formatDate(null)).toBe("");
  });
  it("the 27-character company name rule removes a stray space at position 25 only", () => {
    const name = "Cornerstone Health Adviso rs LLC"; // index 25 is a space, 32 characters
    expect(name.charAt(25)).toBe(" ");
    expect(displayCompanyName(name)).toBe("Cornerstone Health Advisors LLC");
    expect(displayCompanyName("Short Name Inc.")).toBe("Short Name Inc.");
    const exactly26 = "abcdefghijklmnopqrstuvwxy z"; // 27 characters, space at 25
    expect(displayCompanyName(exactly26)).toBe("abcdefghijklmnopqrstuvwxyz");
    expect(displayCompanyName("abcdefghijklmnopqrstuvwxy z".slice(0, 26))).toBe("abcdefghijklmnopqrstuvwxy ");
    expect(displayCompanyName("Cornerstone Insurance Group LLC")).toBe("Cornerstone Insurance Group LLC"); // index 25 is 'u'
    // Applied literally: a name whose 26th character is a space loses it (legacy 25-character field split).
    expect(displayCompanyName("Summit Financial Partners LLC")).toBe("Summit Financial PartnersLLC");
  });
  it("a director's upline is blank or 0000", () => {
    expect(isDirectorUpline("0000")).toBe(true);
    expect(isDirectorUpline("")).toBe(true);
    expect(isDirectorUpline(null)).toBe(true);
    expect(isDirectorUpline(" 0000 ")).toBe(true);
    expect(isDirectorUpline("100001")).toBe(false);
  });
  it("names and carrier tabs", () => {
    expect(agentName({ firstName: "Ada", lastName: "Lovelace", companyName: null })).toBe("Lovelace, Ada");
    expect(agentName({ firstName: null, lastName: null, companyName: "Summit Benefits LLC", agentType: "C" })).toBe("Summit Benefits LLC");
    expect(carrierTabLabel("MIAC", true)).toBe("MIAC HEALTH");
    expect(carrierTabLabel("SLAC", false)).toBe("SLAC LIFE");
  });
});

describe("UPDATE USER visibility (spec §4): all four conditions", () => {
  const ok = { hasAppointment: true, userLinked: true, viewedAgentNumber: "200", viewedDirectUpline: "100", viewerAgentNumbers: ["100"] };
  it("shows when the appointment exists, a user is linked, it is not the viewer's own number and the direct upline is the viewer's", () => {
    expect(showUpdateUser(ok)).toBe(true);
  });
  it.each([
    ["no appointment", { hasAppointment: false }],
    ["no user linked", { userLinked: false }],
    ["the viewer's own agent number", { viewedAgentNumber: "100", viewedDirectUpline: "100" }],
    ["the direct upline is someone else", { viewedDirectUpline: "150" }],
  ])("hides with %s", (_name, over) => {
    expect(showUpdateUser({ ...ok, ...over })).toBe(false);
  });
  it("Invite User: only without a linked user and not for the viewer's own number", () => {
    expect(showInviteUser({ userLinked: false, viewedActive: true, viewedAgentNumber: "200", viewerAgentNumbers: ["100"] })).toBe(true);
    expect(showInviteUser({ userLinked: true, viewedActive: true, viewedAgentNumber: "200", viewerAgentNumbers: ["100"] })).toBe(false);
    expect(showInviteUser({ userLinked: false, viewedActive: true, viewedAgentNumber: "100", viewerAgentNumbers: ["100"] })).toBe(false);
    // A deactivated agent is not given portal access (decision 0050).
    expect(showInviteUser({ userLinked: false, viewedActive: false, viewedAgentNumber: "200", viewerAgentNumbers: ["100"] })).toBe(false);
  });
});

describe("the recruiter's contact phone (one rule for the links page and the application)", () => {
  it("is the business line, else the personal one, else none", () => {
    expect(contactPhone({ businessPhone: "5125550100", phoneNumber: "5125550199" })).toBe("5125550100");
    expect(contactPhone({ businessPhone: "", phoneNumber: "5125550199" })).toBe("5125550199");
    expect(contactPhone({ businessPhone: null, phoneNumber: null })).toBe(null);
    expect(contactPhone(null)).toBe(null);
  });
});
