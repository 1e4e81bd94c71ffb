// The words of the email that invites an approved paper prospect without an
// account to create one (an EXT link onto the new positions), rendered by the
// portal's one email kit (~/lib/email.server, decision 0057).
import { ActionButton, renderEmail } from "~/lib/email.server";
import { APPROVED_ACCOUNT_EMAIL } from "./decision-messages";

export function approvedAccountEmail(input: { name: string; agentNumber: string; link: string }) {
  // Replaced by functions: a "$&" or "$'" in a name is text, not a replacement pattern.
  const intro = APPROVED_ACCOUNT_EMAIL.intro.replace("{name}", () => input.name).replace("{agentNumber}", () => input.agentNumber);
  return renderEmail(
    APPROVED_ACCOUNT_EMAIL.subject,
    <>
      <p>{intro}</p>
      <p>{APPROVED_ACCOUNT_EMAIL.action}</p>
      <ActionButton href={input.link} label="Create your portal account" />
      <p>{APPROVED_ACCOUNT_EMAIL.ignore}</p>
    </>,
    "your appointment application was approved",
  );
}
