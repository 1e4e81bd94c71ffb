// The built-in provider's emails (verification, someone signed up with your
// address, password reset), written and queued after the page has answered,
// so that whether an account exists does not change how long a page takes
// (see accounts.server.ts). Links carry tokens: never logged.
//
// They are sent by the send-email job like every other mail (queueProviderMail):
// an SMTP server that is down delays them (retried MAIL_MAX_ATTEMPTS times,
// over 15 hours) instead of losing them after one attempt (issue 19 item 3).
import { jobOptions, queueJob } from "~/features/jobs/queue.server";
import { prisma } from "~/lib/db.server";

export type ProviderMail = { to: string; subject: string; html: string; relatedType: string; relatedId: string };

/** Queues one of the provider's emails (the job's key makes it one email: a re-run after a crash sends nothing twice). */
export async function queueProviderMail(mail: ProviderMail): Promise<void> {
  // Not in a transaction of its own: the client itself (the mail belongs to no other write).
  await queueJob(prisma, "send-email", mail, jobOptions.providerMail());
}

const pending = new Set<Promise<unknown>>();

/**
 * Runs work that depends on whether an account exists after the page has
 * answered (writes, emails), so the answer takes the same time either way.
 * Failures are logged by label (never with tokens or bodies).
 */
export function afterAnswer(label: string, task: () => Promise<unknown>): void {
  const p: Promise<unknown> = new Promise((resolve) => setImmediate(resolve))
    .then(task)
    .catch((err: unknown) => {
      console.error(`[idp] ${label} failed:`, err instanceof Error ? err.message : err);
    })
    .finally(() => pending.delete(p));
  pending.add(p);
}


/** Waits for the after-answer work still running (stop, tests). */
export async function settleIdpWork(): Promise<void> {
  while (pending.size) await Promise.allSettled([...pending]);
}

function esc(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function verificationEmail(givenName: string, link: string, hours: number) {
  return {
    subject: "Confirm your Appointment Portal email address",
    html: `<p>Hello ${esc(givenName)},</p>
<p>Thank you for creating an Appointment Portal account. To confirm that this email address is yours, open this link within ${hours} hours:</p>
<p><a href="${esc(link)}">${esc(link)}</a></p>
<p>Until you do, the portal cannot show the invitations and applications sent to this address.
If you did not create an account, you can ignore this email.</p>`,
  };
}

export function alreadyRegisteredEmail(givenName: string, forgotLink: string) {
  return {
    subject: "Someone tried to sign up with your Appointment Portal email address",
    html: `<p>Hello ${esc(givenName)},</p>
<p>Someone just tried to create an Appointment Portal account with this email address, which already has an account.</p>
<p>If it was you, sign in with your password. If you forgot it, or if you did not create the existing account yourself, choose a new password here:</p>
<p><a href="${esc(forgotLink)}">${esc(forgotLink)}</a></p>
<p>If it was not you, you can ignore this email: nothing has changed.</p>`,
  };
}

export function resetEmail(givenName: string, link: string, minutes: number) {
  return {
    subject: "Reset your Appointment Portal password",
    html: `<p>Hello ${esc(givenName)},</p>
<p>We received a request to reset the password of your Appointment Portal account.
To choose a new password, open this link within ${minutes} minutes:</p>
<p><a href="${esc(link)}">${esc(link)}</a></p>
<p>The link works once. If you did not ask for a new password, you can ignore this email: your password stays as it is.</p>`,
  };
}
