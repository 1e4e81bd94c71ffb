// Reference data: the lists and catalogues every installation needs. Written
// with idempotent upserts on every start-up.

export const PERSONAL_QUESTIONS: string[] = [
  "Have you ever been convicted of, or pleaded guilty or no contest to, a felony or a misdemeanor other than a minor traffic violation?",
  "Are any criminal charges currently pending against you?",
  "Has any insurance, securities or other financial services license you held ever been denied, suspended, revoked, or surrendered while under investigation?",
  "Have you ever been the subject of an investigation, complaint or disciplinary action by an insurance department, FINRA, the SEC or any other regulator?",
  "Has any insurance company or agency ever terminated your contract or appointment for cause?",
  "a) Was the termination related to the misappropriation, commingling or mishandling of premiums or other funds?",
  "b) Do you currently owe any insurance company or agency money for commission chargebacks or advances?",
  "In the last 10 years, have you filed for personal bankruptcy, or been an officer or controlling owner of a business that filed for bankruptcy?",
  "a) If yes, has the bankruptcy been discharged or dismissed?",
  "Are there any unsatisfied judgments, tax liens or wage garnishments against you?",
  "Have you ever been named as a defendant in a lawsuit or arbitration alleging fraud, misrepresentation or sales practice abuse in connection with insurance or financial products?",
  "Has a bonding or surety company ever denied, paid out on, or revoked a bond for you?",
  "Have you ever been found by a court or regulator to have violated any insurance, securities or consumer-protection law?",
  "Have you ever been charged with or convicted of a crime involving dishonesty, breach of trust or money laundering?",
  "a) If yes, have you received written consent to engage in the business of insurance under 18 U.S.C. 1033?",
];

export const STATE_FEE_QUESTION =
  "Will you solicit business in a pre-appointment state that charges its appointment fee in advance, Pennsylvania (PA, $15.00) or Montana (MT, $0.00)?";

/** US states, DC, territories and the foreign jurisdictions of the fee catalogue. */
export const STATES: Array<[code: string, name: string]> = [
  ["AL", "Alabama"], ["AK", "Alaska"], ["AZ", "Arizona"], ["AR", "Arkansas"], ["CA", "California"],
  ["CO", "Colorado"], ["CT", "Connecticut"], ["DE", "Delaware"], ["DC", "District of Columbia"], ["FL", "Florida"],
  ["GA", "Georgia"], ["HI", "Hawaii"], ["ID", "Idaho"], ["IL", "Illinois"], ["IN", "Indiana"],
  ["IA", "Iowa"], ["KS", "Kansas"], ["KY", "Kentucky"], ["LA", "Louisiana"], ["ME", "Maine"],
  ["MD", "Maryland"], ["MA", "Massachusetts"], ["MI", "Michigan"], ["MN", "Minnesota"], ["MS", "Mississippi"],
  ["MO", "Missouri"], ["MT", "Montana"], ["NE", "Nebraska"], ["NV", "Nevada"], ["NH", "New Hampshire"],
  ["NJ", "New Jersey"], ["NM", "New Mexico"], ["NY", "New York"], ["NC", "North Carolina"], ["ND", "North Dakota"],
  ["OH", "Ohio"], ["OK", "Oklahoma"], ["OR", "Oregon"], ["PA", "Pennsylvania"], ["RI", "Rhode Island"],
  ["SC", "South Carolina"], ["SD", "South Dakota"], ["TN", "Tennessee"], ["TX", "Texas"], ["UT", "Utah"],
  ["VT", "Vermont"], ["VA", "Virginia"], ["WA", "Washington"], ["WV", "West Virginia"], ["WI", "Wisconsin"],
  ["WY", "Wyoming"],
  ["AS", "American Samoa"], ["GU", "Guam"], ["MP", "Northern Mariana Islands"], ["PR", "Puerto Rico"], ["VI", "U.S. Virgin Islands"],
  ["AA", "Asia"], ["BC", "British Columbia"], ["CN", "Canada"], ["LT", "Latin America"], ["NB", "New Brunswick"], ["OC", "Foreign Country"],
];

