// The one status catalogue (issue 21, decision 0056): every screen that shows
// an appointment status reads the same text for the same code, and a status
// the portal does not know shows its name, never its code (spec part 1 §4
// 'their codes are not shown', part 2 §3 'not shown'). Before, the
// application header, the review queue and the combined PDF (model.ts)
// printed 'APWF_STATUS_ON_HOLD', the in-progress grid too, the dashboard
// and agent detail 'On_hold'.
import { describe, expect, it } from "vitest";
import { inProgressStatusText } from "~/features/inprog/inprog.server";
import { APPOINTMENT_STATUS_FILTERS } from "~/features/reports/schema";
import { statusText as dashboardStatusText, STATUS_NEW } from "~/features/dashboard/dashboard.server";
import { statusText as applicationStatusText } from "./model";

const SPEC_TEXT = {
  APWF_STATUS_INVITED: "Invited",
  APWF_STATUS_INCOMPLETE: "Incomplete",
  APWF_STATUS_NEWCONTRACT: "Awaiting Approval",
  APWF_STATUS_APPROVED: "Approved",
  APWF_STATUS_REJECTED: "Rejected",
  APWF_STATUS_ABANDONED: "Abandoned",
};

describe("one status catalogue", () => {
  it("the application, the dashboard and agent detail read the spec's text", () => {
    for (const [code, text] of Object.entries(SPEC_TEXT)) {
      expect([code, applicationStatusText(code), dashboardStatusText(code)]).toEqual([code, text, text]);
    }
    expect(dashboardStatusText(STATUS_NEW)).toBe("New");
  });

  it("the in-progress grid reads 'Submitted for Approval' for a new contract (spec part 3 §2), the rest as everywhere", () => {
    expect(inProgressStatusText("APWF_STATUS_NEWCONTRACT")).toBe("Submitted for Approval");
    for (const code of ["APWF_STATUS_INCOMPLETE", "APWF_STATUS_APPROVED", "APWF_STATUS_ABANDONED", "APWF_STATUS_INVITED", "APWF_STATUS_REJECTED"]) {
      expect(inProgressStatusText(code)).toBe(SPEC_TEXT[code as keyof typeof SPEC_TEXT]);
    }
  });

  it("the report filters: ids 6, 7, 8, 53 with the catalogue's text", () => {
    expect(APPOINTMENT_STATUS_FILTERS.map((f) => [f.id, f.code, f.label])).toEqual([
      ["6", "APWF_STATUS_INCOMPLETE", "Incomplete"],
      ["7", "APWF_STATUS_NEWCONTRACT", "Awaiting Approval"],
      ["8", "APWF_STATUS_APPROVED", "Approved"],
      ["53", "APWF_STATUS_ABANDONED", "Abandoned"],
    ]);
  });

  it("a status the portal does not know shows its name, never its code, the same everywhere", () => {
    const seen = [applicationStatusText("APWF_STATUS_ON_HOLD"), dashboardStatusText("APWF_STATUS_ON_HOLD"), inProgressStatusText("APWF_STATUS_ON_HOLD")];
    expect(seen).toEqual(["On hold", "On hold", "On hold"]);
  });
});
