// The texts of the four agreements of Policies & Agreements (Agent
// Agreement, Representative Agreement, Company Policy, AML Guide) as
// document specs for pdf-layout.server.ts. The catalogue that names, files
// and renders them is system-pdfs.server.ts.
import {
  COMPANY_ADDRESS,
  COMPANY_LEGAL_NAME,
  COMPANY_NAME,
  COMPANY_SINCE,
  bullets,
  h1,
  note,
  numbers,
  p,
  type DocumentSpec,
} from "./pdf-layout.server";
import { SYSTEM_DOCUMENTS_VERSION } from "./system-document-codes";

const C = COMPANY_NAME;

// ---------------------------------------------------------------------------
// Policies & Agreements
// ---------------------------------------------------------------------------

export const agentAgreement: DocumentSpec = {
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

export const repAgreement: DocumentSpec = {
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

export const companyPolicy: DocumentSpec = {
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

export const amlGuide: DocumentSpec = {
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

