// The check-your-answers summary (issue 36 item 3, decision 0099): every visible section of the
// application as label and value rows, from the data the section forms hold, so a sensitive
// number reads exactly as on its section (the stored mask, '*****6789'; the CVC is never there).
// The labels are the forms' own; a signature typed as the mother's maiden name reads '•••• (given)'
// (decision 0104). Pure (browser and server).
import {
  ACCOUNT_TYPE_LABELS,
  CARD_TYPE_LABELS,
  CORRESPONDENCE_LABELS,
  REMIT_TYPE_LABELS,
  shownSignature,
  W9_BUSINESS_TYPE_LABELS,
} from "./codes";
import type { AddressForm, ApplicationData } from "./form-data";
import {
  hasRemitAssignment,
  SECTION_TITLES,
  showsBusinessBlock,
  showsCommissionSchedule,
  showsCreditCard,
  showsFaxField,
  showsRepresentativeAgreement,
  showsStateFeeQuestion,
  showsW9,
  type DataSectionId,
  type SectionId,
  type TypeAndFlavour,
} from "./model";
import { formatDate } from "~/lib/format";

export type SummaryRow = { label: string; value: string };
export type SummaryGroup = { title: string | null; rows: SummaryRow[] };
export type SummarySection = { id: DataSectionId; title: string; groups: SummaryGroup[] };

export type CheckAnswersInput = {
  data: ApplicationData;
  type: TypeAndFlavour;
  sections: readonly SectionId[];
  questions: ReadonlyArray<{ questionId: number; questionText: string }>;
  states: ReadonlyArray<{ stateCode: string; stateName: string; feeAmount: number }>;
  totalFees: number;
  /** The documents to upload and whether each is there (Supporting Documents' lists). */
  documents: ReadonlyArray<{ title: string; present: boolean }>;
};

export const NOT_GIVEN = "Not given";

const text = (v: string | null | undefined) => (v && v.trim() ? v.trim() : NOT_GIVEN);
/** A day the form holds as YYYY-MM-DD, shown MM/DD/YYYY like every screen (~/lib/format). */
const day = (v: string | null | undefined) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v.trim()) ? formatDate(v.trim()) : text(v));
const labelOf = (labels: Record<string, string>, code: string | undefined) => (code ? (labels[code] ?? code) : NOT_GIVEN);
const yesNo = (v: string | undefined) => (v === "Y" ? "Yes" : v === "N" ? "No" : "Not answered");
const checked = (v: string | undefined) => (v === "Y" ? "Yes" : "No");
const money = (n: number) => `$${n.toFixed(2)}`;
const address = (a: AddressForm | undefined) => {
  const line = [a?.address1, a?.address2, [a?.city, a?.stateCode, a?.zipCode].filter(Boolean).join(" ")].filter((x) => x && x.trim()).join(", ");
  return line || NOT_GIVEN;
};
const row = (label: string, value: string): SummaryRow => ({ label, value });
/** A signature row's value: the mother's maiden name masked like the other secrets (decision 0104). */
const sig = (sigs: Record<string, string | undefined> | undefined, code: string) => text(shownSignature(code, sigs?.[code]));

