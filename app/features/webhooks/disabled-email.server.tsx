// The administrators' email of a webhook endpoint disabled after days of failed deliveries
// (decision 0077), rendered by the portal's one email kit (~/lib/email.server, decision 0057):
// HTML and its text part. It names the endpoint, never its signing secret.
import { ActionButton, Facts, renderEmail } from "~/lib/email.server";

export const WEBHOOK_DISABLED_SUBJECT = "Webhook endpoint disabled after 3 days of failures";

export function webhookDisabledEmail(input: { url: string; description: string | null; reason: string; screen: string }) {
  const facts: Array<readonly [string, string]> = [["Endpoint", input.url]];
  if (input.description) facts.push(["Description", input.description]);
  facts.push(["Reason", input.reason]);
  return renderEmail(
    WEBHOOK_DISABLED_SUBJECT,
    <>
      <p>A webhook endpoint of the appointment portal was disabled after three days of failed deliveries.</p>
      <Facts facts={facts} />
      <p>No event is sent to it until an administrator enables it again.</p>
      <ActionButton href={input.screen} label="Open the endpoint" />
      <p>The deliveries that were waiting are marked failed; each can be replayed from that screen.</p>
    </>,
    "you are an administrator of the portal",
  );
}
