// The body of a licence notice email (decision 0071), rendered by the portal's one email kit
// (~/lib/email.server, decision 0057): every value escaped by React, the text part derived from the
// HTML. What it says is chosen in monitor.server.ts with the words of monitor-messages.ts.
import { ActionButton, Facts, renderEmail } from "~/lib/email.server";
import { MONITOR_MESSAGES as M } from "./monitor-messages";

export function monitorEmailBody(input: { subject: string; intro: string[]; facts: Array<[string, string]>; url: string }) {
  return renderEmail(
    input.subject,
    <>
      {input.intro.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
      <Facts facts={input.facts} />
      <ActionButton href={input.url} label={M.linkLabel} />
    </>,
    M.preferencesReason,
  );
}
