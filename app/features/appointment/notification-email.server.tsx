// The body of an appointment notification email (submitted, approved,
// rejected, returned, abandoned), rendered by the portal's one email kit
// (~/lib/email.server, decision 0057): every fact escaped by React, the text
// part derived from the HTML. What it says is chosen in notifications.server.ts
// (no sensitive values: name, type, levels, dates, decision).
import { ActionButton, Facts, renderEmail } from "~/lib/email.server";

export function notificationEmailBody(input: {
  subject: string;
  intro: string;
  facts: Array<[string, string]>;
  url: string;
  linkLabel: string;
  /** The sentence on communication preferences (recipients who chose to receive it). */
  preferencesNote: boolean;
}) {
  return renderEmail(
    input.subject,
    <>
      <p>{input.intro}</p>
      <Facts facts={input.facts} />
      <ActionButton href={input.url} label={input.linkLabel} />
    </>,
    input.preferencesNote
      ? "of your communication preferences; change them under Communication Preferences in the portal"
      : "the application is yours or you recruited its applicant",
  );
}
