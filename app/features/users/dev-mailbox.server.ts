// Who may read the development mailbox (/dev/mail). Captured mail holds
// password-reset links, so it is open without signing in only while the
// portal runs on a loopback address (a developer's `npm start`) AND the
// request comes from this machine (a loopback socket address: the server
// listens on 127.0.0.1 by default then, but HOST may open it to the
// network). Anyone else needs an internal administrator's session; with
// SMTP_URL set the mailbox does not exist. The captured text messages
// (/dev/sms) follow the same rule, and do not exist with SMS_URL set.
import { notFound } from "~/components/PageNotFound";
import { getCurrentUser } from "~/lib/auth.server";
import { mailCaptureEnabled } from "~/lib/mail.server";
import { smsCaptureEnabled } from "~/lib/sms.server";
import { isLoopbackAddress, portalIsLocal } from "~/lib/net.server";
import { clientIp } from "~/lib/security.server";

export { portalIsLocal };

/** Open to anyone from this machine while the portal itself is local; otherwise administrators only. */
export function mailboxOpenWithoutSignIn(opts: { portalLocal: boolean; clientAddress: string | null }): boolean {
  return opts.portalLocal && isLoopbackAddress(opts.clientAddress);
}

export function requireMailboxAccess(request: Request): Promise<void> {
  return requireCaptureAccess(request, mailCaptureEnabled());
}

/** The captured text messages (/dev/sms): the same rule, while SMS_URL is unset (decision 0031). */
export function requireSmsBoxAccess(request: Request): Promise<void> {
  return requireCaptureAccess(request, smsCaptureEnabled());
}

async function requireCaptureAccess(request: Request, capturing: boolean): Promise<void> {
  if (!capturing) throw notFound();
  if (mailboxOpenWithoutSignIn({ portalLocal: portalIsLocal(), clientAddress: clientIp(request) })) return;
  const user = await getCurrentUser(request);
  // An impersonating session always has an internal administrator behind it.
  const admin = Boolean(user && (user.impersonator || user.isInternal));
  if (!admin) throw notFound();
}
