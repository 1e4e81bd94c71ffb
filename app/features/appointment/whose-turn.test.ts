// Whose turn an application is (issue 36 item 3, decision 0099): the words the prospect reads on the
// application screen, the confirmation page and the dashboard, from the status and the latest return.
import { describe, expect, it } from "vitest";
import type { DecisionNote } from "~/features/review/notes";
import { whoseTurn } from "./whose-turn";

const returned: DecisionNote = { kind: "RETURNED", reason: "The NPN does not match\nthe license.", sections: ["PERSONAL", "DOCS"], decidedAt: "2026-12-01T10:00:00.000Z" };

describe("whoseTurn", () => {
  it.each([
    ["NEW", null, "With you"],
    ["APWF_STATUS_INVITED", null, "With you"],
    ["APWF_STATUS_INCOMPLETE", null, "With you"],
    ["APWF_STATUS_NEWCONTRACT", null, "With the reviewer"],
    ["APWF_STATUS_APPROVED", null, "Approved"],
    ["APWF_STATUS_REJECTED", { kind: "REJECTED", reason: "No license", decidedAt: null } as DecisionNote, "Rejected"],
    ["APWF_STATUS_ABANDONED", null, "Abandoned"],
    // A status the spec does not show: only the reviewer can move it.
    ["APWF_STATUS_ON_HOLD", null, "With the reviewer"],
  ] as const)("%s → %s", (status, note, label) => {
    expect(whoseTurn(status, note).label).toBe(label);
  });

  it("a returned application says what to fix: the reason and the sections", () => {
    expect(whoseTurn("APWF_STATUS_INCOMPLETE", returned)).toEqual({
      kind: "RETURNED",
      label: "Returned: The NPN does not match the license. (to correct: Personal Information, Supporting Documents)",
    });
  });

  it("a return without sections gives the reason alone; submitted again, it is the reviewer's turn", () => {
    expect(whoseTurn("APWF_STATUS_INCOMPLETE", { ...returned, sections: [] }).label).toBe("Returned: The NPN does not match the license.");
    expect(whoseTurn("APWF_STATUS_NEWCONTRACT", returned).kind).toBe("WITH_REVIEWER");
  });

  it("an upline or an administrator reads the prospect's turn as the applicant's", () => {
    expect(whoseTurn("APWF_STATUS_INCOMPLETE", null, "other").label).toBe("With the applicant");
    expect(whoseTurn("APWF_STATUS_NEWCONTRACT", null, "other").label).toBe("With the reviewer");
  });
});