function personal(i: CheckAnswersInput): SummaryGroup[] {
  const p = i.data.personal;
  const groups: SummaryGroup[] = [
    {
      title: "Basics",
      rows: [
        row("First Name", text(p.firstName)),
        row("Middle Name", text(p.middleName)),
        row("Last Name", text(p.lastName)),
        row("SSN", text(p.ssn)),
        row("Birth Date", day(p.birthDate)),
        row("Email Address", text(p.emailAddress)),
        row("Driver License Number", text(p.driverLicenseNumber)),
        row("National Producer Number (NPN)", text(p.nationalProducerNumber)),
        row("Resident State Insurance License Number", text(p.residentStateInsuranceLicenseNumber)),
        row("Resident State", text(p.residentStateCode)),
        row("Phone Number", text(p.phoneNumber)),
        row("Cell Number", text(p.cellNumber)),
        ...(showsFaxField(i.type) ? [row("Fax Number", text(p.faxNumber))] : []),
        row("Home Address", address(p.home)),
      ],
    },
  ];
  if (showsBusinessBlock(i.type)) {
    groups.push({
      title: "Business Information",
      rows: [
        row("Business Name", text(p.businessName)),
        row("Business Tax Id", text(p.businessTaxID)),
        row("Business Phone", text(p.businessPhone)),
        row("Business Cell Number", text(p.businessCellNumber)),
        row("Business Fax Number", text(p.businessFaxNumber)),
        row("Business Address", address(p.business)),
      ],
    });
  }
  groups.push({ title: "Other", rows: [row("Send correspondence to", labelOf(CORRESPONDENCE_LABELS, p.sendCorrespondenceToCode))] });
  const answers = new Map((p.answers ?? []).map((a) => [a.questionId, a.answer]));
  groups.push({
    title: "Questions and Answers",
    rows: [
      ...i.questions.map((q) => row(q.questionText, yesNo(answers.get(String(q.questionId))))),
      row("Comment", text(p.qnaComment)),
      row("Signature", sig(p.signatures, "SIGTYP_QNA")),
    ],
  });
  // The background check (decision 0121): acknowledged or not, and the name typed; the date is the evidence's.
  groups.push({
    title: "Background check",
    rows: [
      row("Disclosure acknowledged", text(p.signatures?.SIGTYP_FCRA_DISCLOSURE === "Y" ? "Yes" : undefined)),
      row("Authorisation signed by", sig(p.signatures, "SIGTYP_FCRA_AUTH")),
    ],
  });
  if (showsW9(i.type)) {
    const w = p.apptIRSInfo ?? {};
    groups.push({
      title: "W-9 Tax Form and Certification",
      rows: [
        row("Name (on W-9)", text(w.name)),
        row("Business Name (on W-9)", text(w.businessName)),
        row("Business Type", labelOf(W9_BUSINESS_TYPE_LABELS, w.businessTypeCode)),
        ...(w.businessTypeCode === "W9BIZ_TYP_OTHER" ? [row("Other (describe)", text(w.businessTypeOther))] : []),
        row("Employer Identification Number (EIN)", text(w.employerIdNumber)),
        row("W-9 Signature", sig(p.signatures, "SIGTYP_W9_CERT")),
      ],
    });
  }
  return groups;
}

function commissions(i: CheckAnswersInput): SummaryGroup[] {
  const c = i.data.commissions;
  const groups: SummaryGroup[] = [];
  if (showsCommissionSchedule(i.type)) {
    groups.push({
      title: "Commission Schedule",
      rows: [
        row("Date", day(c.signatures?.SIGTYP_COMSCHED_DT)),
        row("Agent Name", text(c.signatures?.SIGTYP_COMSCHED_AGT)),
        row("Signature", sig(c.signatures, "SIGTYP_COMSCHED")),
      ],
    });
  }
  const remit: SummaryRow[] = [row("How do you want to be paid?", labelOf(REMIT_TYPE_LABELS, c.commissionRemitTypeCode))];
  if (c.commissionRemitTypeCode === "COMRMT_TYP_DIRECT") {
    const b = c.bankInfo ?? {};
    remit.push(
      row("Bank Name", text(b.bankName)),
      row("Name on Account", text(b.accountName)),
      row("Routing Number", text(b.routingNumber)),
      row("Account Number", text(b.accountNumber)),
      row("Account Type", labelOf(ACCOUNT_TYPE_LABELS, b.accountTypeCode)),
    );
  }
  groups.push({ title: "Commission Remittance", rows: remit });
  if (hasRemitAssignment(i.type.appointmentTypeCode) && c.commissionRemitAssign?.agentAgencyName) {
    const r = c.commissionRemitAssign;
    groups.push({
      title: "Assignment of Commissions",
      rows: [
        row("Agent / Agency Name", text(r.agentAgencyName)),
        row("SSN or Tax ID", text(r.ssnTaxID)),
        row("Address", address({ address1: r.address1, address2: r.address2, city: r.city, stateCode: r.stateCode, zipCode: r.zip })),
      ],
    });
  }
  return groups;
}

