// Type letters, visibility rules (spec part 2 §2), navigation order, statuses and codes.
import { describe, expect, test } from "vitest";
import {
  APPOINTMENT_TYPE_CODES,
  SECTION_TITLES,
  businessTypeLabel,
  feesApply,
  isEditableStatus,
  nextSection,
  showsBusinessBlock,
  showsCommissionSchedule,
  showsCreditCard,
  showsFaxField,
  showsStateFeeQuestion,
  showsW9,
  statusText,
  typeLetter,
  visibleSections,
  type AppointmentTypeCode,
  type InvitationFlavour,
} from "./model";
import { alwaysPresentDocument, cardYears, isMasked, isSubQuestion, uploadReplacesExisting } from "./codes";

describe("type letters", () => {
  test.each([
    ["APPTTYP_IND", "STANDARD", "I"],
    ["APPTTYP_CORP", "STANDARD", "C"],
    ["APPTTYP_BOTH", "STANDARD", "B"],
    ["APPTTYP_REP", "STANDARD", "R"],
    ["APPTTYP_PRIN", "STANDARD", "P"],
    ["APPTTYP_WVB", "STANDARD", "VI"],
    ["APPTTYP_VB_CORP", "STANDARD", "VC"],
    ["APPTTYP_IND", "VB", "VI"],
    ["APPTTYP_CORP", "VB", "VC"],
    ["APPTTYP_BOTH", "VB", "VB"],
    ["APPTTYP_REP", "VB_CUSTOM", "VR"],
    ["APPTTYP_PRIN", "VB", "P"],
    ["APPTTYP_WVB", "VB_CUSTOM", "VI"],
  ] as const)("%s under a %s invitation → %s", (code, flavour, letter) => expect(typeLetter(code, flavour)).toBe(letter));

  test.each([
    ["APPTTYP_IND", "Individual"],
    ["APPTTYP_WVB", "Individual"],
    ["APPTTYP_REP", "Individual"],
    ["APPTTYP_PRIN", "Individual"],
    ["APPTTYP_CORP", "Corporation"],
    ["APPTTYP_VB_CORP", "Corporation"],
    ["APPTTYP_BOTH", "Corporation"],
  ] as const)("%s displays business type %s", (code, label) => expect(businessTypeLabel(code)).toBe(label));
});

describe("visibility by type letter (standard invitation)", () => {
  // [type, business block, W-9, fax field, state fee question, credit card]
  test.each([
    ["APPTTYP_IND", false, true, true, true, false],
    ["APPTTYP_WVB", false, true, true, true, false],
    ["APPTTYP_CORP", true, true, false, true, false],
    ["APPTTYP_VB_CORP", true, true, false, true, false],
    ["APPTTYP_BOTH", true, true, false, true, false],
    ["APPTTYP_REP", false, false, false, true, true],
    ["APPTTYP_PRIN", false, false, false, false, true],
  ] as const)("%s: business %s, W-9 %s, fax %s, state fee question %s, card %s", (code, business, w9, fax, question, card) => {
    const t = { appointmentTypeCode: code as AppointmentTypeCode, flavour: "STANDARD" as const };
    expect([showsBusinessBlock(t), showsW9(t), showsFaxField(t), showsStateFeeQuestion(t), showsCreditCard(t)]).toEqual([business, w9, fax, question, card]);
  });

  test("a VB invitation keeps the V letters' blocks but drops the fees section and card", () => {
    const t = { appointmentTypeCode: "APPTTYP_BOTH" as const, flavour: "VB" as const };
    expect(showsBusinessBlock(t)).toBe(true);
    expect(showsW9(t)).toBe(true);
    expect(feesApply(t)).toBe(false);
    expect(showsCreditCard({ appointmentTypeCode: "APPTTYP_REP", flavour: "VB" })).toBe(false);
  });

  test("VB custom hides the commission schedule", () => {
    expect(showsCommissionSchedule({ appointmentTypeCode: "APPTTYP_IND", flavour: "VB_CUSTOM" })).toBe(false);
    expect(showsCommissionSchedule({ appointmentTypeCode: "APPTTYP_IND", flavour: "VB" })).toBe(true);
  });
});

