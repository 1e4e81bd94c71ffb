// Test data for the appointment application: a validation context and a
// complete (valid) application of each type. Used by the unit tests and
// usable by integration and e2e tests. No server-only imports.
import { isRepresentativeType, showsBusinessBlock, showsW9, type AppointmentTypeCode, type InvitationFlavour } from "./model";
import { PERSONAL_QUESTION_COUNT } from "./codes";
import { NOTHING_STORED, type ApplicationData, type ValidationContext } from "./form-data";

export const FIXED_NOW = new Date("2026-03-15T12:00:00Z");

export function testContext(over: Partial<ValidationContext> = {}): ValidationContext {
  return {
    appointmentTypeCode: "APPTTYP_IND",
    flavour: "STANDARD",
    willFax: false,
    residentStateCode: "TX",
    hasUploaded: { DOCTYP_EO_CERT: true },
    now: FIXED_NOW,
    stored: { ...NOTHING_STORED },
    ...over,
  };
}

/** A complete application of the type: every section passes its schema. */
export function validApplication(appointmentTypeCode: AppointmentTypeCode = "APPTTYP_IND", flavour: InvitationFlavour = "STANDARD"): ApplicationData {
  const t = { appointmentTypeCode, flavour };
  const corporate = appointmentTypeCode === "APPTTYP_CORP" || appointmentTypeCode === "APPTTYP_VB_CORP";
  const business = showsBusinessBlock(t);
  const rep = isRepresentativeType(appointmentTypeCode);
  return {
    personal: {
      firstName: "Jordan",
      middleName: "Quinn",
      lastName: "Lee",
      ssn: "900781234",
      birthDate: "1990-09-03",
      emailAddress: "jordan.lee@example.com",
      driverLicenseNumber: "D1234567",
      nationalProducerNumber: "20261850",
      residentStateInsuranceLicenseNumber: "TX-2301850",
      residentStateCode: "TX",
      cellNumber: "5125550101",
      phoneNumber: "5125550100",
      home: { address1: "100 Congress Ave", city: "Austin", stateCode: "TX", zipCode: "78701" },
      sendCorrespondenceToCode: "R",
      answers: Array.from({ length: PERSONAL_QUESTION_COUNT }, (_, i) => ({ questionId: String(i + 1), answer: "N" })),
      qnaComment: "",
      signatures: { SIGTYP_QNA: "Smith", SIGTYP_FCRA_DISCLOSURE: "Y", SIGTYP_FCRA_AUTH: "Pat Smith", ...(showsW9(t) ? { SIGTYP_W9_CERT: "Smith" } : {}) },
      ...(business
        ? {
            businessName: "Lee Insurance LLC",
            businessPhone: "5125550199",
            businessTaxID: "123456789",
            business: { address1: "200 Lamar Blvd", city: "Austin", stateCode: "TX", zipCode: "78703" },
          }
        : {}),
      ...(showsW9(t)
        ? {
            apptIRSInfo: {
              name: "Jordan Quinn Lee",
              businessName: business ? "Lee Insurance LLC" : undefined,
              businessTypeCode: corporate ? "W9BIZ_TYP_LLC" : business ? "W9BIZ_TYP_SCORP" : "W9BIZ_TYP_IND",
              employerIdNumber: business ? "123456789" : undefined,
            },
          }
        : {}),
    },
    commissions: {
      signatures: flavour === "VB_CUSTOM" ? {} : { SIGTYP_COMSCHED_DT: "2026-03-14", SIGTYP_COMSCHED_AGT: "Jordan Q Lee", SIGTYP_COMSCHED: "Smith" },
      commissionRemitTypeCode: "COMRMT_TYP_DIRECT",
      bankInfo: { bankName: "First Bank", accountNumber: "12345678", routingNumber: "011000015", accountName: "Jordan Lee", accountTypeCode: "ACCTTYP_CHECKING" },
    },
    fees: {
      states: ["TX"],
      stateFeeAnswer: "Y",
      isPA: true,
      isMT: false,
      signatures: { SIGTYP_ST_FEES: "Smith" },
      ...(rep
        ? {
            ccInfo: {
              creditCardTypeCode: "CCTYP_VISA",
              cardNumber: "4111111111111111",
              expirationMonth: "12",
              expirationYear: "2028",
              cvcNumber: "123",
              nameonCard: "Jordan Lee",
              billingAddress: "100 Congress Ave",
              city: "Austin",
              stateCode: "TX",
              zip: "78701",
            },
          }
        : {}),
    },
    agreements: {
      signatures: {
        SIGTYP_POLICY_AGREE: "Y",
        SIGTYP_AGENT_AGREE: "Y",
        SIGTYP_ACKREP: "Y",
        SIGTYP_AML: "Y",
        SIGTYP_AGREENAME: "Jordan Q Lee",
        SIGTYP_AGREESIG: "Smith",
      },
    },
    documents: { willFax: false, extraWritingNumRequested: false },
  };
}
