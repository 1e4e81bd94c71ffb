// The emails of Contact Us, rendered by the portal's one email kit
// (~/lib/email.server, decision 0057): what the requester or the
// administrator typed is escaped by React and keeps its line breaks; the text
// part is derived from the HTML.
import { Lines, renderEmail, TypedText } from "~/lib/email.server";

/** The request as the support mailbox receives it: the facts line by line, then the request's text. */
export function serviceRequestEmail(input: { subject: string; facts: string[]; requestText: string }) {
  return renderEmail(
    input.subject,
    <>
      <p>
        <Lines lines={input.facts} />
      </p>
      <TypedText text={input.requestText} />
    </>,
    "this address receives the portal's service requests",
  );
}

/** The administrator's reply as the requester receives it. */
export function serviceRequestReplyEmail(input: { subject: string; greeting: string; replyText: string; about: string; contactUrl: string }) {
  return renderEmail(
    input.subject,
    <>
      <p>{input.greeting}</p>
      <TypedText text={input.replyText} />
      <p>
        {input.about}
        <br />
        To write to us again, use <a href={input.contactUrl}>Contact Us</a>.
      </p>
    </>,
    "you wrote to us through Contact Us",
  );
}