/** Plausible appointment fees (resident, non-resident) where they differ from the default. */
const FEE_OVERRIDES: Record<string, [number, number]> = {
  PA: [15, 15], MT: [0, 0], TX: [16, 16], FL: [60, 60], CA: [0, 0], NY: [0, 0], CT: [25, 25], GA: [0, 15],
  IL: [0, 0], OH: [20, 20], NC: [0, 10], VA: [30, 30], KY: [40, 40], LA: [0, 55], NM: [0, 40], AL: [30, 30],
  AA: [0, 0], BC: [0, 0], CN: [0, 0], LT: [0, 0], NB: [0, 0], OC: [0, 0],
};

export function stateFees(): Array<{ stateCode: string; stateName: string; resident: number; nonResident: number; sortOrder: number }> {
  return STATES.map(([code, name], i) => {
    // A stable pseudo-fee from the code for states without an override.
    const h = code.charCodeAt(0) * 31 + code.charCodeAt(1);
    const resident = [0, 5, 10, 10, 15, 20, 25, 30][h % 8];
    const nonResident = resident + [0, 5, 10, 15, 20][(h >> 3) % 5];
    const [r, n] = FEE_OVERRIDES[code] ?? [resident, nonResident];
    return { stateCode: code, stateName: name, resident: r, nonResident: n, sortOrder: i + 1 };
  });
}

export const APPOINTMENT_TYPES: Array<[code: string, desc: string]> = [
  ["APPTTYP_IND", "Individual"],
  ["APPTTYP_CORP", "Corporation"],
  ["APPTTYP_BOTH", "Individual and Corporation"],
  ["APPTTYP_REP", "Representative"],
  ["APPTTYP_PRIN", "Principal"],
  ["APPTTYP_WVB", "Web-Based Individual"],
  ["APPTTYP_VB_CORP", "Web-Based Corporation"],
];

type Req = { code: string; name: string; group: "GENERATED" | "AGREEMENT" | "UPLOADED"; types: string[]; isRequired?: boolean };

const ALL = APPOINTMENT_TYPES.map(([c]) => c);
const W9_TYPES = ["APPTTYP_IND", "APPTTYP_CORP", "APPTTYP_BOTH", "APPTTYP_WVB", "APPTTYP_VB_CORP"];
const CORP_TYPES = ["APPTTYP_CORP", "APPTTYP_BOTH", "APPTTYP_VB_CORP"];
const REP_TYPES = ["APPTTYP_REP", "APPTTYP_PRIN"];
const NOT_REP = ALL.filter((t) => !REP_TYPES.includes(t));

export const DOCUMENT_REQUIREMENTS: Req[] = [
  { code: "DOCTYP_APP", name: "Appointment Application", group: "GENERATED", types: ALL },
  { code: "DOCTYP_COMB_APP", name: "Combined Application", group: "GENERATED", types: CORP_TYPES },
  { code: "W9_FORM", name: "W-9 Form", group: "GENERATED", types: W9_TYPES },
  { code: "DOCTYP_DIRECT_DEPOSIT", name: "Direct Deposit Authorization", group: "GENERATED", types: NOT_REP },
  { code: "ASGN_OF_COMM", name: "Assignment of Commissions", group: "GENERATED", types: [...REP_TYPES, "APPTTYP_BOTH"] },
  { code: "CR_CARD_AGREE", name: "Credit Card Authorization", group: "GENERATED", types: REP_TYPES },
  { code: "ALLCO_AGREE", name: "Agent Agreement", group: "AGREEMENT", types: ALL },
  { code: "REP_AGREE", name: "Representative Agreement", group: "AGREEMENT", types: REP_TYPES },
  { code: "CO_POLICY", name: "Company Policy", group: "AGREEMENT", types: ALL },
  { code: "AML_GUIDE", name: "Anti-Money-Laundering Guide", group: "AGREEMENT", types: ALL },
  { code: "DOCTYP_COMSCHED_AGREE", name: "Commission Schedule", group: "AGREEMENT", types: ALL },
  { code: "DOCTYP_EO_CERT", name: "E&O Certificate", group: "UPLOADED", types: ALL },
  { code: "DOCTYP_DRV_LIC", name: "Driver's License", group: "UPLOADED", types: ALL },
  { code: "DOCTYP_AML_CERT", name: "AML Training Certificate", group: "UPLOADED", types: ALL },
  { code: "DOCTYP_STATE_LIC", name: "State License", group: "UPLOADED", types: ALL },
  // Asked only after a Yes to the breach-of-trust question (fcra.ts, decision 0121).
  { code: "DOCTYP_1033_CONSENT", name: "1033 Consent", group: "UPLOADED", types: ALL, isRequired: false },
  { code: "DOCTYP_UNK_ADDTL_DOC", name: "Additional Document", group: "UPLOADED", types: ALL, isRequired: false },
];

