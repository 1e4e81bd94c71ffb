// Every validation rule and message of spec part 2 §5, table-driven: each row
// starts from a complete application of a type, changes one value and checks
// the message on the field (or that the section is valid).
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { fieldName } from "./completion";
import { testContext, validApplication } from "./fixtures";
import type { AppointmentTypeCode, InvitationFlavour } from "./model";
import type { ApplicationData, ValidationContext } from "./form-data";
import { MESSAGES } from "./messages";
import { cvcAtSubmit } from "./rules/fees";
import {
  agreementsSchema,
  commissionsSchema,
  documentsSchema,
  feesSchema,
  personalSchema,
  wizardStep2Schema,
  wizardStep3SchemaFor,
} from "./schema";

type SectionKey = keyof ApplicationData;
const SCHEMAS = {
  personal: personalSchema,
  commissions: commissionsSchema,
  fees: feesSchema,
  agreements: agreementsSchema,
  documents: documentsSchema,
} as const;

/** Sets a dotted path ('home.address1', 'answers.3.answer') in a copy of the data. */
function withValue<T>(data: T, path: string, value: unknown): T {
  const copy = structuredClone(data) as Record<string, unknown>;
  const keys = path.split(".");
  let cur: Record<string, unknown> = copy;
  for (const k of keys.slice(0, -1)) {
    if (cur[k] === undefined || cur[k] === null) cur[k] = {};
    cur = cur[k] as Record<string, unknown>;
  }
  cur[keys[keys.length - 1]] = value;
  return copy as T;
}

/** Errors of a section as conform names them: field → messages. */
function errorsOf(section: SectionKey, data: unknown, ctx: ValidationContext): Record<string, string[]> {
  const r = SCHEMAS[section](ctx).safeParse(data);
  const out: Record<string, string[]> = {};
  if (!r.success) for (const i of r.error.issues) (out[fieldName(i.path)] ??= []).push(i.message);
  return out;
}

type Row = {
  type?: AppointmentTypeCode;
  flavour?: InvitationFlavour;
  ctx?: Partial<ValidationContext>;
  set: Record<string, unknown>;
  /** The field and message expected; null: the section has no error at all. */
  field?: string;
  message: string | null;
};

function check(section: SectionKey, row: Row) {
  const type = row.type ?? "APPTTYP_IND";
  const flavour = row.flavour ?? "STANDARD";
  let data = validApplication(type, flavour)[section];
  for (const [p, v] of Object.entries(row.set)) data = withValue(data, p, v);
  const ctx = testContext({ appointmentTypeCode: type, flavour, ...row.ctx });
  const errors = errorsOf(section, data, ctx);
  if (row.message === null) expect(errors).toEqual({});
  else expect(errors[row.field!]).toEqual([row.message]);
}

const s = (n: number, c = "a") => c.repeat(n);
const label = (r: Row) => `${r.type ?? "APPTTYP_IND"}${r.flavour ? "/" + r.flavour : ""} ${JSON.stringify(r.set).slice(0, 80)} → ${r.message ?? "valid"}`;

test("the complete fixture of every type and flavour passes every section", () => {
  for (const type of ["APPTTYP_IND", "APPTTYP_WVB", "APPTTYP_REP", "APPTTYP_PRIN", "APPTTYP_CORP", "APPTTYP_VB_CORP", "APPTTYP_BOTH"] as const)
    for (const flavour of ["STANDARD", "VB", "VB_CUSTOM"] as const) {
      const data = validApplication(type, flavour);
      const ctx = testContext({ appointmentTypeCode: type, flavour });
      for (const section of Object.keys(SCHEMAS) as SectionKey[]) expect(errorsOf(section, data[section], ctx), `${type} ${flavour} ${section}`).toEqual({});
    }
});

