// The PDFs the portal offers that are not uploaded by anyone: the four
// agreements of Policies & Agreements, the help guides, the application
// instructions, the wizard pointers and one commission schedule per
// commission schedule. They are generated (never committed as binaries) and
// stored through storage.server.ts by the seed. Output is deterministic for
// the same input, so re-seeding recognises an unchanged version.
// Document type codes: docs/decisions/0003-system-documents.md.
import {
  COMPANY_ADDRESS,
  COMPANY_LEGAL_NAME,
  COMPANY_NAME,
  COMPANY_SINCE,
  renderDocument,
  type Block,
  type DocumentSpec,
} from "./pdf-layout.server";

export { COMPANY_LEGAL_NAME, COMPANY_NAME, COMPANY_SINCE, versionDate } from "./pdf-layout.server";

/** The version of the current generation of system documents. */
export const SYSTEM_DOCUMENTS_VERSION = "2026.01";

export const DOCUMENT_TYPE_CODES = {
  agentAgreement: "ALLCO_AGREE",
  repAgreement: "REP_AGREE",
  companyPolicy: "CO_POLICY",
  amlGuide: "AML_GUIDE",
  commissionSchedule: "DOCTYP_COMSCHED_AGREE",
  helpRecruit: "HELP_RECRUIT",
  helpCompleteApp: "HELP_COMPLETE_APP",
  helpNewUser: "HELP_NEW_USER",
  helpExistingUser: "HELP_EXISTING_USER",
  instructions: "INSTRUCTIONS",
  wizardPointers: "WIZARD_POINTERS",
} as const;

export type SystemDocumentCategory = "agreement" | "help" | "instructions";

export type SystemDocument = {
  documentTypeCode: string;
  title: string;
  fileName: string;
  version: string;
  category: SystemDocumentCategory;
  description: string;
  render(): Promise<Uint8Array>;
};

const p = (text: string): Block => ({ kind: "p", text });
const h1 = (text: string): Block => ({ kind: "h1", text });
const h2 = (text: string): Block => ({ kind: "h2", text });
const bullets = (...items: string[]): Block => ({ kind: "bullets", items });
const numbers = (...items: string[]): Block => ({ kind: "numbers", items });
const note = (text: string): Block => ({ kind: "note", text });

const C = COMPANY_NAME;

// ---------------------------------------------------------------------------
// Policies & Agreements
// ---------------------------------------------------------------------------

