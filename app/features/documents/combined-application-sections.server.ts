// The sections of the combined application PDF as layout blocks
// (pdf-layout.server.ts): the parts an application is made of, the
// signature labels and which signatures go with which part, the
// formatting of values (sensitive numbers as their last four digits only,
// no CVC: none is stored), and buildBlocks, which draws the chosen parts of
// a loaded application (combined-application-data.server.ts).
import {
  ACCOUNT_TYPE_LABELS,
  CARD_TYPE_LABELS,
  CORRESPONDENCE_LABELS,
  REMIT_TYPE_LABELS,
  W9_BUSINESS_TYPE_LABELS,
} from "~/features/appointment/codes";
import { APPOINTMENT_TYPE_LABELS, statusText } from "~/features/appointment/model";
import { maskLast4 } from "~/lib/crypto.server";
import { env } from "~/lib/env.server";
import { formatDate } from "~/lib/format";
import { formatDateTimeIn } from "~/lib/format-time";
import { applicantName, userNames, type LoadedApplication } from "./combined-application-data.server";
import type { Block } from "./pdf-layout.server";

export type ApplicationPart =
  | "personal"
  | "addresses"
  | "business"
  | "questions"
  | "w9"
  | "commissions"
  /** The commission assignment alone (the Assignment of Commissions document); "commissions" includes it. */
  | "assignment"
  | "states"
  | "agreements"
  | "signatures"
  | "documents";

export const ALL_PARTS: readonly ApplicationPart[] = [
  "personal",
  "addresses",
  "business",
  "questions",
  "w9",
  "commissions",
  "states",
  "agreements",
  "signatures",
  "documents",
];

const SIGNATURE_LABELS: Record<string, string> = {
  SIGTYP_QNA: "Questions and Answers signature",
  SIGTYP_FCRA_DISCLOSURE: "Background check disclosure acknowledged",
  SIGTYP_FCRA_AUTH: "Background check authorised by (full name)",
  SIGTYP_W9_CERT: "W-9 certification signature",
  SIGTYP_COMSCHED: "Commission schedule signature",
  SIGTYP_COMSCHED_DT: "Commission schedule sign date",
  SIGTYP_COMSCHED_AGT: "Commission schedule agent name",
  SIGTYP_ST_FEES: "States & Fees signature",
  SIGTYP_POLICY_AGREE: "Company Policy acknowledged",
  SIGTYP_AGENT_AGREE: "Agent Agreement acknowledged",
  SIGTYP_ACKREP: "Representative Agreement acknowledged",
  SIGTYP_AML: "Anti-Money-Laundering Guide acknowledged",
  SIGTYP_AGREENAME: "Agreements: your name",
  SIGTYP_AGREESIG: "Agreements signature",
};

const SIGNATURE_ORDER = Object.keys(SIGNATURE_LABELS);
const CHECKBOX_SIGNATURES = new Set(["SIGTYP_POLICY_AGREE", "SIGTYP_AGENT_AGREE", "SIGTYP_ACKREP", "SIGTYP_AML", "SIGTYP_FCRA_DISCLOSURE"]);
/** Signatures shown with a part when only some parts are rendered. */
const PART_SIGNATURES: Partial<Record<ApplicationPart, string[]>> = {
  questions: ["SIGTYP_QNA", "SIGTYP_FCRA_DISCLOSURE", "SIGTYP_FCRA_AUTH"],
  w9: ["SIGTYP_W9_CERT"],
  commissions: ["SIGTYP_COMSCHED", "SIGTYP_COMSCHED_DT", "SIGTYP_COMSCHED_AGT"],
  assignment: ["SIGTYP_COMSCHED", "SIGTYP_COMSCHED_DT", "SIGTYP_COMSCHED_AGT"],
  states: ["SIGTYP_ST_FEES"],
  agreements: ["SIGTYP_POLICY_AGREE", "SIGTYP_AGENT_AGREE", "SIGTYP_ACKREP", "SIGTYP_AML", "SIGTYP_AGREENAME", "SIGTYP_AGREESIG"],
};