describe("Personal", () => {
  const rows: Row[] = [
    { set: { firstName: "" }, field: "firstName", message: "First Name is required" },
    { set: { firstName: "   " }, field: "firstName", message: "First Name is required" },
    { set: { firstName: "J" }, field: "firstName", message: "First Name must be 2 to 50 characters" },
    { set: { firstName: "Jo" }, message: null },
    { set: { firstName: s(50) }, message: null },
    { set: { firstName: s(51) }, field: "firstName", message: "First Name must be 2 to 50 characters" },
    { set: { lastName: undefined }, field: "lastName", message: "Last Name is required" },
    { set: { lastName: "L" }, field: "lastName", message: "Last Name must be 2 to 50 characters" },
    { set: { lastName: s(50) }, message: null },
    { set: { lastName: s(51) }, field: "lastName", message: "Last Name must be 2 to 50 characters" },
    { set: { middleName: "" }, message: null },
    { set: { middleName: "Q" }, message: null },
    { set: { middleName: s(50) }, message: null },
    { set: { middleName: s(51) }, field: "middleName", message: "Middle Name must be at most 50 characters" },
    { set: { ssn: "" }, field: "ssn", message: "SSN is required" },
    { set: { ssn: "12345678" }, field: "ssn", message: "SSN must be 9 digits" },
    { set: { ssn: "1234567890" }, field: "ssn", message: "SSN must be 9 digits" },
    { set: { ssn: "12345678a" }, field: "ssn", message: "SSN must be numeric" },
    { set: { ssn: "900-78-1234" }, message: null },
    { set: { ssn: "900 78 1234" }, message: null },
    { set: { ssn: "*****1234" }, field: "ssn", message: "SSN must be 9 digits" },
    { set: { ssn: "*****1234" }, ctx: { stored: { ...testContext().stored, ssn: true } }, message: null },
    { set: { birthDate: "" }, field: "birthDate", message: "Birth Date is required" },
    { set: { birthDate: "2026-03-16" }, field: "birthDate", message: MESSAGES.birthDateRange },
    { set: { birthDate: "2999-01-01" }, field: "birthDate", message: "Birth Date is out of range" },
    { set: { birthDate: "1990-02-30" }, field: "birthDate", message: "Birth Date is out of range" },
    { set: { birthDate: "yesterday" }, field: "birthDate", message: "Birth Date is out of range" },
    { set: { birthDate: "2026-03-14" }, message: null },
    { set: { emailAddress: "" }, field: "emailAddress", message: "Email Address is required" },
    { set: { emailAddress: "jordan" }, field: "emailAddress", message: "Email Address is invalid" },
    { set: { emailAddress: "jordan@example" }, field: "emailAddress", message: "Email Address is invalid" },
    { set: { emailAddress: " Jordan.Lee@Example.COM " }, message: null },
    { set: { nationalProducerNumber: "" }, field: "nationalProducerNumber", message: "NPN is required" },
    { set: { nationalProducerNumber: "1" }, message: null },
    { set: { nationalProducerNumber: s(10, "1") }, message: null },
    { set: { nationalProducerNumber: s(11, "1") }, field: "nationalProducerNumber", message: "NPN must be 1 to 10 digits" },
    { set: { nationalProducerNumber: "12AB34" }, field: "nationalProducerNumber", message: "NPN must be 1 to 10 digits" },
    { set: { nationalProducerNumber: s(26, "1") }, field: "nationalProducerNumber", message: "NPN must be at most 25 characters" },
    { set: { residentStateInsuranceLicenseNumber: "" }, field: "residentStateInsuranceLicenseNumber", message: "License Number is required" },
    { set: { residentStateInsuranceLicenseNumber: "X" }, message: null },
    { set: { residentStateInsuranceLicenseNumber: s(25, "X") }, message: null },
    { set: { residentStateInsuranceLicenseNumber: s(26, "X") }, field: "residentStateInsuranceLicenseNumber", message: "License Number must be at most 25 characters" },
    { set: { driverLicenseNumber: s(26, "X") }, field: "driverLicenseNumber", message: "Driver License Number must be at most 25 characters" },
    { set: { residentStateCode: "Texas" }, field: "residentStateCode", message: "Resident State must be 2 letters" },
    { set: { phoneNumber: "" }, field: "phoneNumber", message: "Phone Number is required" },
    { set: { phoneNumber: "512555010" }, field: "phoneNumber", message: "Phone Number must be 10 digits" },
    { set: { phoneNumber: "51255501001" }, field: "phoneNumber", message: "Phone Number must be 10 digits" },
    { set: { phoneNumber: "512555010x" }, field: "phoneNumber", message: "Phone Number must be numeric" },
    { set: { phoneNumber: "(512) 555-0100" }, message: null },
    { set: { cellNumber: "" }, message: null },
    { set: { cellNumber: "555" }, field: "cellNumber", message: "Cell Number must be 10 digits" },
    { set: { faxNumber: "555" }, field: "faxNumber", message: "Fax Number must be 10 digits" },
    { type: "APPTTYP_WVB", set: { faxNumber: "555" }, field: "faxNumber", message: "Fax Number must be 10 digits" },
    { type: "APPTTYP_CORP", set: { faxNumber: "555" }, message: null },
    { set: { faxNumber: "512-555-0102" }, message: null },
    { set: { sendCorrespondenceToCode: "" }, field: "sendCorrespondenceToCode", message: "Please choose where to send correspondence" },
    { set: { sendCorrespondenceToCode: "X" }, field: "sendCorrespondenceToCode", message: "Please choose where to send correspondence" },
    { set: { sendCorrespondenceToCode: "C" }, message: null },
    // Home address
    { set: { "home.address1": "" }, field: "home.address1", message: "Home Address is required" },
    { set: { "home.address1": "1" }, field: "home.address1", message: "Home Address must be 2 to 100 characters" },
    { set: { "home.address1": s(2) }, message: null },
    { set: { "home.address1": s(100) }, message: null },
    { set: { "home.address1": s(101) }, field: "home.address1", message: "Home Address must be 2 to 100 characters" },
    { set: { "home.address2": s(101) }, field: "home.address2", message: "Home Address Line 2 must be at most 100 characters" },
    { set: { "home.city": "" }, field: "home.city", message: "Home City is required" },
    { set: { "home.city": "A" }, field: "home.city", message: "Home City must be 2 to 100 characters" },
    { set: { "home.city": s(101) }, field: "home.city", message: "Home City must be 2 to 100 characters" },
    { set: { "home.stateCode": "" }, field: "home.stateCode", message: "Home State is required" },
    { set: { "home.stateCode": "T" }, field: "home.stateCode", message: "Home State must be 2 letters" },
    { set: { "home.stateCode": "TEX" }, field: "home.stateCode", message: "Home State must be 2 letters" },
    { set: { "home.stateCode": "tx" }, message: null },
    { set: { "home.zipCode": "" }, field: "home.zipCode", message: "Home Zip Code is required" },
    { set: { "home.zipCode": "1234" }, field: "home.zipCode", message: "Home Zip Code must be 5 to 10 digits" },
    { set: { "home.zipCode": "12345678901" }, field: "home.zipCode", message: "Home Zip Code must be 5 to 10 digits" },
    { set: { "home.zipCode": "ABCDE" }, field: "home.zipCode", message: "Home Zip Code must be 5 to 10 digits" },
    { set: { "home.zipCode": "78701-1234" }, message: null },
    { set: { home: undefined }, field: "home.address1", message: "Home Address is required" },
    // Business block: C, B, VC, VB letters
    { type: "APPTTYP_CORP", set: { businessName: "" }, field: "businessName", message: "Business Name is required" },
    { type: "APPTTYP_CORP", set: { businessName: "A" }, message: null },
    { type: "APPTTYP_CORP", set: { businessName: s(40) }, message: null },
    { type: "APPTTYP_CORP", set: { businessName: s(41) }, field: "businessName", message: "Business Name must be at most 40 characters" },
    { type: "APPTTYP_BOTH", set: { businessName: "" }, field: "businessName", message: "Business Name is required" },
    { type: "APPTTYP_VB_CORP", set: { businessName: "" }, field: "businessName", message: "Business Name is required" },
    { type: "APPTTYP_CORP", set: { businessPhone: "" }, field: "businessPhone", message: "Business Phone is required" },
    { type: "APPTTYP_CORP", set: { businessPhone: "512555" }, field: "businessPhone", message: "Business Phone must be 10 digits" },
    { type: "APPTTYP_CORP", set: { businessPhone: "51255501ab" }, field: "businessPhone", message: "Business Phone must be numeric" },
    { type: "APPTTYP_CORP", set: { businessCellNumber: "1" }, field: "businessCellNumber", message: "Business Cell Number must be 10 digits" },
    { type: "APPTTYP_CORP", set: { businessFaxNumber: "1" }, field: "businessFaxNumber", message: "Business Fax Number must be 10 digits" },
    { type: "APPTTYP_CORP", set: { businessTaxID: "" }, field: "businessTaxID", message: "Business Tax Id is required" },
    { type: "APPTTYP_CORP", set: { businessTaxID: "12345678" }, field: "businessTaxID", message: "Business Tax Id must be 9 digits" },
    { type: "APPTTYP_CORP", set: { businessTaxID: "12-345678a" }, field: "businessTaxID", message: "Business Tax Id must be numeric" },
    { type: "APPTTYP_CORP", set: { businessTaxID: "12-3456789" }, message: null },
    { type: "APPTTYP_CORP", set: { businessTaxID: "900781234" }, field: "businessTaxID", message: "SSN and Tax Id should not be same" },
    { type: "APPTTYP_CORP", set: { businessTaxID: "90-0781234" }, field: "businessTaxID", message: "SSN and Tax Id should not be same" },
    { type: "APPTTYP_CORP", set: { businessTaxID: "*****6789" }, field: "businessTaxID", message: "Business Tax Id must be 9 digits" },
    { type: "APPTTYP_CORP", set: { businessTaxID: "*****6789" }, ctx: { stored: { ...testContext().stored, businessTaxID: true } }, message: null },
    { type: "APPTTYP_CORP", set: { "business.address1": "" }, field: "business.address1", message: "Business Address is required" },
    { type: "APPTTYP_CORP", set: { "business.city": "A" }, field: "business.city", message: "Business City must be 2 to 100 characters" },
    { type: "APPTTYP_CORP", set: { "business.stateCode": "" }, field: "business.stateCode", message: "Business State is required" },
    { type: "APPTTYP_CORP", set: { "business.zipCode": "123" }, field: "business.zipCode", message: "Business Zip Code must be 5 to 10 digits" },
    { type: "APPTTYP_CORP", flavour: "VB", set: { businessName: "" }, field: "businessName", message: "Business Name is required" },
    { type: "APPTTYP_BOTH", flavour: "VB", set: { "business.address1": "" }, field: "business.address1", message: "Business Address is required" },
    // Individual types: no business block.
    { set: { businessName: "", businessPhone: "", businessTaxID: "", business: undefined }, message: null },
    { type: "APPTTYP_WVB", set: { businessPhone: "1" }, message: null },
    // REP and PRIN: business phone optional, but 10 digits when given.
    { type: "APPTTYP_REP", set: { businessPhone: "" }, message: null },
    { type: "APPTTYP_REP", set: { businessPhone: "512555" }, field: "businessPhone", message: "Business Phone must be 10 digits" },
    { type: "APPTTYP_REP", set: { businessPhone: "5125550199" }, message: null },
    { type: "APPTTYP_PRIN", set: { businessPhone: "" }, message: null },
    { type: "APPTTYP_PRIN", set: { businessPhone: "512555" }, field: "businessPhone", message: "Business Phone must be 10 digits" },
    // Questions
    { set: { "answers.3.answer": "" }, field: "answers[3].answer", message: "Answers Required" },
    { set: { "answers.3.answer": "" }, field: "answers", message: "All questions must be answered" },
    { set: { "answers.3.answer": "maybe" }, field: "answers", message: "All questions must be answered" },
    { set: { "answers.3.answer": "Y" }, message: null },
    { set: { answers: [] }, field: "answers", message: "All questions must be answered" },
    { set: { answers: undefined }, field: "answers", message: "All questions must be answered" },
    { set: { answers: Array.from({ length: 14 }, (_, i) => ({ questionId: String(i + 1), answer: "N" })) }, field: "answers", message: "All questions must be answered" },
    { ctx: { personalQuestionIds: ["1", "2", "99"] }, set: {}, field: "answers", message: "All questions must be answered" },
    { ctx: { personalQuestionIds: ["1", "2", "15"] }, set: {}, message: null },
    { set: { qnaComment: s(1000) }, message: null },
    { set: { qnaComment: s(1001) }, field: "qnaComment", message: "Comment must be at most 1000 characters" },
    { set: { "signatures.SIGTYP_QNA": "" }, field: "signatures.SIGTYP_QNA", message: "Q&A Signature Required" },
    { set: { "signatures.SIGTYP_QNA": "S" }, message: null },
    { set: { "signatures.SIGTYP_QNA": s(200) }, message: null },
    { set: { "signatures.SIGTYP_QNA": s(201) }, field: "signatures.SIGTYP_QNA", message: "Signature must be at most 200 characters" },
    // W-9: C, B, I, VC, VB, VI
    { set: { "apptIRSInfo.name": "" }, field: "apptIRSInfo.name", message: "Name (on W-9) is required" },
    { set: { "apptIRSInfo.name": "J" }, field: "apptIRSInfo.name", message: "Name (on W-9) must be 2 to 100 characters" },
    { set: { "apptIRSInfo.name": s(100) }, message: null },
    { set: { "apptIRSInfo.name": s(101) }, field: "apptIRSInfo.name", message: "Name (on W-9) must be 2 to 100 characters" },
    { set: { "apptIRSInfo.businessName": "" }, message: null },
    { set: { "apptIRSInfo.businessName": "A" }, field: "apptIRSInfo.businessName", message: "Business Name (on W-9) must be 2 to 100 characters" },
    { type: "APPTTYP_CORP", set: { "apptIRSInfo.businessName": "" }, field: "apptIRSInfo.businessName", message: "Business Name (on W-9) is required" },
    { type: "APPTTYP_BOTH", set: { "apptIRSInfo.businessName": "" }, field: "apptIRSInfo.businessName", message: "Business Name (on W-9) is required" },
    { type: "APPTTYP_VB_CORP", set: { "apptIRSInfo.businessName": s(101) }, field: "apptIRSInfo.businessName", message: "Business Name (on W-9) must be 2 to 100 characters" },
    { set: { "apptIRSInfo.businessTypeCode": "" }, field: "apptIRSInfo.businessTypeCode", message: "Type Of Business is required" },
    { set: { "apptIRSInfo.businessTypeCode": "W9BIZ_TYP_LLC" }, field: "apptIRSInfo.businessTypeCode", message: MESSAGES.w9IndividualType },
    { type: "APPTTYP_WVB", set: { "apptIRSInfo.businessTypeCode": "W9BIZ_TYP_CCORP" }, field: "apptIRSInfo.businessTypeCode", message: "Individual's Appointment Type requires \"Individual or Sole-Proprietorship\"'s Type Of Business value" },
    { type: "APPTTYP_CORP", set: { "apptIRSInfo.businessTypeCode": "W9BIZ_TYP_IND" }, field: "apptIRSInfo.businessTypeCode", message: MESSAGES.w9CorporateType },
    { type: "APPTTYP_VB_CORP", set: { "apptIRSInfo.businessTypeCode": "W9BIZ_TYP_IND" }, field: "apptIRSInfo.businessTypeCode", message: MESSAGES.w9CorporateType },
    { type: "APPTTYP_CORP", set: { "apptIRSInfo.businessTypeCode": "W9BIZ_TYP_CCORP" }, message: null },
    { type: "APPTTYP_CORP", set: { "apptIRSInfo.businessTypeCode": "W9BIZ_TYP_SCORP" }, message: null },
    { type: "APPTTYP_CORP", set: { "apptIRSInfo.businessTypeCode": "W9BIZ_TYP_LLC" }, message: null },
    { type: "APPTTYP_CORP", set: { "apptIRSInfo.businessTypeCode": "W9BIZ_TYP_OTHER", "apptIRSInfo.businessTypeOther": "Trust" }, message: null },
    { type: "APPTTYP_CORP", set: { "apptIRSInfo.businessTypeCode": "W9BIZ_TYP_OTHER" }, field: "apptIRSInfo.businessTypeOther", message: "Please describe the Other Type Of Business" },
    { type: "APPTTYP_BOTH", set: { "apptIRSInfo.businessTypeCode": "W9BIZ_TYP_IND" }, message: null },
    { set: { "apptIRSInfo.employerIdNumber": "12345" }, field: "apptIRSInfo.employerIdNumber", message: "Employer ID Number must be 9 digits" },
    { set: { "apptIRSInfo.employerIdNumber": "12-3456789" }, message: null },
    { set: { "apptIRSInfo.employerIdNumber": "*****6789" }, ctx: { stored: { ...testContext().stored, employerIdNumber: true } }, message: null },
    { set: { "signatures.SIGTYP_W9_CERT": "" }, field: "signatures.SIGTYP_W9_CERT", message: "W-9 Signature Required" },
    { set: { "signatures.SIGTYP_W9_CERT": s(201) }, field: "signatures.SIGTYP_W9_CERT", message: "Signature must be at most 200 characters" },
    { type: "APPTTYP_CORP", set: { "signatures.SIGTYP_W9_CERT": "" }, field: "signatures.SIGTYP_W9_CERT", message: "W-9 Signature Required" },
    // R and P have no W-9.
    { type: "APPTTYP_REP", set: { apptIRSInfo: undefined, "signatures.SIGTYP_W9_CERT": "" }, message: null },
    { type: "APPTTYP_PRIN", set: { apptIRSInfo: undefined, "signatures.SIGTYP_W9_CERT": "" }, message: null },
  ];
  test.each(rows.map((r) => [label(r), r] as const))("%s", (_l, row) => check("personal", row));
});

