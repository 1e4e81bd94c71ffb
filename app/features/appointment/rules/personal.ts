// Personal Information: the shape, the normalising and the rules of spec part 2 §5
// (composed into the section schema by schema.ts).
import { z } from "zod";
import { isNpn, NPN_MESSAGES } from "~/lib/npn";
import { isBeforeNow, normalizeEmail } from "../derive";
import { isEmailAddress } from "~/lib/email-address";
import { isIndividualW9Type, isRepresentativeType, showsBusinessBlock, showsFaxField, showsW9 } from "../model";
import { CORRESPONDENCE_CODES, PERSONAL_QUESTION_COUNT, W9_BUSINESS_TYPES, W9_CORPORATE_BUSINESS_TYPES, isMasked } from "../codes";
import { type PersonalForm, type ValidationContext } from "../form-data";
import { MESSAGES, required } from "../messages";
import { FCRA_MESSAGES } from "../fcra";
import {
  type Add,
  T,
  checkbox,
  address,
  addressShape,
  bool,
  capped,
  digits,
  normAddress,
  num,
  oneOf,
  phone,
  present,
  signature,
  signed,
  str,
  text,
  trimOrUndef,
} from "./kit";

export const personalShape = z.object({
  firstName: capped(T.firstName),
  middleName: capped(T.middleName),
  lastName: capped(T.lastName),
  ssn: str(),
  birthDate: str(),
  emailAddress: str(),
  driverLicenseNumber: capped(T.driverLicenseNumber),
  nationalProducerNumber: capped(T.nationalProducerNumber),
  residentStateInsuranceLicenseNumber: capped(T.residentStateInsuranceLicenseNumber),
  residentStateCode: str(),
  cellNumber: str(),
  phoneNumber: str(),
  faxNumber: str(),
  businessName: capped(T.businessName),
  businessPhone: str(),
  businessCellNumber: str(),
  businessFaxNumber: str(),
  businessTaxID: str(),
  home: addressShape("Home").optional(),
  business: addressShape("Business").optional(),
  sameAsMailing: bool(),
  sendCorrespondenceToCode: str(),
  answers: z.array(z.object({ questionId: str(), answer: str() })).optional(),
  qnaComment: capped(T.qnaComment),
  apptIRSInfo: z
    .object({ name: capped(T.w9Name), businessName: capped(T.w9BusinessName), businessTypeCode: str(), businessTypeOther: capped(T.w9Other), employerIdNumber: str() })
    .optional(),
  signatures: z
    .object({ SIGTYP_QNA: signed(), SIGTYP_W9_CERT: signed(), SIGTYP_FCRA_DISCLOSURE: str(), SIGTYP_FCRA_AUTH: signed() })
    .optional(),
});

export function normalizePersonal(p: PersonalForm): PersonalForm {
  const irs = p.apptIRSInfo;
  return {
    ...p,
    firstName: trimOrUndef(p.firstName),
    middleName: trimOrUndef(p.middleName),
    lastName: trimOrUndef(p.lastName),
    ssn: num(p.ssn),
    birthDate: trimOrUndef(p.birthDate),
    emailAddress: p.emailAddress === undefined ? undefined : trimOrUndef(normalizeEmail(p.emailAddress)),
    driverLicenseNumber: trimOrUndef(p.driverLicenseNumber),
    nationalProducerNumber: trimOrUndef(p.nationalProducerNumber),
    residentStateInsuranceLicenseNumber: trimOrUndef(p.residentStateInsuranceLicenseNumber),
    residentStateCode: trimOrUndef(p.residentStateCode)?.toUpperCase(),
    cellNumber: phone(p.cellNumber),
    phoneNumber: phone(p.phoneNumber),
    faxNumber: phone(p.faxNumber),
    businessName: trimOrUndef(p.businessName),
    businessPhone: phone(p.businessPhone),
    businessCellNumber: phone(p.businessCellNumber),
    businessFaxNumber: phone(p.businessFaxNumber),
    businessTaxID: num(p.businessTaxID),
    home: normAddress(p.home),
    business: normAddress(p.business),
    sendCorrespondenceToCode: trimOrUndef(p.sendCorrespondenceToCode),
    answers: (Array.isArray(p.answers) ? p.answers : undefined)?.map((a) => ({ questionId: trimOrUndef(a?.questionId), answer: trimOrUndef(a?.answer) })),
    qnaComment: trimOrUndef(p.qnaComment),
    apptIRSInfo: irs && {
      name: trimOrUndef(irs.name),
      businessName: trimOrUndef(irs.businessName),
      businessTypeCode: trimOrUndef(irs.businessTypeCode),
      businessTypeOther: trimOrUndef(irs.businessTypeOther),
      employerIdNumber: num(irs.employerIdNumber),
    },
    signatures: p.signatures && {
      SIGTYP_QNA: trimOrUndef(p.signatures.SIGTYP_QNA),
      SIGTYP_W9_CERT: trimOrUndef(p.signatures.SIGTYP_W9_CERT),
      SIGTYP_FCRA_DISCLOSURE: trimOrUndef(p.signatures.SIGTYP_FCRA_DISCLOSURE) === "Y" ? "Y" : "N",
      SIGTYP_FCRA_AUTH: trimOrUndef(p.signatures.SIGTYP_FCRA_AUTH),
    },
  };
}