export const label = <T extends string>(labels: Record<T, string>, code: string | null | undefined) =>
  code ? ((labels as Record<string, string>)[code] ?? code) : "";
const yesNo = (v: boolean | null | undefined) => (v == null ? "Not answered" : v ? "Yes" : "No");
const masked = (last4: string | null | undefined) => (last4 ? maskLast4(last4) : "");
// The portal's formats (decision 0102): a PDF has no viewer, so times are in TIME_ZONE, to the second.
const iso = (d: Date | null | undefined) => formatDateTimeIn(d, env().TIME_ZONE, { seconds: true });
const day = (d: Date | null | undefined) => formatDate(d);
const money = (v: { toString(): string } | number | null | undefined) => (v == null ? "" : `$${Number(v.toString()).toFixed(2)}`);

function fieldTable(rows: Array<[string, string | null | undefined]>): Block {
  return {
    kind: "table",
    columns: [
      { header: "Field", width: 2 },
      { header: "Value", width: 3 },
    ],
    rows: rows.map(([k, v]) => [k, v == null || v === "" ? "-" : v]),
  };
}

/** The assignee of a commission assignment (agency, SSN or tax id as its last four digits, address), if any. */
function assignmentRows(a: LoadedApplication): Array<[string, string | null | undefined]> {
  const r = a.commissionRemitAssign;
  if (!r) return [];
  return [
    ["Assigned to (agent or agency)", r.agentAgencyName],
    ["SSN or tax id", masked(r.ssnTaxIdLast4)],
    ["Address", [r.address1, r.address2, [r.city, r.stateCode, r.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ")],
  ];
}

export async function buildBlocks(a: LoadedApplication, parts: ReadonlySet<ApplicationPart>): Promise<Block[]> {
  const blocks: Block[] = [];
  const h2 = (text: string) => blocks.push({ kind: "h2", text });
  const p = a.personal;
  const home = a.addresses.find((x) => x.addressTypeCode === "ADRTYP_HOME");
  const business = a.addresses.find((x) => x.addressTypeCode === "ADRTYP_BUSINESS");
  const addressText = (x: typeof home) =>
    x ? [x.address1, x.address2, [x.city, x.stateCode, x.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ") : "";

  // Always: who and what this is.
  blocks.push(
    fieldTable([
      ["Application number", String(a.appointmentId)],
      ["Applicant", applicantName(a)],
      ["Social Security Number", masked(p?.ssnLast4)],
      ["Appointment type", label(APPOINTMENT_TYPE_LABELS, a.appointmentTypeCode)],
      ["Status", statusText(a.appointmentStatusCode)],
      ["Started", day(a.startDt)],
      ["Submitted for approval", iso(a.submittedAt)],
    ]),
  );

  if (parts.has("personal")) {
    h2("Personal Information");
    blocks.push(
      fieldTable([
        ["First name", p?.firstName],
        ["Middle name", p?.middleName],
        ["Last name", p?.lastName],
        ["SSN", masked(p?.ssnLast4)],
        ["Birth date", day(p?.birthDate)],
        ["Email address", p?.emailAddress],
        ["Driver license number", p?.driverLicenseNumber],
        ["National producer number (NPN)", p?.nationalProducerNumber],
        ["Resident state insurance license number", p?.residentStateInsuranceLicenseNumber],
        ["Resident state", p?.residentStateCode],
        ["Cell number", p?.cellNumber],
        ["Phone number", p?.phoneNumber],
        ["Fax number", p?.faxNumber],
        ["Send correspondence to", label(CORRESPONDENCE_LABELS, p?.sendCorrespondenceToCode)],
      ]),
    );
  }
  if (parts.has("addresses")) {
    h2("Addresses");
    blocks.push(
      fieldTable([
        ["Home address", addressText(home)],
        ["Business address", addressText(business)],
      ]),
    );
  }
  if (parts.has("business") && (p?.businessName || p?.businessTaxIdLast4 || p?.businessPhone)) {
    h2("Business Information");
    blocks.push(
      fieldTable([
        ["Business name", p?.businessName],
        ["Business phone", p?.businessPhone],
        ["Business cell number", p?.businessCellNumber],
        ["Business fax number", p?.businessFaxNumber],
        ["Business tax id", masked(p?.businessTaxIdLast4)],
      ]),
    );
  }
  if (parts.has("questions")) {
    h2("Questions and Answers");
    const answers = a.answers
      .filter((x) => x.questionType === "QUES_TYP_PERSONAL")
      .sort((x, y) => x.question.sortOrder - y.question.sortOrder || x.questionId - y.questionId);
    if (answers.length === 0) blocks.push({ kind: "p", text: "No answers given." });
    else blocks.push({ kind: "numbers", items: answers.map((x) => `${x.question.questionText} Answer: ${yesNo(x.answerBoolean)}`) });
    if (a.qnaComment) blocks.push({ kind: "note", text: `Comment: ${a.qnaComment}` });
  }
  if (parts.has("w9") && a.irsInfo) {
    const w = a.irsInfo;
    h2("W-9 Tax Form and Certification");
    blocks.push(
      fieldTable([
        ["Name (on W-9)", w.name],
        ["Business name (on W-9)", w.businessName],
        ["Business type", label(W9_BUSINESS_TYPE_LABELS, w.businessTypeCode)],
        ["Business type (other)", w.businessTypeOther],
        ["Employer identification number", masked(w.employerIdNumberLast4)],
      ]),
    );
  }
  if (parts.has("commissions")) {
    h2("Commissions and Remittance");
    if (a.carrierBlocks.length) {
      blocks.push({
        kind: "table",
        columns: [
          { header: "Carrier", width: 2 },
          { header: "Schedule", width: 3 },
          { header: "Level", width: 1, align: "right" },
          { header: "Level name", width: 3 },
        ],
        rows: a.carrierBlocks.map((c) => [
          c.carrier?.name ?? "",
          c.scheduleLevel?.schedule.scheduleName ?? "",
          String(c.levelNo ?? c.scheduleLevel?.levelNo ?? ""),
          c.scheduleLevel?.levelName ?? "",
        ]),
      });
    }
    const rows: Array<[string, string | null | undefined]> = [
      ["Remittance type", label(REMIT_TYPE_LABELS, a.commissionRemitTypeCode) || "Not chosen"],
    ];
    if (a.commissionRemitTypeCode === "COMRMT_TYP_DIRECT" && a.bankInfo) {
      const b = a.bankInfo;
      rows.push(
        ["Bank name", b.bankName],
        ["Account name", b.accountName],
        ["Account type", label(ACCOUNT_TYPE_LABELS, b.accountTypeCode)],
        ["Account number", masked(b.accountNumberLast4)],
        ["Routing number", masked(b.routingNumberLast4)],
      );
    }
    // The assignment a REP, PRIN or BOTH applicant entered is kept whatever the remittance (commissions.server.ts
    // isAssigned), so it is shown whatever the remittance too (decision 0048).
    rows.push(...assignmentRows(a));
    blocks.push(fieldTable(rows));
  }
  if (parts.has("assignment") && !parts.has("commissions")) {
    h2("Assignment of Commissions");
    blocks.push(fieldTable([["Remittance type", label(REMIT_TYPE_LABELS, a.commissionRemitTypeCode) || "Not chosen"], ...assignmentRows(a)]));
  }
  if (parts.has("states")) {
    h2("States & Fees");
    if (a.states.length) {
      const total = a.states.reduce((s, x) => s + Number(x.feeAmount.toString()), 0);
      blocks.push({
        kind: "table",
        columns: [
          { header: "State", width: 4 },
          { header: "Resident", width: 1, align: "center" },
          { header: "Fee", width: 2, align: "right" },
        ],
        rows: [
          ...a.states.map((s) => [`${s.stateName} (${s.stateCode})`, s.isResident ? "Yes" : "", money(s.feeAmount)]),
          ["Total", "", money(total)],
        ],
      });
    } else blocks.push({ kind: "p", text: "No states selected." });
    const rows: Array<[string, string | null | undefined]> = [
      ["State fee question", yesNo(a.stateFeeAnswer)],
      ["Pre-appointment PA ($15.00)", a.isPA ? "Selected" : "Not selected"],
      ["Pre-appointment MT ($0.00)", a.isMT ? "Selected" : "Not selected"],
    ];
    if (a.cardInfo) {
      const c = a.cardInfo;
      rows.push(
        ["Card type", label(CARD_TYPE_LABELS, c.creditCardTypeCode)],
        ["Card number", masked(c.cardLast4)],
        ["Expires", c.expirationMonth && c.expirationYear ? `${String(c.expirationMonth).padStart(2, "0")}/${c.expirationYear}` : ""],
        ["Name on card", c.nameOnCard],
        ["Billing address", [c.billingAddress, [c.city, c.stateCode, c.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ")],
      );
    }
    blocks.push(fieldTable(rows));
  }
  const sigByType = new Map(a.signatures.map((s) => [s.signatureTypeCode, s]));
  if (parts.has("agreements")) {
    h2("Policies & Agreements Acknowledged");
    blocks.push(
      fieldTable(
        ["SIGTYP_AGENT_AGREE", "SIGTYP_ACKREP", "SIGTYP_POLICY_AGREE", "SIGTYP_AML"]
          .filter((t) => t !== "SIGTYP_ACKREP" || sigByType.has(t))
          .map((t) => [SIGNATURE_LABELS[t]!, sigByType.get(t)?.signatureValue === "Y" ? "Yes" : "No"]),
      ),
    );
  }
  if (parts.has("signatures") || [...parts].some((x) => PART_SIGNATURES[x])) {
    const wanted = parts.has("signatures")
      ? new Set(SIGNATURE_ORDER)
      : new Set([...parts].flatMap((x) => PART_SIGNATURES[x] ?? []));
    const sigs = SIGNATURE_ORDER.filter((t) => wanted.has(t)).flatMap((t) => (sigByType.get(t) ? [sigByType.get(t)!] : []));
    const names = await userNames([
      ...sigs.flatMap((s) => [s.signedByUserId ?? "", s.actingUserId ?? ""]),
      ...a.esignConsents.map((c) => c.userId),
    ]);
    h2("Signatures and Evidence");
    if (a.esignConsents.length) {
      blocks.push({
        kind: "p",
        text: a.esignConsents
          .map((c) => `Consent to sign electronically accepted by ${names.get(c.userId) ?? c.userId} on ${iso(c.acceptedAt)} from IP ${c.ipAddress ?? "unknown"} (consent text ${c.consentTextVersion}).`)
          .join(" "),
      });
    }
    if (sigs.length === 0) blocks.push({ kind: "p", text: "No signatures given." });
    for (const s of sigs) {
      const value = CHECKBOX_SIGNATURES.has(s.signatureTypeCode) ? (s.signatureValue === "Y" ? "Checked (Y)" : "Not checked (N)") : s.signatureValue;
      const who = s.signedByUserId ? (names.get(s.signedByUserId) ?? s.signedByUserId) : "unknown";
      const acting = s.actingUserId && s.actingUserId !== s.signedByUserId ? `, entered by ${names.get(s.actingUserId) ?? s.actingUserId}` : "";
      blocks.push({
        kind: "p",
        text: `${SIGNATURE_LABELS[s.signatureTypeCode] ?? s.signatureTypeCode}: ${value || "-"}. Signed by ${who}${acting} on ${iso(s.signedAt) || "unknown date"} from IP ${s.ipAddress ?? "unknown"}${s.documentVersion ? `, document version ${s.documentVersion}` : ""}.`,
      });
    }
  }
  if (parts.has("documents")) {
    h2("Supporting Documents");
    blocks.push({ kind: "p", text: `Documents will be faxed: ${a.willFax ? "Yes" : "No"}.` });
    if (a.documents.length) {
      blocks.push({
        kind: "table",
        columns: [
          { header: "Document", width: 3 },
          { header: "File", width: 3 },
          { header: "Uploaded", width: 2 },
        ],
        rows: a.documents.map((d) => [d.title, d.storedFile.fileName, day(d.uploadedAt)]),
      });
    }
  }
  return blocks;
}