const agentAgreement: DocumentSpec = {
  title: "Agent Agreement",
  subtitle: `All-company agent agreement between ${COMPANY_LEGAL_NAME} and the Agent`,
  version: SYSTEM_DOCUMENTS_VERSION,
  keywords: ["agent agreement", "ALLCO_AGREE"],
  blocks: [
    p(
      `This Agent Agreement ("Agreement") is made between ${COMPANY_LEGAL_NAME} and its affiliated carriers, including Mutual Insurance Assurance Company (MIAC) and Standard Life Assurance Company (SLAC) (together, "the Company"), and the individual or entity named in the appointment application ("the Agent"). It takes effect on the date the Company approves the Agent's appointment and assigns an agent number.`,
    ),
    h1("1. Appointment and authority"),
    p(
      "The Company appoints the Agent as a non-exclusive independent agent to solicit applications for the life and health insurance products named in the commission schedules attached to the Agent's appointment. The Agent may solicit only in states where the Agent holds a valid resident or non-resident license and where the Company has completed the appointment, including any pre-appointment the state requires.",
    ),
    p(
      "The Agent has no authority to make, alter or discharge any contract, to waive any forfeiture, to extend the time for paying premium, to accept premium other than the initial premium submitted with an application, or to incur any debt or liability on behalf of the Company.",
    ),
    h1("2. Independent contractor"),
    p(
      "The Agent is an independent contractor and not an employee of the Company. The Agent controls the time, place and manner of solicitation, bears all expenses of the Agent's business, and is responsible for the Agent's own taxes. Nothing in this Agreement creates a partnership, joint venture or employment relationship.",
    ),
    h1("3. Duties of the Agent"),
    bullets(
      "Maintain in force every license and continuing-education requirement needed to solicit the Company's products, and notify the Company within ten days of any change, suspension or revocation.",
      "Present products fairly and completely, use only sales material approved by the Company, and never replace existing coverage unless it is in the client's best interest and all replacement forms are completed.",
      "Submit every application promptly, complete and truthful, with the applicant's own answers and signatures, and deliver policies within the time the Company requires.",
      "Remit to the Company, immediately and in full, any premium collected; such money is held in trust for the Company.",
      "Keep client information confidential and protect it as required by the Company Policy and applicable privacy laws.",
      "Maintain errors and omissions insurance in the amount the Company requires and provide a current certificate on request.",
    ),
    h1("4. Compensation"),
    p(
      "The Company pays commissions on premium actually received for policies written by the Agent, at the rates in the commission schedule for the Agent's level on the date the premium is received. Commissions are paid by the method the Agent chose in the appointment application: direct deposit twice a month (the 15th and the end of the month, with a $25 minimum) or paper check once a month on the last business day (none issued under $100), or as assigned in a commission assignment the Company has accepted.",
    ),
    p(
      "When premium is refunded, or a policy lapses, is rescinded or is cancelled within the chargeback period of the schedule, the Agent repays the unearned commission. The Company may deduct any amount the Agent owes, including state appointment fees, from commissions payable to the Agent.",
    ),
    h1("5. Hierarchy and overrides"),
    p(
      "The Agent is placed in the hierarchy under the recruiting agent named in the appointment link. Override commissions to upline agents are governed by their own agreements and schedules and do not reduce the Agent's commission. A request to move an agent within the hierarchy is made through Contact Us and takes effect only when the Company approves it in writing.",
    ),
    h1("6. Term and termination"),
    p(
      "Either party may end this Agreement at any time by written notice. The Company may end it immediately for cause, including fraud, misappropriation of funds, loss of license, a material misstatement in the appointment application, or a breach of the Company Policy or the Anti-Money-Laundering Guide. Renewal commissions after termination are payable only as the schedule provides and are forfeited if termination is for cause.",
    ),
    h1("7. General terms"),
    bullets(
      "The Agent may not assign this Agreement; commissions may be assigned only with the Company's written consent.",
      "This Agreement, the commission schedules, the Company Policy and the Anti-Money-Laundering Guide are the entire agreement and replace any earlier agent agreement with the Company.",
      "This Agreement is governed by the laws of the State of Connecticut, except where the law of the state of solicitation requires otherwise.",
      "The Agent accepts this Agreement by checking the acknowledgement box in the Policies & Agreements section of the appointment application and signing with the Agent's name and mother's maiden name.",
    ),
    note(
      `Questions about this Agreement can be sent through Contact Us in the appointment portal. ${COMPANY_LEGAL_NAME}, ${COMPANY_ADDRESS}.`,
    ),
  ],
};

const repAgreement: DocumentSpec = {
  title: "Representative Agreement",
  subtitle: "Agreement for representatives enrolling under a principal agent or agency",
  version: SYSTEM_DOCUMENTS_VERSION,
  keywords: ["representative agreement", "REP_AGREE"],
  blocks: [
    p(
      `This Representative Agreement is made between ${COMPANY_LEGAL_NAME} ("the Company"), the principal agent or agency that recruited the representative ("the Principal"), and the licensed individual named in the appointment application ("the Representative").`,
    ),
    h1("1. Role of the Representative"),
    p(
      "The Representative solicits applications for the Company's products on behalf of, and under the supervision of, the Principal. The Representative is appointed with the Company in every state where the Representative solicits, but commission is paid to the Principal, who compensates the Representative under their own arrangement.",
    ),
    h1("2. Supervision by the Principal"),
    bullets(
      "The Principal trains the Representative on the Company's products, underwriting rules and sales practices before the first solicitation.",
      "The Principal reviews each application the Representative submits for completeness and suitability.",
      "The Principal remains responsible to the Company for premium collected by the Representative and for any commission chargeback arising from the Representative's business.",
    ),
    h1("3. Duties of the Representative"),
    p(
      "The Representative agrees to every duty of an agent under the Company's Agent Agreement, to the Company Policy and to the Anti-Money-Laundering Guide, as if the Representative had signed them as an agent. The Representative keeps a valid license in each state of solicitation and tells the Principal and the Company at once of any regulatory action.",
    ),
    h1("4. Compensation and fees"),
    p(
      "No commission is payable by the Company directly to the Representative. Appointment fees for the Representative's states are paid by credit card at the time of application or, when the Principal agrees, deducted from the Principal's commissions.",
    ),
    h1("5. Termination"),
    p(
      "This Agreement ends when the Representative's appointment ends, when the Principal's agreement with the Company ends, or on written notice by any party. The Representative may apply to be appointed as an individual agent after termination; earlier business remains credited to the Principal.",
    ),
    note(
      "The Representative accepts this Agreement by checking the Representative Agreement box in the Policies & Agreements section of the appointment application.",
    ),
  ],
};

