// The retention screens' and erased values' words (decision 0120), for the server and the UI alike.

/** What an erased value reads as, wherever its mask used to be (the review screen, the applicant's record). */
export const erasedText = (day: string) => `Erased on ${day} under the retention schedule`;

export const HOLD_MESSAGES = {
  title: "Legal holds",
  lead: "A person under a legal hold keeps every record: the retention schedule erases nothing of theirs until the hold is lifted.",
  subjectLabel: "Email address or agent number",
  subjectHint: "The email address of a user or an applicant, or an agent number.",
  subjectRequired: "Enter the person's email address or agent number.",
  subjectInvalid: "Enter an email address, or an agent number of digits.",
  reasonLabel: "Reason",
  reasonRequired: "Enter why the records are held (a matter, a request).",
  reasonTooLong: "The reason can be at most 500 characters.",
  place: "PLACE HOLD",
  lift: "LIFT HOLD",
  nobody: "No user, applicant or agent has this email address or agent number.",
  placedTitle: "Hold placed",
  placed: "The retention schedule erases nothing of this person's while the hold is in force.",
  liftedTitle: "Hold lifted",
  lifted: "The retention schedule applies to this person again.",
  notFound: "There is no hold in force with this id: it may have been lifted meanwhile.",
  none: "No legal hold has been placed.",
  inForce: "In force",
  liftedOn: (day: string) => `Lifted on ${day}`,
} as const;

export const QUEUE_MESSAGES = {
  title: "Retention queue",
  lead: "What the retention schedule erases next (each night, erase-expired), who is held out of it and what was erased lately. Read only.",
  schedule: (applicantDays: number, agentDays: number) =>
    `An abandoned or rejected applicant's sensitive data is erased ${applicantDays} days after; an agent's ${agentDays} days after the last of its positions is terminated (RETENTION_APPLICANT_DAYS, RETENTION_AGENT_DAYS).`,
  dueHeading: (days: number) => `Due within ${days} days`,
  none: "Nothing falls due in this time.",
  more: (shown: number, total: number) => `The first ${shown} of ${total.toLocaleString("en-US")} are listed.`,
  held: "Held: not erased while the hold is in force",
  overdue: "Due: erased at the next run",
  erasedHeading: (days: number) => `Erased in the last ${days} days`,
  erased: (applications: number, agents: number) => `${applications.toLocaleString("en-US")} application(s) and ${agents.toLocaleString("en-US")} agent position(s).`,
  holds: (n: number) => `${n.toLocaleString("en-US")} legal hold(s) in force.`,
  holdsLink: "ADMIN > Legal Holds",
} as const;
