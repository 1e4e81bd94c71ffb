// The texts of the help guides, the application instructions and the
// wizard pointers as document specs for pdf-layout.server.ts. The catalogue
// that names, files and renders them is system-pdfs.server.ts.
import { COMPANY_NAME, bullets, h1, h2, note, numbers, p, type DocumentSpec } from "./pdf-layout.server";
import { SYSTEM_DOCUMENTS_VERSION } from "./system-document-codes";

const C = COMPANY_NAME;

// ---------------------------------------------------------------------------
// Help guides
// ---------------------------------------------------------------------------

export const helpRecruit: DocumentSpec = {
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

export const helpCompleteApp: DocumentSpec = {
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

export const helpNewUser: DocumentSpec = {
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

export const helpExistingUser: DocumentSpec = {
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

export const instructions: DocumentSpec = {
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

export const wizardPointers: DocumentSpec = {
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