const companyPolicy: DocumentSpec = {
  title: "Company Policy",
  subtitle: "Market conduct, privacy and ethics standards for appointed agents",
  version: SYSTEM_DOCUMENTS_VERSION,
  keywords: ["company policy", "CO_POLICY", "market conduct"],
  blocks: [
    p(
      `Since ${COMPANY_SINCE}, ${C} has earned its clients' trust by dealing with them honestly. Every appointed agent, representative and agency shares that responsibility. This policy sets the standards the Company expects; a breach may end an appointment.`,
    ),
    h1("1. Market conduct"),
    bullets(
      "Recommend only products that are suitable for the client's needs, objectives and financial situation, and document the basis of the recommendation.",
      "Never misrepresent a policy's benefits, terms, dividends or premiums, and never compare products unfairly or incompletely.",
      "Do not rebate commission or offer inducements not stated in the policy, except where state law expressly permits.",
      "Follow the replacement rules of each state exactly; deliver every required notice to the client.",
      "Respect do-not-call and do-not-email requests and the time-of-day limits on telephone solicitation.",
    ),
    h1("2. Applications and signatures"),
    p(
      "Every answer on an application is the applicant's own. Agents must not complete, sign or initial anything for an applicant, must not back-date an application, and must witness only signatures made in their presence. Electronic signatures are valid only when the signer personally performs the signing step.",
    ),
    h1("3. Privacy and information security"),
    bullets(
      "Collect only the personal information an application needs and use it only to service the client's insurance.",
      "Keep paper files locked and electronic files encrypted; never send Social Security numbers, bank details or health information by unencrypted email.",
      "Report a lost device, misdirected document or suspected breach to the Company within 24 hours through Contact Us.",
      "Dispose of records securely when the retention period ends.",
    ),
    h1("4. Conflicts of interest and gifts"),
    p(
      "Agents disclose to the Company any financial interest in a client's business and any position with a competing carrier that could influence their recommendations. Gifts to or from clients, underwriters or Company employees must be of nominal value.",
    ),
    h1("5. Complaints and cooperation"),
    p(
      "Agents forward every written complaint to the Company within two business days and cooperate fully with the Company and with regulators in any review, audit or investigation.",
    ),
    h1("6. Advertising"),
    p(
      `Any advertisement, website, social media post or letter that mentions ${C} or its products must be approved by the Company's marketing department before use.`,
    ),
    note("The agent acknowledges this policy by checking the Company Policy box in the Policies & Agreements section."),
  ],
};

const amlGuide: DocumentSpec = {
  title: "Anti-Money-Laundering Guide",
  subtitle: "What every appointed agent must know and do (AML guide)",
  version: SYSTEM_DOCUMENTS_VERSION,
  keywords: ["AML", "AML_GUIDE", "anti-money-laundering"],
  blocks: [
    p(
      `Federal law requires insurers that issue covered products, including permanent life insurance and annuities, to run an anti-money-laundering program, and it relies on agents as the people who meet the client. ${C}'s program is described here. Agents must also complete an approved AML training course and upload its certificate with their application.`,
    ),
    h1("1. What money laundering looks like"),
    p(
      "Money laundering disguises the criminal origin of funds by passing them through legitimate products. Life insurance is attractive to launderers because a policy can be bought with illicit funds, then surrendered, borrowed against or cancelled during the free-look period for a clean check.",
    ),
    h1("2. Red flags"),
    bullets(
      "A client who is more interested in cancellation, surrender or loan terms than in the coverage itself.",
      "Premium paid in cash, money orders, travelers checks or by several third parties, or a large single premium inconsistent with the client's income.",
      "Reluctance to provide identification, or identification that cannot be verified.",
      "Purchase of a policy far beyond the client's apparent need, followed by an early surrender.",
      "Requests to send refunds to a third party or to an account in another country.",
      "Beneficiaries with no apparent relationship to the insured.",
    ),
    h1("3. The agent's duties"),
    numbers(
      "Verify the identity of every applicant with an unexpired government-issued photo identification.",
      "Never accept cash or cash equivalents for premium.",
      "Report any red flag, at once and confidentially, to the Company's AML Compliance Officer through Contact Us, choosing the subject for compliance questions.",
      "Do not tell the client that a report has been or may be made (tipping off is prohibited by law).",
      "Keep training current: complete refresher training every two years and upload the new certificate.",
    ),
    h1("4. Consequences"),
    p(
      "Failure to follow this guide can expose the agent to civil and criminal penalties and is cause for immediate termination of the appointment.",
    ),
    note("The agent acknowledges this guide by checking the AML box and entering their name in the Policies & Agreements section."),
  ],
};

