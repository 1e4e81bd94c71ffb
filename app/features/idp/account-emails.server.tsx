// The words of the built-in provider's emails (verification, someone signed
// up with your address, password reset), rendered by the portal's one email
// kit (~/lib/email.server, decision 0057): values escaped by React, the text
// part derived from the HTML. Links carry tokens: never logged.
import { ActionButton, renderEmail } from "~/lib/email.server";

const Hello = ({ name }: { name: string }) => <p>Hello {name},</p>;

/**
 * The confirmation link. No name: whoever signed up typed it, and it may be a stranger's
 * (decision 0081); the link opens a page, and only its button confirms.
 */
export function verificationEmail(link: string, hours: number) {
  return renderEmail(
    "Confirm your Appointment Portal email address",
    <>
      <p>Hello,</p>
      <p>
        Someone signed up for an Appointment Portal account with this email address. If it was you, open this link within {hours} hours and confirm
        there that the address is yours.
      </p>
      <ActionButton href={link} label="Confirm my email address" />
      <p>
        Until the address is confirmed, the portal does not show the invitations and applications sent to it. If this was not you, you can ignore
        this email: the account opens nothing in the portal until the address is confirmed. If you want the account yourself, open the link and
        choose your own password there.
      </p>
    </>,
    "someone signed up with this email address",
  );
}

export function alreadyRegisteredEmail(givenName: string, forgotLink: string) {
  return renderEmail(
    "Someone tried to sign up with your Appointment Portal email address",
    <>
      <Hello name={givenName} />
      <p>Someone just tried to create an Appointment Portal account with this email address, which already has an account.</p>
      <p>
        If it was you, sign in with your password. If you forgot it, or if you did not create the existing account yourself, choose a new password
        here.
      </p>
      <ActionButton href={forgotLink} label="Choose a new password" />
      <p>If it was not you, you can ignore this email: nothing has changed.</p>
    </>,
    "someone tried to sign up with this email address",
  );
}

export function resetEmail(givenName: string, link: string, minutes: number) {
  return renderEmail(
    "Reset your Appointment Portal password",
    <>
      <Hello name={givenName} />
      <p>
        We received a request to reset the password of your Appointment Portal account. To choose a new password, open this link within {minutes}{" "}
        minutes.
      </p>
      <ActionButton href={link} label="Choose a new password" />
      <p>The link works once. If you did not ask for a new password, you can ignore this email: your password stays as it is.</p>
    </>,
    "a new password was asked for the account of this address",
  );
}