function fees(i: CheckAnswersInput): SummaryGroup[] {
  const f = i.data.fees;
  const states = i.states.length
    ? [...i.states.map((s) => row(`${s.stateName} (${s.stateCode})`, money(s.feeAmount))), row("Total", money(i.totalFees))]
    : [row("States", "None chosen")];
  const groups: SummaryGroup[] = [{ title: "States", rows: states }];
  if (showsStateFeeQuestion(i.type)) {
    const fee = f.stateFeeAnswer === "Y" ? [row("PA ($15.00)", f.isPA ? "Yes" : "No"), row("MT ($0.00)", f.isMT ? "Yes" : "No")] : [];
    groups.push({ title: "State Fees", rows: [row("State fee question", yesNo(f.stateFeeAnswer)), ...fee] });
  }
  if (showsCreditCard(i.type)) {
    const cc = f.ccInfo ?? {};
    const expires = cc.expirationMonth && cc.expirationYear ? `${cc.expirationMonth.padStart(2, "0")}/${cc.expirationYear}` : NOT_GIVEN;
    groups.push({
      title: "Pay Fees By Credit Card",
      rows: [
        row("Card Type", labelOf(CARD_TYPE_LABELS, cc.creditCardTypeCode)),
        row("Card Number", text(cc.cardNumber)),
        row("Expires", expires),
        row("Name on Card", text(cc.nameonCard)),
        row("Billing Address", address({ address1: cc.billingAddress, city: cc.city, stateCode: cc.stateCode, zipCode: cc.zip })),
      ],
    });
  }
  groups.push({ title: "Applicant Signature", rows: [row("Signature", sig(f.signatures, "SIGTYP_ST_FEES"))] });
  return groups;
}

const AGREEMENTS = [
  ["SIGTYP_AGENT_AGREE", "Agent Agreement"],
  ["SIGTYP_ACKREP", "Representative Agreement"],
  ["SIGTYP_POLICY_AGREE", "Company Policy"],
  ["SIGTYP_AML", "Anti-Money-Laundering Guide"],
] as const;

function agreements(i: CheckAnswersInput): SummaryGroup[] {
  const s = i.data.agreements.signatures ?? {};
  return [
    {
      title: "Acknowledged",
      rows: AGREEMENTS.filter(([t]) => t !== "SIGTYP_ACKREP" || showsRepresentativeAgreement(i.type)).map(([t, title]) => row(title, checked(s[t]))),
    },
    { title: "Signature", rows: [row("Your Name", text(s.SIGTYP_AGREENAME)), row("Mother's Maiden Name", sig(s, "SIGTYP_AGREESIG"))] },
  ];
}

function documents(i: CheckAnswersInput): SummaryGroup[] {
  const d = i.data.documents;
  return [
    {
      title: null,
      rows: [
        row("I will fax my documents instead of uploading them", d.willFax ? "Yes" : "No"),
        row("I request an extra writing number", d.extraWritingNumRequested ? "Yes" : "No"),
        ...i.documents.map((doc) => row(doc.title, doc.present ? "Uploaded" : d.willFax ? "To be faxed" : "Not uploaded")),
      ],
    },
  ];
}

const BUILDERS: Record<DataSectionId, (i: CheckAnswersInput) => SummaryGroup[]> = {
  PERSONAL: personal,
  COMMS: commissions,
  FEES: fees,
  AGREEMENTS: agreements,
  DOCS: documents,
};

/** Every visible section that holds data, in the navigation's order. */
export function checkAnswers(i: CheckAnswersInput): SummarySection[] {
  return i.sections.flatMap((s) => (s === "INSTRUCT" ? [] : [{ id: s, title: SECTION_TITLES[s], groups: BUILDERS[s](i) }]));
}