// ---------------------------------------------------------------------------
// Help guides
// ---------------------------------------------------------------------------

const helpRecruit: DocumentSpec = {
  title: "How to Recruit",
  subtitle: "A guide for recruiters and marketing directors using the appointment portal",
  version: SYSTEM_DOCUMENTS_VERSION,
  keywords: ["help", "recruit", "HELP_RECRUIT"],
  blocks: [
    p(
      `The appointment portal lets you bring new agents into your downline with ${C}. You choose the commission levels a prospect will be offered, send an invitation by email, and follow the application until it is approved and the new agent appears in your hierarchy.`,
    ),
    h1("1. Prepare an invitation template"),
    p(
      "Open CONFIGURE, then Email Templates, and click ADD TEMPLATE. Give the template a name and a description, write your message, and insert merge fields such as [[ProspectFirstName]] and [[AppointmentLinkRows]] with the merge-field button. Save once before adding images. The Default Invitation is always available if you do not want your own.",
    ),
    h1("2. Choose appointment links"),
    numbers(
      "From the dashboard click View Appointment Links.",
      "Pick the hierarchy (agent number, company and block) the prospect will join. To recruit on behalf of an agent in your downline, open the links from that agent's node in the Agents screen.",
      "In each commission schedule, click the cart button beside the level to offer. Only one level per schedule can be chosen, and representative and non-representative links cannot be mixed.",
      "Click BEGIN APPOINTMENT. The badge shows how many links are in the cart.",
    ),
    h1("3. Send the invitation"),
    p(
      "In the cart dialog choose Send links to the prospect. Enter the prospect's first name, last name and email, optionally a CC address, pick a template and review the message. Click SEND and confirm. The invitation appears under CONFIGURE, Invitations, where you can follow its status.",
    ),
    h1("4. Or fill out the application yourself"),
    p(
      "If the prospect prefers, choose Fill out the application in the cart dialog, select the appointment type and enter the prospect's email. The application opens at once; it must later be reviewed and signed by the prospect. See the guide How to complete appointment applications for prospect agents.",
    ),
    h1("5. Follow up"),
    bullets(
      "CONFIGURE, Applications lists applications in progress with their status; Submitted for Approval means the prospect has finished.",
      "Set Communications preferences to receive an email or text when a prospect submits, is approved, is rejected or abandons an application.",
      "Incomplete applications are abandoned after the configured period; remind your prospects before then.",
      "Once approved, the new agent appears in the Agents screen under your agent number.",
    ),
    note("Need help? Use Contact Us in the portal or call the marketing department at the number on the Help page."),
  ],
};