export function personalRules(p: PersonalForm, ctx: ValidationContext, add: Add): void {
  const type = ctx.appointmentTypeCode;
  text(add, ["firstName"], p.firstName, T.firstName, { required: true });
  text(add, ["middleName"], p.middleName, T.middleName);
  text(add, ["lastName"], p.lastName, T.lastName, { required: true });
  digits(add, ["ssn"], p.ssn, "SSN", 9, { required: true, stored: ctx.stored.ssn });
  if (!present(p.birthDate)) add(["birthDate"], required("Birth Date"));
  else if (!isBeforeNow(p.birthDate, ctx.now)) add(["birthDate"], MESSAGES.birthDateRange);
  if (!present(p.emailAddress)) add(["emailAddress"], required("Email Address"));
  else if (!isEmailAddress(p.emailAddress)) add(["emailAddress"], "Email Address is invalid");
  text(add, ["driverLicenseNumber"], p.driverLicenseNumber, T.driverLicenseNumber);
  text(add, ["nationalProducerNumber"], p.nationalProducerNumber, T.nationalProducerNumber, { required: true });
  // The one NPN rule (~/lib/npn): NIPR's 1 to 10 digits, inside the spec's 25-character cap.
  if (present(p.nationalProducerNumber) && p.nationalProducerNumber.length <= T.nationalProducerNumber.max && !isNpn(p.nationalProducerNumber.trim()))
    add(["nationalProducerNumber"], NPN_MESSAGES.invalid);
  text(add, ["residentStateInsuranceLicenseNumber"], p.residentStateInsuranceLicenseNumber, T.residentStateInsuranceLicenseNumber, { required: true });
  if (present(p.residentStateCode) && !/^[A-Z]{2}$/.test(p.residentStateCode)) add(["residentStateCode"], "Resident State must be 2 letters");
  digits(add, ["phoneNumber"], p.phoneNumber, "Phone Number", 10, { required: true });
  digits(add, ["cellNumber"], p.cellNumber, "Cell Number", 10);
  if (showsFaxField(ctx)) digits(add, ["faxNumber"], p.faxNumber, "Fax Number", 10);
  oneOf(add, ["sendCorrespondenceToCode"], p.sendCorrespondenceToCode, CORRESPONDENCE_CODES, MESSAGES.correspondence);

  address(add, "home", p.home, "Home");

  if (showsBusinessBlock(ctx)) {
    text(add, ["businessName"], p.businessName, T.businessName, { required: true });
    digits(add, ["businessPhone"], p.businessPhone, "Business Phone", 10, { required: true });
    digits(add, ["businessTaxID"], p.businessTaxID, "Business Tax Id", 9, { required: true, stored: ctx.stored.businessTaxID });
    digits(add, ["businessCellNumber"], p.businessCellNumber, "Business Cell Number", 10);
    digits(add, ["businessFaxNumber"], p.businessFaxNumber, "Business Fax Number", 10);
    address(add, "business", p.business, "Business");
  } else if (isRepresentativeType(type)) {
    digits(add, ["businessPhone"], p.businessPhone, "Business Phone", 10);
  }
  // Both values typed in full (not masks) and equal.
  if (present(p.ssn) && present(p.businessTaxID) && !isMasked(p.ssn) && !isMasked(p.businessTaxID) && p.ssn === p.businessTaxID && showsBusinessBlock(ctx)) {
    add(["businessTaxID"], MESSAGES.ssnEqualsTaxId);
  }

  // Questions and answers.
  const answers = p.answers ?? [];
  let unanswered = 0;
  answers.forEach((a, i) => {
    if (a?.answer !== "Y" && a?.answer !== "N") {
      unanswered++;
      add(["answers", i, "answer"], MESSAGES.answerRequired, { listed: false });
    }
  });
  const answered = new Set(answers.filter((a) => a?.answer === "Y" || a?.answer === "N").map((a) => a?.questionId));
  const posted = new Set(answers.map((a) => a?.questionId));
  const missingEntries = ctx.personalQuestionIds
    ? ctx.personalQuestionIds.filter((id) => !posted.has(id)).length
    : Math.max(0, PERSONAL_QUESTION_COUNT - answers.length);
  const allAnswered = ctx.personalQuestionIds ? ctx.personalQuestionIds.every((id) => answered.has(id)) : answered.size >= PERSONAL_QUESTION_COUNT && unanswered === 0;
  if (!allAnswered || unanswered > 0) add(["answers"], MESSAGES.allQuestions, { checks: missingEntries, missing: true });
  text(add, ["qnaComment"], p.qnaComment, T.qnaComment);
  signature(add, ["signatures", "SIGTYP_QNA"], p.signatures?.SIGTYP_QNA, MESSAGES.qnaSignature);

  // Background check (decision 0121): both needed to submit; a draft that gives one without the
  // other is refused by the section's check (personal.server.ts), where a blank field can be named.
  checkbox(add, ["signatures", "SIGTYP_FCRA_DISCLOSURE"], p.signatures?.SIGTYP_FCRA_DISCLOSURE, FCRA_MESSAGES.disclosureRequired);
  signature(add, ["signatures", "SIGTYP_FCRA_AUTH"], p.signatures?.SIGTYP_FCRA_AUTH, FCRA_MESSAGES.authRequired);

  // W-9.
  if (showsW9(ctx)) {
    const irs = p.apptIRSInfo ?? {};
    text(add, ["apptIRSInfo", "name"], irs.name, T.w9Name, { required: true });
    const needsBusinessName = type === "APPTTYP_CORP" || type === "APPTTYP_VB_CORP" || type === "APPTTYP_BOTH" || type === "APPTTYP_REP";
    text(add, ["apptIRSInfo", "businessName"], irs.businessName, T.w9BusinessName, { required: needsBusinessName });
    const bt = irs.businessTypeCode;
    if (!present(bt) || !(W9_BUSINESS_TYPES as readonly string[]).includes(bt)) add(["apptIRSInfo", "businessTypeCode"], required("Type Of Business"));
    else if (isIndividualW9Type(type) && bt !== "W9BIZ_TYP_IND") add(["apptIRSInfo", "businessTypeCode"], MESSAGES.w9IndividualType);
    else if ((type === "APPTTYP_CORP" || type === "APPTTYP_VB_CORP") && !(W9_CORPORATE_BUSINESS_TYPES as readonly string[]).includes(bt))
      add(["apptIRSInfo", "businessTypeCode"], MESSAGES.w9CorporateType);
    text(add, ["apptIRSInfo", "businessTypeOther"], irs.businessTypeOther, T.w9Other, {
      required: bt === "W9BIZ_TYP_OTHER",
      requiredMessage: "Please describe the Other Type Of Business",
    });
    digits(add, ["apptIRSInfo", "employerIdNumber"], irs.employerIdNumber, "Employer ID Number", 9, { stored: ctx.stored.employerIdNumber });
    signature(add, ["signatures", "SIGTYP_W9_CERT"], p.signatures?.SIGTYP_W9_CERT, MESSAGES.w9Signature);
  }
}
