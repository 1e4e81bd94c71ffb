// The check page's summary (decision 0099): the sections the navigation shows, the blocks each type
// has, the values as the forms hold them (the masks; never a CVC), 'Not given' for a blank.
import { describe, expect, it } from "vitest";
import { checkAnswers, NOT_GIVEN, type CheckAnswersInput } from "./check-answers";
import { SECRET_GIVEN } from "./codes";
import { validApplication } from "./fixtures";
import { visibleSections, type AppointmentTypeCode, type InvitationFlavour } from "./model";

function input(code: AppointmentTypeCode, flavour: InvitationFlavour = "STANDARD", edit?: (i: CheckAnswersInput) => void): CheckAnswersInput {
  const type = { appointmentTypeCode: code, flavour };
  const i: CheckAnswersInput = {
    data: validApplication(code, flavour),
    type,
    sections: visibleSections(type),
    questions: [{ questionId: 1, questionText: "Have you ever been convicted?" }],
    states: [{ stateCode: "TX", stateName: "Texas", feeAmount: 16 }],
    totalFees: 16,
    documents: [{ title: "E&O Certificate", present: false }],
  };
  edit?.(i);
  return i;
}

const value = (i: CheckAnswersInput, group: string, label: string) =>
  checkAnswers(i)
    .flatMap((s) => s.groups)
    .find((g) => g.title === group)
    ?.rows.find((r) => r.label === label)?.value;

describe("checkAnswers", () => {
  it("lists every section with data in the navigation's order (no Instructions; no States & Fees for a VB invitation)", () => {
    expect(checkAnswers(input("APPTTYP_IND")).map((s) => s.title)).toEqual(["Personal Information", "Commissions", "States & Fees", "Policies & Agreements", "Supporting Documents"]);
    expect(checkAnswers(input("APPTTYP_WVB", "VB")).map((s) => s.id)).toEqual(["PERSONAL", "COMMS", "AGREEMENTS", "DOCS"]);
  });

  it("shows days MM/DD/YYYY, as every screen does (the form holds YYYY-MM-DD)", () => {
    const i = input("APPTTYP_IND", "STANDARD", (x) => {
      x.data.personal.birthDate = "1980-02-03";
    });
    expect(value(i, "Basics", "Birth Date")).toBe("02/03/1980");
  });

  it("shows the sensitive numbers as the forms hold them (masks) and never a CVC", () => {
    const i = input("APPTTYP_REP", "STANDARD", (x) => {
      x.data.personal.ssn = "*****1234";
      x.data.fees.ccInfo = { ...x.data.fees.ccInfo, cardNumber: "*****1111", cvcNumber: "123" };
    });
    expect(value(i, "Basics", "SSN")).toBe("*****1234");
    expect(value(i, "Pay Fees By Credit Card", "Card Number")).toBe("*****1111");
    expect(JSON.stringify(checkAnswers(i))).not.toMatch(/CVC|"123"/);
  });

  it("has the blocks of the type: business and W-9 for a corporation, the card for a representative, none for an individual", () => {
    const groups = (code: AppointmentTypeCode) => checkAnswers(input(code)).flatMap((s) => s.groups.map((g) => g.title));
    expect(groups("APPTTYP_CORP")).toEqual(expect.arrayContaining(["Business Information", "W-9 Tax Form and Certification"]));
    expect(groups("APPTTYP_IND")).not.toContain("Business Information");
    expect(groups("APPTTYP_IND")).not.toContain("Pay Fees By Credit Card");
    expect(groups("APPTTYP_REP")).toContain("Pay Fees By Credit Card");
  });

  it("says 'Not given' for a blank answer, 'Not answered' for an open question, and a document to fax as such", () => {
    const i = input("APPTTYP_IND", "STANDARD", (x) => {
      x.data.personal.middleName = "  ";
      x.data.personal.answers = [];
      x.data.documents.willFax = true;
    });
    expect(value(i, "Basics", "Middle Name")).toBe(NOT_GIVEN);
    expect(value(i, "Questions and Answers", "Have you ever been convicted?")).toBe("Not answered");
    expect(value(i, null as unknown as string, "E&O Certificate")).toBe("To be faxed");
    expect(value(i, "States", "Total")).toBe("$16.00");
  });

  it("masks every signature typed as the mother's maiden name, like the other secrets; the name signed under stays (decision 0104)", () => {
    const i = input("APPTTYP_CORP", "STANDARD", (x) => {
      x.data.personal.signatures = { SIGTYP_QNA: "Delgado", SIGTYP_W9_CERT: "Delgado" };
      x.data.commissions.signatures = { ...x.data.commissions.signatures, SIGTYP_COMSCHED: "Delgado" };
      x.data.fees.signatures = { SIGTYP_ST_FEES: "Delgado" };
      x.data.agreements.signatures = { ...x.data.agreements.signatures, SIGTYP_AGREENAME: "Rhea Q Reviewed", SIGTYP_AGREESIG: "Delgado" };
    });
    expect(JSON.stringify(checkAnswers(i))).not.toContain("Delgado");
    expect(value(i, "Questions and Answers", "Signature")).toBe(SECRET_GIVEN);
    expect(value(i, "W-9 Tax Form and Certification", "W-9 Signature")).toBe(SECRET_GIVEN);
    expect(value(i, "Signature", "Mother's Maiden Name")).toBe(SECRET_GIVEN);
    expect(value(i, "Signature", "Your Name")).toBe("Rhea Q Reviewed");
    const blank = input("APPTTYP_IND", "STANDARD", (x) => {
      x.data.agreements.signatures = { SIGTYP_AGREESIG: " " };
    });
    expect(value(blank, "Signature", "Mother's Maiden Name")).toBe(NOT_GIVEN);
  });
});