describe("Commissions", () => {
  const stored = (k: keyof ValidationContext["stored"]) => ({ stored: { ...testContext().stored, [k]: true } });
  const rows: Row[] = [
    { set: { "signatures.SIGTYP_COMSCHED_DT": "" }, field: "signatures.SIGTYP_COMSCHED_DT", message: "Commission Sign Date is Required" },
    { set: { "signatures.SIGTYP_COMSCHED_DT": "soon" }, field: "signatures.SIGTYP_COMSCHED_DT", message: "Commission Sign Date is not a valid date" },
    { set: { "signatures.SIGTYP_COMSCHED_DT": "2026-02-30" }, field: "signatures.SIGTYP_COMSCHED_DT", message: "Commission Sign Date is not a valid date" },
    { set: { "signatures.SIGTYP_COMSCHED_DT": "2026-03-01" }, message: null },
    { set: { "signatures.SIGTYP_COMSCHED_DT": "03/01/2026" }, message: null },
    { set: { "signatures.SIGTYP_COMSCHED_AGT": "" }, field: "signatures.SIGTYP_COMSCHED_AGT", message: "Commission Agent Name is Required" },
    { set: { "signatures.SIGTYP_COMSCHED_AGT": s(201) }, field: "signatures.SIGTYP_COMSCHED_AGT", message: "Signature must be at most 200 characters" },
    { set: { "signatures.SIGTYP_COMSCHED": "" }, field: "signatures.SIGTYP_COMSCHED", message: "Commission Sched Signature Required" },
    { set: { "signatures.SIGTYP_COMSCHED": s(200) }, message: null },
    { set: { "signatures.SIGTYP_COMSCHED": s(201) }, field: "signatures.SIGTYP_COMSCHED", message: "Signature must be at most 200 characters" },
    { flavour: "VB", set: { "signatures.SIGTYP_COMSCHED": "" }, field: "signatures.SIGTYP_COMSCHED", message: "Commission Sched Signature Required" },
    // VB custom drops the three commission-schedule signature rules.
    { flavour: "VB_CUSTOM", set: { signatures: {} }, message: null },
    { type: "APPTTYP_CORP", flavour: "VB_CUSTOM", set: { "signatures.SIGTYP_COMSCHED_DT": "soon" }, message: null },
    // Remittance type
    ...(["APPTTYP_IND", "APPTTYP_WVB", "APPTTYP_CORP", "APPTTYP_VB_CORP", "APPTTYP_BOTH"] as const).map(
      (type): Row => ({ type, set: { commissionRemitTypeCode: "" }, field: "commissionRemitTypeCode", message: "Selecting a Remittance type is Required" }),
    ),
    { type: "APPTTYP_REP", set: { commissionRemitTypeCode: "", bankInfo: undefined }, message: null },
    { type: "APPTTYP_PRIN", set: { commissionRemitTypeCode: "", bankInfo: undefined }, message: null },
    { set: { commissionRemitTypeCode: "COMRMT_TYP_CASH" }, field: "commissionRemitTypeCode", message: "Selecting a Remittance type is Required" },
    { set: { commissionRemitTypeCode: "COMRMT_TYP_PAPER", bankInfo: undefined }, message: null },
    // Bank info (direct deposit only)
    { set: { "bankInfo.bankName": "" }, field: "bankInfo.bankName", message: "Bank Name is required" },
    { set: { "bankInfo.bankName": "B" }, field: "bankInfo.bankName", message: "Bank Name must be 2 to 100 characters" },
    { set: { "bankInfo.bankName": s(100) }, message: null },
    { set: { "bankInfo.bankName": s(101) }, field: "bankInfo.bankName", message: "Bank Name must be 2 to 100 characters" },
    { set: { "bankInfo.accountNumber": "" }, field: "bankInfo.accountNumber", message: "Account Number is required" },
    { set: { "bankInfo.accountNumber": "12345" }, field: "bankInfo.accountNumber", message: "Account Number 6 chars minimum" },
    { set: { "bankInfo.accountNumber": "123456" }, message: null },
    { set: { "bankInfo.accountNumber": s(17, "1") }, message: null },
    { set: { "bankInfo.accountNumber": s(18, "1") }, field: "bankInfo.accountNumber", message: "Account Number 17 chars max" },
    { set: { "bankInfo.accountNumber": "12345A78" }, field: "bankInfo.accountNumber", message: "Account Number is Invalid" },
    { set: { "bankInfo.accountNumber": "*****5678" }, field: "bankInfo.accountNumber", message: "Account Number is Invalid" },
    { set: { "bankInfo.accountNumber": "*****5678" }, ctx: stored("accountNumber"), message: null },
    { set: { "bankInfo.routingNumber": "" }, field: "bankInfo.routingNumber", message: "Routing Number is required" },
    { set: { "bankInfo.routingNumber": "01100001" }, field: "bankInfo.routingNumber", message: "Routing Number must be 9 digits" },
    { set: { "bankInfo.routingNumber": "0110000150" }, field: "bankInfo.routingNumber", message: "Routing Number must be 9 digits" },
    { set: { "bankInfo.routingNumber": "01100001A" }, field: "bankInfo.routingNumber", message: "Routing Number must be 9 digits" },
    { set: { "bankInfo.routingNumber": "011000015" }, message: null },
    { set: { "bankInfo.routingNumber": "021000021" }, message: null },
    { set: { "bankInfo.routingNumber": "011000016" }, field: "bankInfo.routingNumber", message: "Routing Number is invalid" },
    { set: { "bankInfo.routingNumber": "021000022" }, field: "bankInfo.routingNumber", message: "Routing Number is invalid" },
    { set: { "bankInfo.routingNumber": "500000005" }, field: "bankInfo.routingNumber", message: "Routing Number is invalid" },
    { set: { "bankInfo.routingNumber": "*****0015" }, field: "bankInfo.routingNumber", message: "Routing Number must be 9 digits" },
    { set: { "bankInfo.routingNumber": "*****0015" }, ctx: stored("routingNumber"), message: null },
    { set: { "bankInfo.accountName": "" }, field: "bankInfo.accountName", message: "Account Name is required" },
    { set: { "bankInfo.accountName": "J" }, field: "bankInfo.accountName", message: "Account Name must be 2 to 100 characters" },
    { set: { "bankInfo.accountName": s(101) }, field: "bankInfo.accountName", message: "Account Name must be 2 to 100 characters" },
    { set: { "bankInfo.accountTypeCode": "" }, field: "bankInfo.accountTypeCode", message: "Bank Account Type is required" },
    { set: { "bankInfo.accountTypeCode": "ACCTTYP_BROKERAGE" }, field: "bankInfo.accountTypeCode", message: "Bank Account Type is required" },
    { set: { "bankInfo.accountTypeCode": "ACCTTYP_SAVINGS" }, message: null },
    // Remittance assignment
    ...assignRows("APPTTYP_IND", { commissionRemitTypeCode: "COMRMT_TYP_ASGN" }),
    ...assignRows("APPTTYP_REP", { commissionRemitTypeCode: "COMRMT_TYP_PAPER" }),
    ...assignRows("APPTTYP_PRIN", { commissionRemitTypeCode: "" }),
    ...assignRows("APPTTYP_BOTH", { commissionRemitTypeCode: "COMRMT_TYP_PAPER" }),
    // Where not present: no assignment rules for REP / PRIN / BOTH.
    { type: "APPTTYP_REP", set: { commissionRemitTypeCode: "COMRMT_TYP_PAPER", commissionRemitAssign: {} }, message: null },
    { type: "APPTTYP_BOTH", set: { commissionRemitTypeCode: "COMRMT_TYP_PAPER", commissionRemitAssign: undefined }, message: null },
    // Other types ignore a leftover assignment unless the assignment is chosen.
    { set: { commissionRemitTypeCode: "COMRMT_TYP_PAPER", "commissionRemitAssign.agentAgencyName": "X" }, message: null },
  ];
  test.each(rows.map((r) => [label(r), r] as const))("%s", (_l, row) => check("commissions", row));

  function assignRows(type: AppointmentTypeCode, base: Record<string, unknown>): Row[] {
    const full = { agentAgencyName: "Lee Agency", ssnTaxID: "123456789", address1: "1 Main St", city: "Austin", stateCode: "TX", zip: "78701" };
    const setAll = (over: Record<string, unknown>) => ({ ...base, bankInfo: undefined, commissionRemitAssign: { ...full, ...over } });
    return [
      { type, set: setAll({}), message: null },
      { type, set: setAll({ agentAgencyName: "" }), field: "commissionRemitAssign.agentAgencyName", message: "Agent/Agency Name is required" },
      { type, set: setAll({ agentAgencyName: "L" }), field: "commissionRemitAssign.agentAgencyName", message: "Agent/Agency Name must be 2 to 100 characters" },
      { type, set: setAll({ agentAgencyName: s(101) }), field: "commissionRemitAssign.agentAgencyName", message: "Agent/Agency Name must be 2 to 100 characters" },
      { type, set: setAll({ ssnTaxID: "" }), field: "commissionRemitAssign.ssnTaxID", message: "SSN or Tax ID is required" },
      { type, set: setAll({ ssnTaxID: "12345678" }), field: "commissionRemitAssign.ssnTaxID", message: "SSN or Tax ID must be exactly 9 digits" },
      { type, set: setAll({ ssnTaxID: "1234567890" }), field: "commissionRemitAssign.ssnTaxID", message: "SSN or Tax ID must be exactly 9 digits" },
      { type, set: setAll({ ssnTaxID: "12345678X" }), field: "commissionRemitAssign.ssnTaxID", message: "SSN or Tax ID must be exactly 9 digits" },
      { type, set: setAll({ ssnTaxID: "123-45-6789" }), message: null },
      { type, set: setAll({ ssnTaxID: "*****6789" }), field: "commissionRemitAssign.ssnTaxID", message: "SSN or Tax ID must be exactly 9 digits" },
      { type, set: setAll({ ssnTaxID: "*****6789" }), ctx: stored("ssnTaxID"), message: null },
      { type, set: setAll({ address1: "1" }), field: "commissionRemitAssign.address1", message: "Assignee Address must be 2 to 100 characters" },
      { type, set: setAll({ city: "" }), field: "commissionRemitAssign.city", message: "Assignee City is required" },
      { type, set: setAll({ stateCode: "T" }), field: "commissionRemitAssign.stateCode", message: "Assignee State must be 2 letters" },
      { type, set: setAll({ zip: "1234" }), field: "commissionRemitAssign.zip", message: "Assignee Zip must be 5 to 15 characters" },
      { type, set: setAll({ zip: s(15, "1") }), message: null },
      { type, set: setAll({ zip: s(16, "1") }), field: "commissionRemitAssign.zip", message: "Assignee Zip must be 5 to 15 characters" },
    ];
  }
});

