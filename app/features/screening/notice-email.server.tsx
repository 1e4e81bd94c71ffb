// The FCRA 615 notices to the applicant (decision 0122), rendered by the portal's one email kit.
// The pre-adverse action notice carries the report (attached) and the summary of rights; the
// adverse action notice the statements 615(a) requires. No result detail is written in the mail.
import { Lines, renderEmail } from "~/lib/email.server";
import { SCREENING_MESSAGES } from "./statuses";

export const NOTICE_MESSAGES = {
  preSubject: "Pre-adverse action notice: your background report",
  finalSubject: "Adverse action notice",
  reason: "you applied for an appointment and authorized a background report",
  summaryUrl: "https://www.consumerfinance.gov/learnmore/",
} as const;

const rights = [
  SCREENING_MESSAGES.summaryOfRightsTitle,
  "You must be told if information in your file has been used against you.",
  "You have the right to know what is in your file, and to ask for your credit score.",
  "You have the right to dispute incomplete or inaccurate information; the consumer reporting agency must correct or delete it.",
  "Outdated negative information may not be reported; access to your file is limited; your consent is required for reports to employers.",
  `Read the full summary at ${NOTICE_MESSAGES.summaryUrl}.`,
];

export function preAdverseEmail(p: { name: string; vendor: string; dueDay: string }) {
  return renderEmail(
    NOTICE_MESSAGES.preSubject,
    <>
      <p>Dear {p.name},</p>
      <p>
        A background report from {p.vendor} may lead us to decline your application. A copy of the report is attached, with a summary of your rights. If anything in it is
        incomplete or inaccurate, contact {p.vendor} or reply to this message before {p.dueDay}; no decision is made before then.
      </p>
      <Lines lines={rights} />
    </>,
    NOTICE_MESSAGES.reason,
  );
}

export function finalAdverseEmail(p: { name: string; vendor: string }) {
  return renderEmail(
    NOTICE_MESSAGES.finalSubject,
    <>
      <p>Dear {p.name},</p>
      <p>Your application has been declined, based in whole or in part on a background report from {p.vendor}.</p>
      <p>
        {p.vendor} did not make this decision and cannot tell you why it was made. You may ask {p.vendor} for a free copy of your report within 60 days, and dispute with it
        the accuracy or completeness of any information in it.
      </p>
      <Lines lines={[SCREENING_MESSAGES.summaryOfRightsTitle, `Read it at ${NOTICE_MESSAGES.summaryUrl}.`]} />
    </>,
    NOTICE_MESSAGES.reason,
  );
}
