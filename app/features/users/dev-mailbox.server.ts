// Who may read the development mailbox (/dev/mail). Captured mail holds
// password-reset links, so it is open to anyone only while the portal runs
// on a loopback address (a developer's `npm start`); a deployment without
// SMTP_URL shows it to internal administrators only. With SMTP_URL set it
// does not exist.
import { notFound } from "~/components/PageNotFound";
import { getCurrentUser } from "~/lib/auth.server";
import { env } from "~/lib/env.server";
import { mailCaptureEnabled } from "~/lib/mail.server";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function portalIsLocal(): boolean {
  const host = new URL(env().appUrl).hostname;
  return LOOPBACK.has(host) || host.endsWith(".localhost");
}

export async function requireMailboxAccess(request: Request): Promise<void> {
  if (!mailCaptureEnabled()) throw notFound();
  if (portalIsLocal()) return;
  const user = await getCurrentUser(request);
  // An impersonating session always has an internal administrator behind it.
  const admin = Boolean(user && (user.impersonator || user.isInternal));
  if (!admin) throw notFound();
}