describe("States & Fees", () => {
  const rep = (set: Record<string, unknown>, field: string | undefined, message: string | null, type: AppointmentTypeCode = "APPTTYP_REP"): Row => ({ type, set, field, message });
  const rows: Row[] = [
    { set: { states: [] }, field: "states", message: "At least one State needs to be added" },
    { set: { states: undefined }, field: "states", message: MESSAGES.statesRequired },
    { type: "APPTTYP_CORP", set: { states: [] }, field: "states", message: MESSAGES.statesRequired },
    { type: "APPTTYP_REP", set: { states: [] }, field: "states", message: MESSAGES.statesRequired },
    { type: "APPTTYP_PRIN", set: { states: [] }, message: null },
    { set: { states: ["TX", "FL"] }, message: null },
    { set: { states: ["TX", "tx"] }, field: "states", message: "Your selected state has already been added to the list." },
    { set: { stateFeeAnswer: "" }, field: "stateFeeAnswer", message: "State Fee Question is Required" },
    { set: { stateFeeAnswer: "maybe" }, field: "stateFeeAnswer", message: "State Fee Question is Required" },
    { set: { stateFeeAnswer: "Y", isPA: false, isMT: false }, field: "isPA", message: "At least one State Fee needs to be selected" },
    { set: { stateFeeAnswer: "Y", isPA: false, isMT: true }, message: null },
    { set: { stateFeeAnswer: "Y", isPA: true, isMT: true }, message: null },
    { set: { stateFeeAnswer: "N", isPA: false, isMT: false }, message: null },
    { type: "APPTTYP_PRIN", set: { stateFeeAnswer: "" }, message: null },
    { set: { "signatures.SIGTYP_ST_FEES": "" }, field: "signatures.SIGTYP_ST_FEES", message: "Fees Signature Required" },
    { set: { "signatures.SIGTYP_ST_FEES": s(200) }, message: null },
    { set: { "signatures.SIGTYP_ST_FEES": s(201) }, field: "signatures.SIGTYP_ST_FEES", message: "Signature must be at most 200 characters" },
    // VB and VB custom invitations drop the fees, card and states rules.
    ...(["VB", "VB_CUSTOM"] as const).flatMap((flavour) =>
      (["APPTTYP_IND", "APPTTYP_REP", "APPTTYP_WVB", "APPTTYP_VB_CORP"] as const).map(
        (type): Row => ({ type, flavour, set: { states: [], stateFeeAnswer: "", ccInfo: undefined, signatures: {} }, message: null }),
      ),
    ),
    // Non-representative types have no card block.
    { set: { ccInfo: { cardNumber: "1" } }, message: null },
    // Credit card (REP, PRIN)
    rep({ "ccInfo.creditCardTypeCode": "" }, "ccInfo.creditCardTypeCode", "Card Type is required"),
    rep({ "ccInfo.creditCardTypeCode": "CCTYP_AMEX" }, "ccInfo.creditCardTypeCode", "Card Type is required"),
    rep({ "ccInfo.creditCardTypeCode": "" }, "ccInfo.creditCardTypeCode", "Card Type is required", "APPTTYP_PRIN"),
    rep({ ccInfo: undefined }, "ccInfo.cardNumber", "Card Number is required"),
    rep({ "ccInfo.cardNumber": "" }, "ccInfo.cardNumber", "Card Number is required"),
    rep({ "ccInfo.cardNumber": s(12, "4") }, "ccInfo.cardNumber", "Card Number must be 13 to 19 digits"),
    rep({ "ccInfo.cardNumber": s(13, "4") }, undefined, null),
    rep({ "ccInfo.cardNumber": s(19, "4") }, undefined, null),
    rep({ "ccInfo.cardNumber": s(20, "4") }, "ccInfo.cardNumber", "Card Number must be 13 to 19 digits"),
    rep({ "ccInfo.cardNumber": "4111 1111 1111 1111" }, undefined, null),
    rep({ "ccInfo.cardNumber": "4111x11111111111" }, "ccInfo.cardNumber", "Card Number must be 13 to 19 digits"),
    rep({ "ccInfo.cardNumber": "*****1111" }, "ccInfo.cardNumber", "Card Number must be 13 to 19 digits"),
    { type: "APPTTYP_REP", ctx: { stored: { ...testContext().stored, cardNumber: true } }, set: { "ccInfo.cardNumber": "*****1111" }, message: null },
    rep({ "ccInfo.expirationMonth": "" }, "ccInfo.expirationMonth", "Expiration Month is required"),
    rep({ "ccInfo.expirationMonth": "0" }, "ccInfo.expirationMonth", "Expiration Month must be 1 to 12"),
    rep({ "ccInfo.expirationMonth": "1" }, undefined, null),
    rep({ "ccInfo.expirationMonth": "13" }, "ccInfo.expirationMonth", "Expiration Month must be 1 to 12"),
    rep({ "ccInfo.expirationYear": "" }, "ccInfo.expirationYear", "Expiration Year is required"),
    rep({ "ccInfo.expirationYear": "2025" }, "ccInfo.expirationYear", "Expiration Year must be 2026 to 2045"),
    rep({ "ccInfo.expirationYear": "2026" }, undefined, null),
    rep({ "ccInfo.expirationYear": "2045" }, undefined, null),
    rep({ "ccInfo.expirationYear": "2046" }, "ccInfo.expirationYear", "Expiration Year must be 2026 to 2045"),
    rep({ "ccInfo.expirationYear": "2026", "ccInfo.expirationMonth": "2" }, "ccInfo.expirationMonth", "The card has expired"),
    rep({ "ccInfo.expirationYear": "2026", "ccInfo.expirationMonth": "3" }, undefined, null),
    // The CVC is never stored (decision 0087): the section checks one typed, never asks for one (SUBMIT does).
    rep({ "ccInfo.cvcNumber": "" }, undefined, null),
    rep({ "ccInfo.cvcNumber": "12" }, "ccInfo.cvcNumber", "CVC must be 3 or 4 digits"),
    rep({ "ccInfo.cvcNumber": "123" }, undefined, null),
    rep({ "ccInfo.cvcNumber": "1234" }, undefined, null),
    rep({ "ccInfo.cvcNumber": "12345" }, "ccInfo.cvcNumber", "CVC must be 3 or 4 digits"),
    rep({ "ccInfo.cvcNumber": "12a" }, "ccInfo.cvcNumber", "CVC must be 3 or 4 digits"),
    rep({ "ccInfo.cvcNumber": "****" }, "ccInfo.cvcNumber", "CVC must be 3 or 4 digits"),
    rep({ "ccInfo.cvcNumber": "****1234" }, "ccInfo.cvcNumber", "CVC must be 3 or 4 digits"),
    rep({ "ccInfo.nameonCard": "" }, "ccInfo.nameonCard", "Name on Card is required"),
    rep({ "ccInfo.nameonCard": "J" }, "ccInfo.nameonCard", "Name on Card must be 2 to 150 characters"),
    rep({ "ccInfo.nameonCard": s(150) }, undefined, null),
    rep({ "ccInfo.nameonCard": s(151) }, "ccInfo.nameonCard", "Name on Card must be 2 to 150 characters"),
    rep({ "ccInfo.billingAddress": "" }, "ccInfo.billingAddress", "Billing Address is required"),
    rep({ "ccInfo.billingAddress": "1" }, "ccInfo.billingAddress", "Billing Address must be 2 to 150 characters"),
    rep({ "ccInfo.billingAddress": s(151) }, "ccInfo.billingAddress", "Billing Address must be 2 to 150 characters"),
    rep({ "ccInfo.city": "" }, "ccInfo.city", "Billing City is required"),
    rep({ "ccInfo.city": s(151) }, "ccInfo.city", "Billing City must be 2 to 150 characters"),
    rep({ "ccInfo.stateCode": "T" }, "ccInfo.stateCode", "Billing State must be 2 to 150 characters"),
    rep({ "ccInfo.zip": "" }, "ccInfo.zip", "Billing Zip is required"),
    rep({ "ccInfo.zip": s(151, "1") }, "ccInfo.zip", "Billing Zip must be 2 to 150 characters"),
  ];
  test.each(rows.map((r) => [label(r), r] as const))("%s", (_l, row) => check("fees", row));
});

