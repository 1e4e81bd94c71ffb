// A save ("draft" mode) checks only the values that are there: a half-filled
// section saves, a wrong value never does.
import { describe, expect, test } from "vitest";
import { testContext, validApplication } from "./fixtures";
import { type AppointmentTypeCode } from "./model";
import { EMPTY_APPLICATION } from "./form-data";
import { agreementsSchema, commissionsSchema, documentsSchema, feesSchema, personalSchema } from "./schema";

const TYPES: AppointmentTypeCode[] = ["APPTTYP_IND", "APPTTYP_WVB", "APPTTYP_CORP", "APPTTYP_VB_CORP", "APPTTYP_BOTH", "APPTTYP_REP", "APPTTYP_PRIN"];

const issues = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);

describe.each(TYPES)("draft mode, %s", (type) => {
  const draft = testContext({ appointmentTypeCode: type, mode: "draft", hasUploaded: {} });
  const complete = testContext({ appointmentTypeCode: type, hasUploaded: {} });

  test("an empty section saves; the complete rules still list what is missing", () => {
    for (const [schema, data] of [
      [personalSchema, EMPTY_APPLICATION.personal],
      [commissionsSchema, EMPTY_APPLICATION.commissions],
      [feesSchema, EMPTY_APPLICATION.fees],
      [agreementsSchema, EMPTY_APPLICATION.agreements],
      [documentsSchema, EMPTY_APPLICATION.documents],
    ] as const) {
      expect(issues(schema(draft).safeParse(data))).toEqual([]);
    }
    expect(issues(personalSchema(complete).safeParse(EMPTY_APPLICATION.personal)).length).toBeGreaterThan(5);
  });

  test("a half-filled personal section saves; a wrong value in it does not", () => {
    const p = validApplication(type).personal;
    const half = { firstName: p.firstName, lastName: p.lastName, answers: p.answers!.slice(0, 4) };
    expect(issues(personalSchema(draft).safeParse(half))).toEqual([]);
    expect(issues(personalSchema(draft).safeParse({ ...half, ssn: "12345678" }))).toEqual(["ssn: SSN must be 9 digits"]);
    expect(issues(personalSchema(draft).safeParse({ ...half, firstName: "J" }))).toEqual(["firstName: First Name must be 2 to 50 characters"]);
  });

  test("agreements with the name signed and some boxes not ticked yet save; the complete rules still want every box", () => {
    // The page prefills 'Your Name' with the agent's name: an untouched SAVE posts it with the boxes unticked.
    const partly = { signatures: { SIGTYP_AGREENAME: "Jordan Q Lee", SIGTYP_POLICY_AGREE: "on" } };
    expect(issues(agreementsSchema(draft).safeParse(partly))).toEqual([]);
    expect(issues(agreementsSchema(complete).safeParse(partly))).toContain("signatures.SIGTYP_AML: AML Agreement checkbox Required");
  });

  test("a bad routing number blocks the save of commissions", () => {
    const c = validApplication(type).commissions;
    const withBank = { ...c, commissionRemitTypeCode: "COMRMT_TYP_DIRECT", bankInfo: { routingNumber: "500000005" } };
    expect(issues(commissionsSchema(draft).safeParse(withBank))).toEqual(["bankInfo.routingNumber: Routing Number is invalid"]);
  });
});