const helpCompleteApp: DocumentSpec = {
  title: "How to Complete Appointment Applications for Prospect Agents",
  subtitle: "For recruiters who fill out an application on a prospect's behalf",
  version: SYSTEM_DOCUMENTS_VERSION,
  keywords: ["help", "application", "HELP_COMPLETE_APP"],
  blocks: [
    p(
      "Some prospects ask their recruiter to prepare the appointment application with them. The portal allows this as a paper appointment: the recruiter starts and fills in the application, and the prospect reviews and signs it.",
    ),
    h1("Starting the application"),
    numbers(
      "Open View Appointment Links and add the levels to offer to the cart.",
      "Click BEGIN APPOINTMENT, choose Fill out the application on the prospect's behalf, pick the appointment type (individual, corporation, both, representative or principal) and enter the prospect's email. It cannot be your own email.",
      "The application opens. You can also reopen it later from CONFIGURE, Applications.",
    ),
    h1("Section by section"),
    h2("Personal Information"),
    p(
      "Enter names, Social Security number, birth date, contact numbers, national producer number and resident license number exactly as on the prospect's license. Corporations and agencies also need the business name, tax id and business address. Answer all 15 background questions with the prospect; any Yes answer needs an explanation in the comment box.",
    ),
    h2("Commissions"),
    p(
      "Choose how commissions are paid: direct deposit (bank name, routing and account number), paper check, or assignment to an agency. The commission schedule must be signed by the prospect.",
    ),
    h2("States & Fees"),
    p(
      "Add each state where the prospect will sell. The fee shown is the resident fee for the home state and the non-resident fee elsewhere; fees are charged only when the first business is written in the state, except pre-appointment states.",
    ),
    h2("Policies & Agreements, Supporting Documents"),
    p(
      "The prospect must read and acknowledge each agreement personally. Upload the E&O certificate, AML training certificate and any other requested documents as PDF files of at most 2 MB, or tick the fax option.",
    ),
    h1("Signatures belong to the prospect"),
    note(
      "Never type a signature, a mother's maiden name or an acknowledgement for the prospect. Save the application and ask the prospect to sign in with their own account to sign and submit it.",
    ),
    p(
      "The completion pie shows how much is left; each item in the error list jumps to the field to fix. When it reaches 100 percent the prospect can SUBMIT, and the status becomes Submitted for Approval.",
    ),
  ],
};

const helpNewUser: DocumentSpec = {
  title: "Welcome Guide for New Users",
  subtitle: "Signing up and starting your appointment application",
  version: SYSTEM_DOCUMENTS_VERSION,
  keywords: ["help", "new user", "HELP_NEW_USER"],
  blocks: [
    p(
      `Welcome to the ${C} appointment portal. You are here because a recruiting agency invited you to be appointed as an agent. This guide walks you through your first visit.`,
    ),
    h1("1. Open your invitation"),
    p(
      "Your invitation email contains a personal link. Click it, or copy the whole link into your browser. If the portal says the link is invalid or expired, ask your recruiter for a new one.",
    ),
    h1("2. Sign up"),
    numbers(
      "Click NEXT on the welcome page. You are taken to the secure sign-in page.",
      "Choose Sign up, enter the email address the invitation was sent to, and choose a password.",
      "Confirm your email address if asked, then fill in your name and phone number.",
    ),
    p("If you have already signed up, just sign in instead; the invitation is attached to your account automatically."),
    h1("3. Start your application"),
    p(
      "After sign-in your dashboard shows Complete Your Appointment. The wizard asks you to confirm the invitation, choose your appointment type and read a few pointers, then opens the application.",
    ),
    h1("4. Have these ready"),
    bullets(
      "Social Security number, date of birth, driver's license number.",
      "National producer number (NPN) and resident state insurance license number.",
      "Bank routing and account number if you want direct deposit.",
      "Your E&O certificate and AML training certificate as PDF files.",
    ),
    note("You can SAVE at any time and come back later. Only SUBMIT sends the application for approval."),
  ],
};

const helpExistingUser: DocumentSpec = {
  title: "Welcome Guide for Existing Users",
  subtitle: "Signing in, your dashboard and what has changed",
  version: SYSTEM_DOCUMENTS_VERSION,
  keywords: ["help", "existing user", "HELP_EXISTING_USER"],
  blocks: [
    p(
      "If you already have an account on the appointment portal, sign in with the same email and password. This guide reminds you where everything is.",
    ),
    h1("Signing in"),
    bullets(
      "Click NEXT on the welcome page and sign in. Use Forgot your password on the sign-in page to reset it.",
      "If you followed a new invitation link, the new invitation is added to your dashboard after sign-in.",
      "Your Profile in the user menu updates your name, middle name and phone number.",
    ),
    h1("Your dashboard"),
    p(
      "Each appointment has a button: Resume Your Appointment while it is being completed, View Your Pending Appointment while it awaits approval. The Your Agent Numbers card lists the agent numbers you hold in each hierarchy.",
    ),
    h1("For appointed agents and directors"),
    bullets(
      "View Appointment Links: choose levels and invite prospects into your downline.",
      "CONFIGURE: email templates, past invitations, the agents hierarchy, applications in progress and reports.",
      "The bell shows how many report requests are still being prepared.",
      "Communications sets the emails and text messages you receive about your prospects.",
    ),
    note("Questions? Use Contact Us from the Help page; attach a PDF if it helps explain your request."),
  ],
};