describe("Policies & Agreements", () => {
  const sig = (k: string) => `signatures.${k}`;
  const rows: Row[] = [
    ...([
      ["SIGTYP_POLICY_AGREE", "Policy Agreement checkbox Required"],
      ["SIGTYP_AGENT_AGREE", "Agent Agreement checkbox Required"],
      ["SIGTYP_AML", "AML Agreement checkbox Required"],
    ] as const).flatMap(([k, m]): Row[] => [
      { set: { [sig(k)]: "N" }, field: sig(k), message: m },
      { set: { [sig(k)]: "" }, field: sig(k), message: m },
      { set: { [sig(k)]: "yes" }, field: sig(k), message: m },
    ]),
    { type: "APPTTYP_REP", set: { [sig("SIGTYP_ACKREP")]: "N" }, field: sig("SIGTYP_ACKREP"), message: "Representative Agreement checkbox Required" },
    { type: "APPTTYP_PRIN", set: { [sig("SIGTYP_ACKREP")]: "" }, field: sig("SIGTYP_ACKREP"), message: "Representative Agreement checkbox Required" },
    // Every type acknowledges the representative agreement (spec §2: four parts; decision 0017).
    { set: { [sig("SIGTYP_ACKREP")]: "N" }, field: sig("SIGTYP_ACKREP"), message: "Representative Agreement checkbox Required" },
    { type: "APPTTYP_CORP", set: { [sig("SIGTYP_ACKREP")]: "" }, field: sig("SIGTYP_ACKREP"), message: "Representative Agreement checkbox Required" },
    { set: { [sig("SIGTYP_AGREENAME")]: "" }, field: sig("SIGTYP_AGREENAME"), message: "Your Name is Required" },
    { set: { [sig("SIGTYP_AGREENAME")]: s(200) }, message: null },
    { set: { [sig("SIGTYP_AGREENAME")]: s(201) }, field: sig("SIGTYP_AGREENAME"), message: "Signature must be at most 200 characters" },
    { set: { [sig("SIGTYP_AGREESIG")]: "" }, field: sig("SIGTYP_AGREESIG"), message: "Agreement Signature Required" },
    { set: { [sig("SIGTYP_AGREESIG")]: "S" }, message: null },
    { set: { [sig("SIGTYP_AGREESIG")]: s(201) }, field: sig("SIGTYP_AGREESIG"), message: "Signature must be at most 200 characters" },
  ];
  test.each(rows.map((r) => [label(r), r] as const))("%s", (_l, row) => check("agreements", row));
});

