// An SMTP outage of more than an hour (issue 19 items 3 and 4), with a real
// SMTP server that is down, then started again on the same port:
//   - the provider's password-reset mail goes through the send-email job
//     (it was sent inside the request: one failed attempt, never retried);
//   - an invitation's mail is retried for longer than an hour (it was
//     marked SEND_FAILED for good after 5 attempts, about 90 seconds) and the
//     invitation shows 'Sending' meanwhile;
//   - once the server is back each message arrives exactly once.
// An hour is not waited for: whenever a retry is scheduled, the test moves
// the job's run_at to now, as the passing time would (the retry schedule is
// graphile-worker's own, exp(attempt) seconds); nothing else differs from
// production.
import { afterAll, describe, expect, test } from "vitest";
import { listInvitations } from "~/features/invitations/invitations.server";
import { sendInvitation } from "~/features/invitations/send.server";
import { configureDatabase, disconnectPrisma, prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { stopWorker } from "~/lib/jobs.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { ensureCommissionScheduleDocuments } from "../../prisma/seed/documents";
import { asUser, makeWorld } from "../integration/appointment-fixtures";
import { startApp, type AppHandle } from "../support/app-server";
import { freePort } from "../support/free-port";
import { CookieJar, hiddenValue, request } from "../support/idp-client";
import { query } from "../support/mailbox";
import { waitFor } from "../support/wait";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

let app: AppHandle | undefined;
let smtp: SmtpSink | undefined;
afterAll(async () => {
  await disconnectPrisma();
  await stopWorker();
  await app?.dispose().catch(() => undefined);
  await smtp?.close();
});


type JobRow = { id: string; task_identifier: string; attempts: number; max_attempts: number; locked_by: string | null; related_type: string | null; payload: unknown };

/** graphile-worker's backoff before attempt n+1: exp(min(n, 10)) seconds. */
const delayAfter = (attempt: number) => Math.exp(Math.min(attempt, 10));

describe("an SMTP outage of more than an hour", () => {
  test("the reset mail and the invitation wait ('Sending'), and arrive once when the server is back", async () => {
    const smtpPort = await freePort(); // nothing listens there: the server is down
    app = await startApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, SEED_DEMO_DATA: "true" } });
    const db = app.databaseUrl!;
    await disconnectPrisma();
    Object.assign(process.env, { DATABASE_URL: db, DATA_DIR: app.dataDir, APP_URL: app.url });
    resetEnvCache();
    resetSecretsCache();
    configureDatabase(db);

    // A password reset through the provider's page.
    const jar = new CookieJar();
    const forgot = await request(jar, `${app.idpUrl}/password/forgot`);
    const csrf = hiddenValue(forgot.body, "csrf");
    const asked = await request(jar, `${app.idpUrl}/password/forgot`, { form: { csrf, email: "md@portal.localhost" } });
    expect(asked.status).toBe(200);

    // An invitation.
    const world = await makeWorld();
    await ensureCommissionScheduleDocuments(prisma);
    const template = await prisma.emailTemplate.findUniqueOrThrow({ where: { systemCode: "DFT_MLT_INVITE" } });
    const md = asUser(world.mdUser);
    const prospectEmail = `ada.${Date.now()}@example.com`;
    const invited = await sendInvitation(md, { link: world.linkText }, {
      firstName: "Ada",
      lastName: "Prospect",
      email: prospectEmail,
      templateId: template.corrTemplateId,
      body: "<p>Dear [[ProspectFirstName]],</p><p>[[AppointmentLink]]</p>",
      confirm: "yes",
      formToken: crypto.randomUUID(),
    });
    if (!invited.ok) throw new Error(`invitation not sent: ${JSON.stringify(invited)}`);

    const jobs = () =>
      query<JobRow>(
        db,
        // The payload is not in graphile-worker's public view.
        `select j.id, t.identifier as task_identifier, j.attempts, j.max_attempts, j.locked_by, j.payload->>'relatedType' as related_type, j.payload
           from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
          where t.identifier in ('send-email', 'send-invitation') order by j.id`,
      );
    const resetJob = async () => (await jobs()).find((j) => j.task_identifier === "send-email" && j.related_type === "IdpPasswordReset");
    const invitationJob = async () => (await jobs()).find((j) => j.task_identifier === "send-invitation");

    // The reset mail is a job (before the fix: a FAILED message and no job).
    await waitFor(
      "the reset mail to be queued, or to have failed inside the request",
      async () => (await resetJob()) ?? (await query(db, `select 1 from mail_messages where related_type = 'IdpPasswordReset'`)).length > 0,
      30_000,
    );
    expect(await resetJob(), "the reset mail waits in the send-email job").toBeDefined();

    // More than an hour of failed attempts: each retry is let run when it is due.
    let waited = 0;
    while (waited < 3600) {
      const attempts = (await invitationJob())?.attempts ?? 0;
      const inv = await invitationJob();
      expect(inv, "the invitation's job is still queued").toBeDefined();
      expect(inv!.attempts, `the invitation gave up after ${Math.round(waited)} s of outage`).toBeLessThan(inv!.max_attempts);
      // The next attempt of each waiting job is due now.
      await query(db, `update graphile_worker._private_jobs set run_at = now() where locked_by is null and attempts > 0 and run_at > now()`);
      await waitFor(
        "the next attempt",
        async () => {
          const j = await invitationJob();
          return !j || (j.attempts > attempts && j.locked_by === null);
        },
        60_000,
      );
      if (attempts > 0) waited += delayAfter(attempts);
    }
    const failing = (await jobs()).filter((j) => j.attempts > 1);
    expect(failing.map((j) => j.task_identifier).sort(), "both mails still retrying").toEqual(["send-email", "send-invitation"]);
    const shown = await listInvitations(md, { page: 0, pageSize: 10, hideAppointed: false });
    expect(shown.rows.find((r) => r.invitationId === invited.invitationId)?.status, "the invitation shows 'Sending'").toBe("SENDING");

    // The server is back on the same port; the next attempts deliver.
    smtp = await startSmtpSink(smtpPort);
    await query(db, `update graphile_worker._private_jobs set run_at = now() where locked_by is null and attempts > 0`);
    await waitFor("every mail job to be done", async () => (await jobs()).length === 0, 60_000);

    const resets = smtp.received.filter((m) => m.to.includes("md@portal.localhost") && /reset/i.test(m.parsed.subject ?? ""));
    expect(resets, "the reset mail once").toHaveLength(1);
    const invitations = smtp.received.filter((m) => m.to.includes(prospectEmail));
    expect(invitations, "the invitation once").toHaveLength(1);
    const after = await listInvitations(md, { page: 0, pageSize: 10, hideAppointed: false });
    expect(after.rows.find((r) => r.invitationId === invited.invitationId)?.status).toBe("INVITED");
    expect((await app.stop()).code).toBe(0);
  }, 300_000);
});