// ---------------------------------------------------------------------------
// Instructions and wizard pointers
// ---------------------------------------------------------------------------

const instructions: DocumentSpec = {
  title: "Appointment Application Instructions",
  subtitle: "Read before you complete and submit your application",
  version: SYSTEM_DOCUMENTS_VERSION,
  keywords: ["instructions", "INSTRUCTIONS"],
  blocks: [
    p(
      `Thank you for choosing to represent ${C}. Your application is reviewed by our licensing department once you submit it. Complete applications are usually approved within five business days; you will receive an email with your agent number.`,
    ),
    h1("Sections of the application"),
    numbers(
      "Personal Information: your identity, addresses, business details (for corporations), background questions and the W-9 certification.",
      "Commissions: how you want to be paid and your signature on the commission schedule.",
      "States & Fees: the states you will sell in. Fees are deducted from commissions unless you pay by card.",
      "Policies & Agreements: read and acknowledge the Agent Agreement, Representative Agreement (representatives), Company Policy and Anti-Money-Laundering Guide.",
      "Supporting Documents: upload or fax the documents requested.",
    ),
    h1("Completing and saving"),
    bullets(
      "The pie at the top right shows your progress; the list beneath it shows what is missing. Click an item to go to the field.",
      "SAVE keeps your work without submitting it. Save & Continue moves to the next section.",
      "Applications left incomplete are abandoned after the period shown on your dashboard.",
    ),
    h1("Electronic signatures"),
    p(
      "Where a signature is requested, type your mother's maiden name or your name as shown. Typing it has the same effect as signing on paper. Only you may sign your application.",
    ),
    h1("Submitting"),
    p(
      "When every section shows a check mark, click SUBMIT. Your status becomes Awaiting Approval and the form becomes read-only. If we need anything else, we contact you at the email in your application.",
    ),
  ],
};

const wizardPointers: DocumentSpec = {
  title: "Pointers for Filling Out Your Application",
  subtitle: "A one-page checklist before you begin",
  version: SYSTEM_DOCUMENTS_VERSION,
  keywords: ["pointers", "wizard", "WIZARD_POINTERS"],
  blocks: [
    p("A few minutes of preparation make the application quick. Keep this page open while you work."),
    h1("Before you start"),
    bullets(
      "Use the same legal name as on your insurance license; the agent name used for signatures is built from it.",
      "Numbers are entered without dashes: SSN and tax id have 9 digits, phone numbers 10.",
      "A business tax id must differ from your SSN.",
      "Bank routing numbers are checked automatically; copy them from a check, not from memory.",
    ),
    h1("While you work"),
    bullets(
      "Answer all 15 background questions. Sub-questions such as a) and b) belong to the question above them.",
      "Add a state by clicking Add a State, choosing it and confirming with the check mark.",
      "Uploads must be single PDF files of at most 2 MB. A new upload replaces the old one of the same type.",
      "A star on SAVE means you have unsaved changes.",
    ),
    h1("Documents you may need"),
    bullets(
      "Errors and omissions (E&O) certificate showing the carrier, policy number and expiry date.",
      "Anti-money-laundering training certificate from an approved course, completed in the last two years.",
      "A voided check or bank letter if you choose direct deposit.",
      "If you prefer, tick the fax option and fax the documents to the number shown in Supporting Documents.",
    ),
    h1("Finishing"),
    p("When the pie reaches 100 percent, press SUBMIT. You can still view, but not change, the application afterwards."),
    note("Skip these pointers any time with the skip link; they are also available from the Instructions section."),
  ],
};

type Entry = { code: string; spec: DocumentSpec; fileName: string; category: SystemDocumentCategory; description: string };