describe("Supporting Documents", () => {
  const rows: Row[] = [
    { ctx: { hasUploaded: {} }, set: { willFax: false }, field: "DOCTYP_EO_CERT", message: "Missing E&O Certificate" },
    { ctx: { hasUploaded: { DOCTYP_EO_CERT: false } }, set: { willFax: undefined }, field: "DOCTYP_EO_CERT", message: "Missing E&O Certificate" },
    { ctx: { hasUploaded: {} }, set: { willFax: true }, message: null },
    { ctx: { hasUploaded: {}, willFax: true }, set: { willFax: undefined }, message: null },
    { ctx: { hasUploaded: { DOCTYP_EO_CERT: true } }, set: { willFax: false }, message: null },
    { type: "APPTTYP_CORP", ctx: { hasUploaded: {} }, set: {}, field: "DOCTYP_EO_CERT", message: "Missing E&O Certificate" },
    // Principals: the E&O certificate is always treated as present.
    { type: "APPTTYP_PRIN", ctx: { hasUploaded: {} }, set: { willFax: false }, message: null },
  ];
  test.each(rows.map((r) => [label(r), r] as const))("%s", (_l, row) => check("documents", row));
});

describe("Wizard", () => {
  const msg = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } }, v: unknown) => {
    const r = schema.safeParse(v);
    return r.success ? null : r.error!.issues[0].message;
  };
  test.each([
    [{}, "Please choose Yes or No"],
    [{ looksGood: "" }, "Please choose Yes or No"],
    [{ looksGood: "maybe" }, "Please choose Yes or No"],
    [{ looksGood: "Y" }, null],
    [{ looksGood: "N" }, null],
  ])("step 2 %j → %s", (v, m) => expect(msg(wizardStep2Schema, v)).toBe(m));
  test.each([
    [{}, "Please choose one of the appointment types before continuing."],
    [{ appointmentTypeCode: "APPTTYP_NONE" }, MESSAGES.wizardType],
    [{ appointmentTypeCode: "APPTTYP_IND" }, null],
    [{ appointmentTypeCode: "APPTTYP_CORP" }, null],
  ])("step 3 %j → %s", (v, m) => expect(msg(wizardStep3SchemaFor("STANDARD"), v)).toBe(m));
  test.each([
    ["STANDARD", "APPTTYP_IND", null],
    ["STANDARD", "APPTTYP_WVB", MESSAGES.wizardType],
    ["STANDARD", "APPTTYP_REP", MESSAGES.wizardType],
    ["VB", "APPTTYP_WVB", null],
    ["VB", "APPTTYP_VB_CORP", null],
    ["VB", "APPTTYP_IND", MESSAGES.wizardType],
    ["VB_CUSTOM", undefined, MESSAGES.wizardType],
  ] as const)("step 3 for a %s invitation: %s → %s", (flavour, code, m) => expect(msg(wizardStep3SchemaFor(flavour), { appointmentTypeCode: code })).toBe(m));
  test("conform reports the wizard messages on the radio names", () => {
    expect(parseWithZod(new FormData(), { schema: wizardStep2Schema }).reply().error).toEqual({ looksGood: ["Please choose Yes or No"] });
    expect(parseWithZod(new FormData(), { schema: wizardStep3SchemaFor("STANDARD") }).reply().error).toEqual({ appointmentTypeCode: [MESSAGES.wizardType] });
  });
});

