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

export type ProviderMail = { to: string; subject: string; html: string; text?: string; relatedType: string; relatedId: string };

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

// The words of these emails: account-emails.server.tsx (rendered by ~/lib/email.server).
export { alreadyRegisteredEmail, resetEmail, verificationEmail } from "./account-emails.server";