export type ListValueRow = { vleCode: string; vleValue: string; numericId?: number };

export const LIST_VALUES: Record<string, ListValueRow[]> = {
  SVC_REQST_TYP: [
    { vleCode: "SVCREQ_GENERAL", vleValue: "General Question" },
    { vleCode: "SVCREQ_APPSTATUS", vleValue: "Status of an Application" },
    { vleCode: "SVCREQ_LEVELCHG", vleValue: "Request that an Agent be Moved" },
    { vleCode: "SVCREQ_COMMISSION", vleValue: "Commissions and Payments" },
    { vleCode: "SVCREQ_LINKS", vleValue: "Appointment Links and Invitations" },
    { vleCode: "SVCREQ_CONTACTCHG", vleValue: "Change of Address or Contact Details" },
    { vleCode: "SVCREQ_COMPLIANCE", vleValue: "Compliance or Anti-Money-Laundering" },
    { vleCode: "SVCREQ_TECH", vleValue: "Technical Problem with the Portal" },
  ],
  APWF_STATUS: [
    { vleCode: "APWF_STATUS_INVITED", vleValue: "Invited", numericId: 5 },
    { vleCode: "APWF_STATUS_INCOMPLETE", vleValue: "Incomplete", numericId: 6 },
    { vleCode: "APWF_STATUS_NEWCONTRACT", vleValue: "Awaiting Approval", numericId: 7 },
    { vleCode: "APWF_STATUS_APPROVED", vleValue: "Approved", numericId: 8 },
    { vleCode: "APWF_STATUS_REJECTED", vleValue: "Rejected", numericId: 52 },
    { vleCode: "APWF_STATUS_ABANDONED", vleValue: "Abandoned", numericId: 53 },
  ],
  APPT_TYP: APPOINTMENT_TYPES.map(([vleCode, vleValue]) => ({ vleCode, vleValue })),
  DOC_TYP: [
    ...DOCUMENT_REQUIREMENTS.map((r) => ({ vleCode: r.code, vleValue: r.name })),
    { vleCode: "HELP_RECRUIT", vleValue: "How to Recruit" },
    { vleCode: "HELP_COMPLETE_APP", vleValue: "How to Complete Appointment Applications for Prospect Agents" },
    { vleCode: "HELP_NEW_USER", vleValue: "Welcome Guide for New Users" },
    { vleCode: "HELP_EXISTING_USER", vleValue: "Welcome Guide for Existing Users" },
    { vleCode: "INSTRUCTIONS", vleValue: "Appointment Application Instructions" },
    { vleCode: "WIZARD_POINTERS", vleValue: "Pointers for Filling Out Your Application" },
  ],
  RQST_TYP: [
    { vleCode: "RQTYP_MD", vleValue: "Marketing Director" },
    { vleCode: "RQTYP_AGT", vleValue: "Agent" },
  ],
  COMRMT_TYP: [
    { vleCode: "COMRMT_TYP_ASGN", vleValue: "Assignment" },
    { vleCode: "COMRMT_TYP_DIRECT", vleValue: "Direct Deposit" },
    { vleCode: "COMRMT_TYP_PAPER", vleValue: "Paper Check" },
  ],
  ACCT_TYP: [
    { vleCode: "ACCTTYP_CHECKING", vleValue: "Checking" },
    { vleCode: "ACCTTYP_SAVINGS", vleValue: "Savings" },
  ],
  CC_TYP: [
    { vleCode: "CCTYP_MASTER", vleValue: "MasterCard" },
    { vleCode: "CCTYP_VISA", vleValue: "Visa" },
    { vleCode: "CCTYP_OTHER", vleValue: "Other" },
  ],
  W9BIZ_TYP: [
    { vleCode: "W9BIZ_TYP_IND", vleValue: "Individual or Sole-Proprietorship" },
    { vleCode: "W9BIZ_TYP_CCORP", vleValue: "C Corporation" },
    { vleCode: "W9BIZ_TYP_SCORP", vleValue: "S Corporation" },
    { vleCode: "W9BIZ_TYP_LLC", vleValue: "Limited Liability Company" },
    { vleCode: "W9BIZ_TYP_OTHER", vleValue: "Other" },
  ],
  RPTSTATUS: [
    { vleCode: "RPTSTATUS_PENDING", vleValue: "Pending" },
    { vleCode: "RPTSTATUS_STARTED", vleValue: "Started" },
    { vleCode: "RPTSTATUS_ERROR", vleValue: "Error" },
    { vleCode: "RPTSTATUS_COMPLETED", vleValue: "Completed" },
  ],
};