describe("conform without JavaScript: posted form data", () => {
  const ctx = testContext();
  function post(entries: Array<[string, string]>) {
    const fd = new FormData();
    for (const [k, v] of entries) fd.append(k, v);
    return fd;
  }
  const personalEntries = (): Array<[string, string]> => {
    const p = validApplication().personal;
    const e: Array<[string, string]> = [
      ["firstName", p.firstName!], ["middleName", ""], ["lastName", p.lastName!], ["ssn", "900-78-1234"], ["birthDate", p.birthDate!],
      ["emailAddress", "Jordan.Lee@Example.com"], ["nationalProducerNumber", p.nationalProducerNumber!],
      ["residentStateInsuranceLicenseNumber", p.residentStateInsuranceLicenseNumber!], ["phoneNumber", "(512) 555-0100"], ["cellNumber", ""],
      ["faxNumber", ""], ["sendCorrespondenceToCode", "R"], ["home.address1", "100 Congress Ave"], ["home.address2", ""], ["home.city", "Austin"],
      ["home.stateCode", "TX"], ["home.zipCode", "78701"], ["qnaComment", ""], ["signatures.SIGTYP_QNA", "Smith"],
      ["signatures.SIGTYP_FCRA_DISCLOSURE", "Y"], ["signatures.SIGTYP_FCRA_AUTH", "Jordan Lee"],
      ["apptIRSInfo.name", "Jordan Lee"], ["apptIRSInfo.businessTypeCode", "W9BIZ_TYP_IND"], ["signatures.SIGTYP_W9_CERT", "Smith"],
    ];
    for (let i = 0; i < 15; i++) e.push([`answers[${i}].questionId`, String(i + 1)], [`answers[${i}].answer`, "N"]);
    return e;
  };

  test("a complete personal form passes and comes out normalised (digits only, lowercased email, empty → undefined)", () => {
    const sub = parseWithZod(post(personalEntries()), { schema: personalSchema(ctx) });
    expect(sub.status).toBe("success");
    if (sub.status !== "success") return;
    expect(sub.value.ssn).toBe("900781234");
    expect(sub.value.phoneNumber).toBe("5125550100");
    expect(sub.value.emailAddress).toBe("jordan.lee@example.com");
    expect(sub.value.middleName).toBeUndefined();
    expect(sub.value.answers).toHaveLength(15);
  });

  test("errors are reported under the posted field names", () => {
    const e = personalEntries().filter(([k]) => k !== "home.city" && k !== "answers[2].answer" && k !== "signatures.SIGTYP_QNA");
    const error = parseWithZod(post(e), { schema: personalSchema(ctx) }).reply().error;
    expect(error).toEqual({
      "home.city": ["Home City is required"],
      "answers[2].answer": ["Answers Required"],
      answers: ["All questions must be answered"],
      "signatures.SIGTYP_QNA": ["Q&A Signature Required"],
    });
  });

  test("a posted mask is kept when a value is stored, refused otherwise", () => {
    const e = personalEntries().map(([k, v]): [string, string] => (k === "ssn" ? [k, "*****1234"] : [k, v]));
    const kept = parseWithZod(post(e), { schema: personalSchema(testContext({ stored: { ...ctx.stored, ssn: true } })) });
    expect(kept.status).toBe("success");
    if (kept.status === "success") expect(kept.value.ssn).toBe("*****1234");
    expect(parseWithZod(post(e), { schema: personalSchema(ctx) }).reply().error).toEqual({ ssn: ["SSN must be 9 digits"] });
  });

  test("fees: one state posted as a single value, checkboxes 'on', answering No clears PA and MT", () => {
    const sub = parseWithZod(post([["states", "TX"], ["stateFeeAnswer", "N"], ["isPA", "on"], ["signatures.SIGTYP_ST_FEES", "Smith"]]), {
      schema: feesSchema(ctx),
    });
    expect(sub.status).toBe("success");
    if (sub.status === "success") expect(sub.value).toMatchObject({ states: ["TX"], isPA: false, isMT: false });
    const yes = parseWithZod(post([["states", "TX"], ["states", "FL"], ["stateFeeAnswer", "Y"], ["signatures.SIGTYP_ST_FEES", "Smith"]]), {
      schema: feesSchema(ctx),
    });
    expect(yes.reply().error).toEqual({ isPA: ["At least one State Fee needs to be selected"] });
  });

  test("agreements: unchecked checkboxes post nothing and are reported", () => {
    const sub = parseWithZod(post([["signatures.SIGTYP_AGREENAME", "Jordan Q Lee"], ["signatures.SIGTYP_AGREESIG", "Smith"]]), {
      schema: agreementsSchema(ctx),
    });
    expect(sub.reply().error).toEqual({
      "signatures.SIGTYP_POLICY_AGREE": ["Policy Agreement checkbox Required"],
      "signatures.SIGTYP_AGENT_AGREE": ["Agent Agreement checkbox Required"],
      "signatures.SIGTYP_ACKREP": ["Representative Agreement checkbox Required"],
      "signatures.SIGTYP_AML": ["AML Agreement checkbox Required"],
    });
  });

  test("commissions: bank fields under bankInfo.*", () => {
    const sub = parseWithZod(
      post([
        ["signatures.SIGTYP_COMSCHED_DT", "2026-03-14"], ["signatures.SIGTYP_COMSCHED_AGT", "Jordan Q Lee"], ["signatures.SIGTYP_COMSCHED", "Smith"],
        ["commissionRemitTypeCode", "COMRMT_TYP_DIRECT"], ["bankInfo.bankName", "First Bank"], ["bankInfo.accountNumber", "1234-5678"],
        ["bankInfo.routingNumber", "011000016"], ["bankInfo.accountName", "Jordan Lee"],
      ]),
      { schema: commissionsSchema(ctx) },
    );
    expect(sub.reply().error).toEqual({
      "bankInfo.routingNumber": ["Routing Number is invalid"],
      "bankInfo.accountTypeCode": ["Bank Account Type is required"],
    });
  });
});

describe("the CVC asked with SUBMIT (decision 0087)", () => {
  const ctx = (appointmentTypeCode: AppointmentTypeCode, flavour: InvitationFlavour = "STANDARD") => ({ ...testContext(), appointmentTypeCode, flavour });
  test.each([
    [undefined, "CVC is required"],
    ["", "CVC is required"],
    ["12", "CVC must be 3 or 4 digits"],
    ["12345", "CVC must be 3 or 4 digits"],
    ["****", "CVC must be 3 or 4 digits"],
    ["123", undefined],
    [" 1234 ", undefined],
  ])("a card-paying type: %j → %s", (cvc, message) => {
    expect(cvcAtSubmit(cvc, ctx("APPTTYP_REP"))).toBe(message);
    expect(cvcAtSubmit(cvc, ctx("APPTTYP_PRIN"))).toBe(message);
  });
  test("a type without a card, or a VB invitation, is not asked", () => {
    expect(cvcAtSubmit(undefined, ctx("APPTTYP_IND"))).toBeUndefined();
    expect(cvcAtSubmit(undefined, ctx("APPTTYP_REP", "VB"))).toBeUndefined();
  });
});
