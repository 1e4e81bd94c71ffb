// The administrators' mail of the state filings due (decision 0114), rendered by the portal's one
// email kit (~/lib/email.server, decision 0057). Agent numbers, states and dates only: no licence numbers.
import { formatDate } from "~/lib/format";
import { ActionButton, Facts, renderEmail } from "~/lib/email.server";
import { stateName } from "~/features/licences/messages";
import type { FilingNotice, NoticeStage } from "./filing-notices.server";

export const FILING_NOTICE_MESSAGES = {
  subject: "State filings due or overdue",
  intro: "The state filings below are not yet filed. File them from ADMIN > State Filings.",
  stages: { DUE_IN_5: "Due within 5 days", DUE_TODAY: "Due today", OVERDUE: "Overdue" } satisfies Record<NoticeStage, string>,
  kinds: { APPOINTMENT: "Appointment", TERMINATION: "Termination" } satisfies Record<FilingNotice["kind"], string>,
  linkLabel: "Open State Filings",
  more: (n: number) => `and ${n.toLocaleString("en-US")} more on ADMIN > State Filings`,
  count: (n: number) => `${n.toLocaleString("en-US")} filing${n === 1 ? "" : "s"}`,
  preferencesReason: "of your communication preferences; change them under Communication Preferences in the portal",
} as const;

const M = FILING_NOTICE_MESSAGES;

/** Filings listed per stage; the rest are counted (a first run after an import may tell 100,000). */
export const LINES_PER_STAGE = 20;

/**
 * Per stage (overdue first) its count, then one line per filing up to LINES_PER_STAGE
 * ('Appointment: Texas, agent A-1, due Dec 9, 2026') and how many more the screen lists.
 */
export function filingNoticeEmail(notices: readonly FilingNotice[], url: string) {
  const order: NoticeStage[] = ["OVERDUE", "DUE_TODAY", "DUE_IN_5"];
  const facts = order.flatMap((stage) => {
    const of = notices.filter((n) => n.stage === stage);
    if (of.length === 0) return [];
    const lines = of
      .slice(0, LINES_PER_STAGE)
      .map((n): [string, string] => ["", `${M.kinds[n.kind]}: ${stateName(n.stateCode)}, agent ${n.agent}, due ${formatDate(n.dueDate)}`]);
    const more: Array<[string, string]> = of.length > LINES_PER_STAGE ? [["", M.more(of.length - LINES_PER_STAGE)]] : [];
    return [[M.stages[stage], M.count(of.length)] as [string, string], ...lines, ...more];
  });
  return renderEmail(
    M.subject,
    <>
      <p>{M.intro}</p>
      <Facts facts={facts} />
      <ActionButton href={url} label={M.linkLabel} />
    </>,
    M.preferencesReason,
  );
}