const ENTRIES: Entry[] = [
  { code: DOCUMENT_TYPE_CODES.agentAgreement, spec: agentAgreement, fileName: "agent-agreement.pdf", category: "agreement", description: "All-company agent agreement (Policies & Agreements)" },
  { code: DOCUMENT_TYPE_CODES.repAgreement, spec: repAgreement, fileName: "representative-agreement.pdf", category: "agreement", description: "Representative agreement (Policies & Agreements)" },
  { code: DOCUMENT_TYPE_CODES.companyPolicy, spec: companyPolicy, fileName: "company-policy.pdf", category: "agreement", description: "Company policy (Policies & Agreements)" },
  { code: DOCUMENT_TYPE_CODES.amlGuide, spec: amlGuide, fileName: "aml-guide.pdf", category: "agreement", description: "Anti-money-laundering guide (Policies & Agreements)" },
  { code: DOCUMENT_TYPE_CODES.helpRecruit, spec: helpRecruit, fileName: "how-to-recruit.pdf", category: "help", description: "Help: how to recruit (FAQ and Help pages)" },
  { code: DOCUMENT_TYPE_CODES.helpCompleteApp, spec: helpCompleteApp, fileName: "how-to-complete-applications.pdf", category: "help", description: "Help: completing applications for prospect agents (FAQ and Help pages)" },
  { code: DOCUMENT_TYPE_CODES.helpNewUser, spec: helpNewUser, fileName: "welcome-new-users.pdf", category: "help", description: "Welcome page guide for new users" },
  { code: DOCUMENT_TYPE_CODES.helpExistingUser, spec: helpExistingUser, fileName: "welcome-existing-users.pdf", category: "help", description: "Welcome page guide for existing users" },
  { code: DOCUMENT_TYPE_CODES.instructions, spec: instructions, fileName: "application-instructions.pdf", category: "instructions", description: "Instructions section of the application" },
  { code: DOCUMENT_TYPE_CODES.wizardPointers, spec: wizardPointers, fileName: "wizard-pointers.pdf", category: "instructions", description: "Pointers shown in step 4 of the wizard" },
];

/** The catalogue of generated system documents (not commission schedules). */
export function systemDocuments(): SystemDocument[] {
  return ENTRIES.map((e) => ({
    documentTypeCode: e.code,
    title: e.spec.title,
    fileName: e.fileName,
    version: e.spec.version,
    category: e.category,
    description: e.description,
    render: () => renderDocument(e.spec),
  }));
}

// ---------------------------------------------------------------------------
// Commission schedules
// ---------------------------------------------------------------------------

/** Level names, level 1 first. As in the hierarchy, a smaller level is higher up. */
export const LIFE_LEVEL_NAMES = [
  "National Marketing Director",
  "Executive General Agent",
  "Senior Managing General Agent",
  "Managing General Agent",
  "Senior General Agent",
  "General Agent",
  "Associate General Agent",
  "Senior Regional Manager",
  "Regional Manager",
  "Senior District Manager",
  "District Manager",
  "Senior Manager",
  "Manager",
  "Associate Manager",
  "Senior Agent",
  "Agent",
  "Writing Agent",
] as const;

export const HEALTH_LEVEL_NAMES = [
  "Marketing Director",
  "Managing General Agent",
  "General Agent",
  "Regional Manager",
  "District Manager",
  "Senior Manager",
  "Manager",
  "Senior Agent",
  "Agent",
] as const;

function isLife(productType: string): boolean {
  return /life/i.test(productType);
}

/** 17 levels for life, 9 for other product types. */
export function maxLevel(productType: string): number {
  return isLife(productType) ? 17 : 9;
}

/**
 * Illustrative first-year and renewal rates (percent of premium); level 1
 * (the top of the hierarchy) has the highest rates.
 */
export function illustrativeRates(productType: string, levelNo: number): { firstYearRate: number; renewalRate: number } {
  if (isLife(productType)) {
    const steps = 17 - levelNo;
    return { firstYearRate: 40 + steps * 5, renewalRate: 2 + steps * 0.25 };
  }
  const steps = 9 - levelNo;
  return { firstYearRate: 10 + steps * 2.5, renewalRate: 5 + steps * 0.5 };
}

export type ScheduleLevelForPdf = {
  levelNo: number;
  levelName: string;
  firstYearRate?: number | string | { toString(): string } | null;
  renewalRate?: number | string | { toString(): string } | null;
};

export type DefaultScheduleLevel = { levelNo: number; levelName: string; firstYearRate: number; renewalRate: number };