export const REPORT_DEFINITIONS = [
  {
    reportId: 1,
    name: "Downline Report",
    info: "Every agent and application in your downline, with status, level, recruiter and dates. Filter by date range, recruiter name, status and level.",
  },
  {
    reportId: 2,
    name: "Recruit Report",
    info: "The prospects recruited by one recruiter in your hierarchy, with invitation and application status. Filter by date range, recruiter, prospect name, level and status.",
  },
  {
    reportId: 3,
    name: "Compliance Report",
    info: "Every agent of your downline (every agent, for an administrator) with their standing, its reasons and their next expiry, filtered as on the Compliance screen. Requested from CONFIGURE > Compliance.",
  },
  {
    reportId: 4,
    name: "State Fee Report",
    info: "The state appointment fees charged in a period, by state and carrier (of which paid by card and deducted from commissions, with the renewal fees), and every filing charged. Requested from ADMIN > State Filings.",
  },
  {
    reportId: 5,
    name: "Audit Log",
    info: "The audit log's rows matching the filters of ADMIN > Audit Log, as CSV or JSON lines. Requested by a compliance officer from that screen.",
  },
];

export const TEMPLATE_TYPES = [
  { templateTypeId: 1003, templateTypeCode: "CORTYP_MLT_INVITE", name: "Recruitment Invitation Email" },
  { templateTypeId: 2070, templateTypeCode: "CORTYP_VB_INVITE", name: "Web-Based Invitation Email" },
  { templateTypeId: 2071, templateTypeCode: "CORTYP_VB_CUSTOM_INVITE", name: "Web-Based Custom Invitation Email" },
];

/** Merge fields: [[Placeholder]] in template HTML (part 1 section 7). */
export const TEMPLATE_FIELDS: Array<{ placeholder: string; label: string; description: string }> = [
  { placeholder: "[[ProspectFirstName]]", label: "Prospect First Name", description: "The prospect's first name" },
  { placeholder: "[[ProspectLastName]]", label: "Prospect Last Name", description: "The prospect's last name" },
  { placeholder: "[[AppointmentLink]]", label: "Appointment Link", description: "The address the prospect follows to sign up and start the application" },
  { placeholder: "[[AppointmentLinkRows]]", label: "Appointment Link Rows", description: "A table with one row per offered appointment: carrier, product type, level and level name" },
  { placeholder: "[[DocumentLinks]]", label: "Document Links", description: "Links to the commission schedule document of each offered appointment" },
  { placeholder: "[[RecruiterName]]", label: "Recruiter Name", description: "The recruiter's full name, or the business name of a corporation" },
  { placeholder: "[[RecruiterFirstName]]", label: "Recruiter First Name", description: "The recruiter's first name" },
  { placeholder: "[[RecruiterLastName]]", label: "Recruiter Last Name", description: "The recruiter's last name" },
  { placeholder: "[[RecruiterAgentNumber]]", label: "Recruiter Agent Number", description: "The agent number the prospect is recruited under" },
  { placeholder: "[[RecruiterEmail]]", label: "Recruiter Email", description: "The recruiter's email address" },
  { placeholder: "[[RecruiterPhone]]", label: "Recruiter Phone", description: "The recruiter's phone number" },
  { placeholder: "[[RecruiterAddress1]]", label: "Recruiter Address 1", description: "The recruiter's street address" },
  { placeholder: "[[RecruiterAddress2]]", label: "Recruiter Address 2", description: "The recruiter's address, second line" },
  { placeholder: "[[RecruiterCity]]", label: "Recruiter City", description: "The recruiter's city" },
  { placeholder: "[[RecruiterState]]", label: "Recruiter State", description: "The recruiter's state code" },
  { placeholder: "[[RecruiterZip]]", label: "Recruiter ZIP Code", description: "The recruiter's ZIP code" },
  { placeholder: "[[AgencyName]]", label: "Agency Name", description: "The recruiter's business (agency) name" },
  { placeholder: "[[AgencyPhone]]", label: "Agency Phone", description: "The agency's business phone" },
  { placeholder: "[[AgencyAddress1]]", label: "Agency Address 1", description: "The agency's business street address" },
  { placeholder: "[[AgencyAddress2]]", label: "Agency Address 2", description: "The agency's business address, second line" },
  { placeholder: "[[AgencyCity]]", label: "Agency City", description: "The agency's business city" },
  { placeholder: "[[AgencyState]]", label: "Agency State", description: "The agency's business state code" },
  { placeholder: "[[AgencyZip]]", label: "Agency ZIP Code", description: "The agency's business ZIP code" },
  { placeholder: "[[CompanyName]]", label: "Insurance Company", description: "The insurer's name" },
];

