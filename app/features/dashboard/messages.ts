// The dashboard's words beside the spec's (issue 36 item 9, decision 0097): the next step of each
// appointment entry, and the administrator's 'Work waiting' card. Pure (browser and server).

/** What the prospect does next, by where the application stands (the status's text is the catalogue's). */
export const NEXT_STEP = {
  start: "Next step: start your application.",
  continue: "Next step: continue your application and submit it.",
  returned: "Next step: correct what the administrator asked for (below), then submit your application again.",
  awaiting: "Next step: none for now. Your application is awaiting review; we will email you when it is decided.",
  approved: "Your application is approved: nothing more to do.",
  rejected: "This decision is final (the reason is below). Use Contact Us if you have a question.",
  abandoned: "It was not submitted within the allowed period. If you still wish to be appointed, please contact your recruiter.",
} as const;

export const WORK_MESSAGES = {
  title: "Work waiting",
  lead: "What waits for an administrator now; each opens the screen that does the work.",
  applications: "Applications awaiting review",
  requests: "Service requests not done",
  compliance: "Agents not in good order",
  webhooks: "Failed webhook deliveries",
  nothing: "Nothing waiting.",
} as const;