/** The default levels of a schedule: names and illustrative rates. */
export function defaultScheduleLevels(productType: string): DefaultScheduleLevel[] {
  const names: readonly string[] = isLife(productType) ? LIFE_LEVEL_NAMES : HEALTH_LEVEL_NAMES;
  return names.map((levelName, i) => ({ levelNo: i + 1, levelName, ...illustrativeRates(productType, i + 1) }));
}

export type CommissionScheduleForPdf = {
  scheduleName: string;
  carrierCode: string;
  carrierName?: string | null;
  /** 'Life', 'Health', ... */
  productType: string;
  mgaCode?: string | null;
  blockNumber?: string | number | null;
  /** 'YYYY.MM'; defaults to SYSTEM_DOCUMENTS_VERSION. */
  version?: string;
  /** Defaults to defaultScheduleLevels(productType). */
  levels?: ScheduleLevelForPdf[];
};

export function commissionScheduleFileName(schedule: Pick<CommissionScheduleForPdf, "carrierCode" | "scheduleName">): string {
  const slug = `${schedule.carrierCode}-${schedule.scheduleName}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `commission-schedule-${slug}.pdf`;
}

function pct(v: ScheduleLevelForPdf["firstYearRate"], fallback: number): string {
  const n = v === null || v === undefined ? fallback : Number(String(v));
  return `${(Number.isFinite(n) ? n : fallback).toFixed(2)}%`;
}

/** The commission schedule PDF of one schedule (deterministic). */
export function renderCommissionSchedulePdf(schedule: CommissionScheduleForPdf): Promise<Uint8Array> {
  const levels = [...(schedule.levels?.length ? schedule.levels : defaultScheduleLevels(schedule.productType))].sort(
    (a, b) => a.levelNo - b.levelNo,
  );
  const carrier = schedule.carrierName ? `${schedule.carrierName} (${schedule.carrierCode})` : schedule.carrierCode;
  const facts = [
    `Carrier: ${carrier}`,
    `Product type: ${schedule.productType}`,
    schedule.mgaCode ? `MGA code: ${schedule.mgaCode}` : undefined,
    schedule.blockNumber !== null && schedule.blockNumber !== undefined ? `Block: ${schedule.blockNumber}` : undefined,
    `Levels: 1 (highest) to ${levels.length ? levels[levels.length - 1].levelNo : maxLevel(schedule.productType)}`,
  ].filter((x): x is string => Boolean(x));
  const spec: DocumentSpec = {
    title: `Commission Schedule - ${schedule.scheduleName}`,
    subtitle: `${carrier} ${schedule.productType} products`,
    version: schedule.version ?? SYSTEM_DOCUMENTS_VERSION,
    keywords: ["commission schedule", DOCUMENT_TYPE_CODES.commissionSchedule, schedule.carrierCode],
    blocks: [
      p(
        `This schedule sets the commissions ${C} pays on ${schedule.productType.toLowerCase()} business written under the schedule named above. The level offered to you is shown in your appointment link; it is part of your Agent Agreement once your appointment is approved.`,
      ),
      { kind: "bullets", items: facts },
      h1("Commission rates by level"),
      {
        kind: "table",
        columns: [
          { header: "Level", width: 12, align: "center" },
          { header: "Level name", width: 48 },
          { header: "First year", width: 20, align: "right" },
          { header: "Renewal", width: 20, align: "right" },
        ],
        rows: levels.map((l) => {
          const d = illustrativeRates(schedule.productType, l.levelNo);
          return [String(l.levelNo), l.levelName, pct(l.firstYearRate, d.firstYearRate), pct(l.renewalRate, d.renewalRate)];
        }),
      },
      note(
        "Rates are illustrative and shown as a percentage of target or modal premium actually received. Specific products may pay reduced rates for older issue ages; see the product rate supplement.",
      ),
      h1("Terms"),
      bullets(
        "First-year commission is paid on premium received in the first twelve policy months; renewal commission on premium in policy years two to ten while the agent remains appointed and in good standing.",
        "Commission on a policy that lapses, is rescinded or is cancelled in the first twelve months is charged back: in full within six months of issue, half in months seven to twelve.",
        "Overrides to upline levels are the difference between the upline's rate and the writing agent's rate.",
        "Commissions are paid twice a month by direct deposit ($25 minimum) or monthly by paper check (none under $100).",
      ),
      { kind: "signature", lines: ["Agent signature (mother's maiden name in the application)", "Date"] },
    ],
  };
  return renderDocument(spec);
}