export const DEFAULT_INVITATION = {
  systemCode: "DFT_MLT_INVITE",
  name: "Default Invitation",
  description: "The standard recruitment invitation: greeting, the offered appointments, the sign-up link and the commission schedules.",
  subject: "Your invitation to join [[AgencyName]] with [[CompanyName]]",
  html: [
    "<p>Dear [[ProspectFirstName]] [[ProspectLastName]],</p>",
    "<p>I would like to invite you to join my team and be appointed as an agent with <strong>[[CompanyName]]</strong>, a mutual insurer that has protected families since 1850. As an appointed agent you will offer life and health products backed by one of the oldest names in the business, with the support of our agency.</p>",
    "<p><strong>Your appointment</strong></p>",
    "[[AppointmentLinkRows]]",
    "<p>To accept, follow the link below, sign up with this email address and complete the appointment application. It takes about 30 minutes, and you can save your work and come back at any time.</p>",
    '<p style="margin:16px 0"><strong>[[AppointmentLink]]</strong></p>',
    "<p>Please review the commission schedule for your level before you begin:</p>",
    "[[DocumentLinks]]",
    "<p>Have these ready: your Social Security number, national producer number (NPN), resident license number, and your E&amp;O and anti-money-laundering training certificates as PDF files.</p>",
    "<p>If you have any questions, call or email me. I look forward to working with you.</p>",
    "<p>Sincerely,<br>[[RecruiterName]]<br>Agent number [[RecruiterAgentNumber]]<br>[[RecruiterPhone]] &middot; [[RecruiterEmail]]</p>",
    "<p>[[AgencyName]]<br>[[AgencyAddress1]] [[AgencyAddress2]]<br>[[AgencyCity]], [[AgencyState]] [[AgencyZip]]</p>",
  ].join("\n"),
};

/**
 * The web-based invitations (template types 2070 and 2071, part 1 §4): the
 * prospect who follows them applies through the web-based program
 * (appointment type APPTTYP_WVB; docs/decisions/0021-invitations.md).
 */
export const WEB_BASED_INVITATIONS = [
  {
    templateTypeId: 2070,
    systemCode: "DFT_VB_INVITE",
    name: "Web-Based Invitation",
    description: "Invites the prospect to sell through the web-based program: the offered appointments and the sign-up link.",
    subject: "Your invitation to sell [[CompanyName]] products online with [[AgencyName]]",
    html: [
      "<p>Dear [[ProspectFirstName]] [[ProspectLastName]],</p>",
      "<p>I would like to invite you to join our web-based program and sell <strong>[[CompanyName]]</strong> products online with [[AgencyName]].</p>",
      "[[AppointmentLinkRows]]",
      "<p>To accept, follow the link below, sign up with this email address and complete the short web-based appointment application:</p>",
      "<p><strong>[[AppointmentLink]]</strong></p>",
      "[[DocumentLinks]]",
      "<p>Sincerely,<br>[[RecruiterName]]<br>[[RecruiterPhone]] &middot; [[RecruiterEmail]]</p>",
    ].join("\n"),
  },
  {
    templateTypeId: 2071,
    systemCode: "DFT_VB_CUSTOM_INVITE",
    name: "Web-Based Custom Invitation",
    description: "A web-based invitation with room for your own words: edit the text before sending.",
    subject: "[[RecruiterName]] invites you to the [[CompanyName]] web-based program",
    html: [
      "<p>Hello [[ProspectFirstName]],</p>",
      "<p>(Write your personal message here.)</p>",
      "<p>Sign up with this email address to start your web-based appointment: <strong>[[AppointmentLink]]</strong></p>",
      "[[AppointmentLinkRows]]",
      "<p>[[RecruiterName]]<br>[[AgencyName]] &middot; [[AgencyPhone]]</p>",
    ].join("\n"),
  },
] as const;
