// What the daily licence monitoring's notices say (issue 23 item 3, decision 0071): the email's
// subject and sentences, the text message. No sensitive data: names, agent numbers, states, kinds,
// dates and the standing's reasons (reasonText); never a licence or policy number.
import { formatDate } from "~/lib/format";
import { CREDENTIAL_LABEL, stateName } from "./messages";
import type { CredentialKind, NoticeDue } from "./status";

export const MONITOR_MESSAGES = {
  subjectOwn: "Your licenses and credentials need attention",
  subjectUpline: (agent: string) => `Licenses and credentials of ${agent} (your downline) need attention`,
  introOwn: "The licenses and credentials below expire soon or have expired. Renew them and give the new dates to the portal.",
  introUpline: (agent: string) => `The licenses and credentials of ${agent}, an agent in your downline, need attention.`,
  notInGoodOrderOwn: "You are not in good order: new business cannot be accepted from you until the reasons below are resolved.",
  notInGoodOrderUpline: (agent: string) => `${agent} is not in good order: new business cannot be accepted from them until the reasons below are resolved.`,
  agentLabel: "Agent",
  standingLabel: "Standing",
  notInGoodOrder: "Not in good order",
  reasonLabel: "Reason",
  linkLabel: "Open the portal",
  /** The footer's reason (EmailFooter: "Sent by … because …"). */
  preferencesReason: "of your communication preferences; change them under Communication Preferences in the portal",
  sms: (title: string, agent: string | null, url: string) =>
    agent ? `${title}: licenses or credentials of ${agent} (your downline) need attention. ${url}` : `${title}: your licenses or credentials need attention. ${url}`,
} as const;

/** The label of a notice's row: 'License: Texas', 'E&O coverage'. */
export function noticeLabel(n: NoticeDue): string {
  if (n.subjectKind === "LICENCE") return `License: ${stateName(n.stateCode ?? "")}`;
  return CREDENTIAL_LABEL[n.kind as CredentialKind] ?? n.kind ?? "Credential";
}

/** What a notice says of its expiry: 'Expires on 12/31/2026 (in 30 days or less)', 'Expired on 11/26/2026'. */
export function noticeText(n: NoticeDue): string {
  const on = formatDate(new Date(`${n.expiryDate}T00:00:00Z`));
  return n.threshold === 0 ? `Expired on ${on}` : `Expires on ${on} (in ${n.threshold} days or less)`;
}
