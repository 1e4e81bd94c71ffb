// SIGTERM while a slow client is uploading (issue 7, item 12): the upload is
// answered (503, "try again") when the grace period ends instead of a closed
// connection, the process exits 0, and no temporary file is left in storage.
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, describe, expect, inject, test } from "vitest";
import { configureDatabase, disconnectPrisma, prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { createSession } from "~/lib/session.server";
import { startApp, type AppHandle } from "../support/app-server";
import { createAppointment, createUser } from "../support/factories";
import { createTestDatabase } from "../support/postgres";

const apps: AppHandle[] = [];
afterAll(async () => {
  for (const app of apps) await app.dispose().catch(() => undefined);
  await disconnectPrisma();
});

function tempFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).filter((f) => path.basename(f).includes(".tmp-"));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("SIGTERM during a slow upload", () => {
  test("the upload is answered 503 when the grace period ends and no temporary file is left", async () => {
    const db = await createTestDatabase(undefined, { url: inject("pgUrl"), template: inject("pgTemplate") });
    const sessionSecret = randomBytes(32).toString("base64");
    const app = await startApp({ databaseUrl: db.url, env: { SEED_DEMO_DATA: "false", SESSION_SECRET: sessionSecret } });
    apps.push(app);

    // A prospect with an application, signed in (a session row and its cookie).
    process.env.DATABASE_URL = db.url;
    process.env.SESSION_SECRET = sessionSecret;
    process.env.APP_URL = app.url;
    process.env.DATA_DIR = app.dataDir;
    resetEnvCache();
    resetSecretsCache();
    await disconnectPrisma();
    configureDatabase(db.url);
    const user = await createUser(prisma, { userRoleCode: "USRROLE_PROSPECT" });
    const appointment = await createAppointment(prisma, { userId: user.id });
    const cookie = (await createSession(new Request(`${app.url}/`), { userId: user.id })).split(";")[0]!;

    const boundary = `----reliability${randomBytes(8).toString("hex")}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="appointmentId"\r\n\r\n${appointment.appointmentId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="documentTypeCode"\r\n\r\nDOCTYP_ADDL\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    );
    const total = head.length + 1_000_000;
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        `${app.url}/appoint/upload?id=${appointment.appointmentId}`,
        {
          method: "POST",
          headers: {
            Cookie: cookie,
            Origin: app.url,
            Accept: "application/json",
            "Content-Type": `multipart/form-data; boundary=${boundary}`,
            "Content-Length": String(total),
          },
        },
        (res) => {
          let body = "";
          res.on("data", (c: Buffer) => (body += c.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      // The headers and the first 100 KB, then nothing more: a slow client.
      req.write(head);
      req.write(Buffer.alloc(100_000, 0x20));
    });
    answer.catch(() => undefined);

    // The upload is being written to storage.
    const deadline = Date.now() + 20_000;
    while (tempFiles(app.dataDir).length === 0) {
      if (Date.now() > deadline) throw new Error(`no temporary file appeared\n${app.logs().slice(-3000)}`);
      await sleep(100);
    }

    const stopped = app.stop(40_000);
    const { status, body } = await answer;
    expect(status, body).toBe(503);
    const info = await stopped;
    expect(info, app.logs().slice(-3000)).toMatchObject({ code: 0, killed: false });
    expect(tempFiles(app.dataDir)).toEqual([]);
  });
});