describe("navigation", () => {
  test("section titles", () =>
    expect(SECTION_TITLES).toEqual({
      PERSONAL: "Personal Information",
      COMMS: "Commissions",
      FEES: "States & Fees",
      AGREEMENTS: "Policies & Agreements",
      DOCS: "Supporting Documents",
      INSTRUCT: "Instructions",
    }));

  test.each([
    ["STANDARD", ["COMMS", "FEES", "AGREEMENTS", "DOCS", "INSTRUCT"]],
    ["VB", ["COMMS", "AGREEMENTS", "AGREEMENTS", "DOCS", "INSTRUCT"]],
    ["VB_CUSTOM", ["COMMS", "AGREEMENTS", "AGREEMENTS", "DOCS", "INSTRUCT"]],
  ] as const)("Save & Continue order under a %s invitation", (flavour, next) => {
    const t = { appointmentTypeCode: "APPTTYP_IND" as const, flavour: flavour as InvitationFlavour };
    expect((["PERSONAL", "COMMS", "FEES", "AGREEMENTS", "DOCS"] as const).map((s) => nextSection(s, t))).toEqual(next);
  });

  test("the left navigation leaves out States & Fees for a VB invitation only", () => {
    for (const code of APPOINTMENT_TYPE_CODES) {
      expect(visibleSections({ appointmentTypeCode: code, flavour: "STANDARD" })).toContain("FEES");
      expect(visibleSections({ appointmentTypeCode: code, flavour: "VB" })).not.toContain("FEES");
    }
  });
});

describe("statuses and codes", () => {
  test.each([
    ["APWF_STATUS_INCOMPLETE", true, "Incomplete"],
    ["APWF_STATUS_INVITED", true, "Invited"],
    ["APWF_STATUS_NEWCONTRACT", false, "Awaiting Approval"],
    ["APWF_STATUS_APPROVED", false, "Approved"],
    ["APWF_STATUS_ABANDONED", false, "Abandoned"],
    ["APWF_STATUS_REJECTED", false, "Rejected"],
  ])("%s: editable %s, shown as %s", (code, editable, text) => {
    expect(isEditableStatus(code)).toBe(editable);
    expect(statusText(code)).toBe(text);
  });

  test.each([
    ["*****6789", true],
    ["****6789", true],
    ["*****678", false],
    ["123456789", false],
    ["*****67a9", false],
    ["", false],
  ])("isMasked(%j) → %s", (v, m) => expect(isMasked(v)).toBe(m));

  test("card years: the current year and the 19 following", () => {
    const years = cardYears(new Date("2026-06-01T00:00:00Z"));
    expect(years).toHaveLength(20);
    expect(years[0]).toBe(2026);
    expect(years[19]).toBe(2045);
  });

  test("uploads replace a document of the same type, except additional documents", () => {
    expect(uploadReplacesExisting("DOCTYP_EO_CERT")).toBe(true);
    expect(uploadReplacesExisting("DOCTYP_UNK_ADDTL_DOC")).toBe(false);
  });

  test("documents always treated as present", () => {
    expect(alwaysPresentDocument("DOCTYP_DRV_LIC", "APPTTYP_IND")).toBe(true);
    expect(alwaysPresentDocument("DOCTYP_AML_CERT", "APPTTYP_IND")).toBe(true);
    expect(alwaysPresentDocument("DOCTYP_STATE_LIC", "APPTTYP_CORP")).toBe(true);
    expect(alwaysPresentDocument("DOCTYP_EO_CERT", "APPTTYP_PRIN")).toBe(true);
    expect(alwaysPresentDocument("DOCTYP_EO_CERT", "APPTTYP_REP")).toBe(false);
  });

  test("sub-questions have ')' as their second character", () => {
    expect(isSubQuestion("a) Was the termination related ...")).toBe(true);
    expect(isSubQuestion("Are any criminal charges pending?")).toBe(false);
  });
});
