// kill -9 of the portal during a filing run (issue 37, 'Must show'; decision 0115), on the DEFAULT
// set-up: the embedded PostgreSQL under DATA_DIR on a free port, another one after the restart.
//  - file adapter: the run is held in flight (the test locks filing_files in SHARE mode: the run has
//    taken its filings, written its batch and waits to write its first file); kill -9; after the
//    restart the job runs again: every appointment filing and termination is in exactly one file,
//    FILED with one batch, none twice.
//  - http adapter: the filing service holds its answer (a slow service); kill -9 while it waits;
//    after the restart the batch is sent again with the same id: the service saw each filing id
//    under one batch id only, and every filing is answered.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import http, { type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, test } from "vitest";
import { jobOptions, queueJob } from "~/features/jobs/queue.server";
import { addDays, dayOf } from "~/lib/days";
import { encryptField, openField } from "~/lib/crypto.server";
import { configureDatabase, disconnectPrisma, prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { readFileBytes, resetStorageBackend } from "~/lib/storage.server";
import { startApp, type AppHandle } from "../support/app-server";
import { createAgent, createCarrierWithBlocks } from "../support/factories";
import { query } from "../support/mailbox";
import { waitFor } from "../support/wait";

const apps: AppHandle[] = [];
afterAll(async () => {
  await disconnectPrisma();
  for (const app of apps) await app.dispose().catch(() => undefined);
});

const TODAY = dayOf(new Date());
const day = (d: string) => new Date(`${d}T00:00:00Z`);

/** The embedded database of the app's current run: the port it printed, the role's password from DATA_DIR/secrets.json. */
function embeddedDatabaseUrl(app: AppHandle): { url: string; port: number } {
  const runs = app.logs().split("[test harness] start #");
  const m = /Embedded PostgreSQL listening on 127\.0\.0\.1:(\d+)/.exec(runs[runs.length - 1]!);
  if (!m) throw new Error(`the app did not print its embedded database's port:\n${app.logs().slice(-3000)}`);
  const secrets = JSON.parse(readFileSync(path.join(app.dataDir, "secrets.json"), "utf8")) as Record<string, string>;
  const port = Number(m[1]);
  return { url: `postgresql://portal_app:${encodeURIComponent(secrets.EMBEDDED_PG_APP_PASSWORD!)}@127.0.0.1:${port}/portal`, port };
}

/** This test process reads and writes as the portal would: same database, key and DATA_DIR. */
async function useAppDatabase(app: AppHandle, url: string, encryptionKey: string) {
  await disconnectPrisma();
  Object.assign(process.env, { DATABASE_URL: url, DATA_DIR: app.dataDir, ENCRYPTION_KEY: encryptionKey, APP_URL: app.url });
  resetEnvCache();
  resetSecretsCache();
  resetStorageBackend();
  configureDatabase(url);
}

/** Filings due today in NY, OH and FL for `agents` new positions, and a termination TO_FILE for every fifth. */
async function seed(agents: number): Promise<{ filings: string[]; terminations: string[] }> {
  const { carrier } = await createCarrierWithBlocks(prisma, { carrierCode: "KILL", naicCompanyCode: "99103", companyNumber: "KL01", blocks: [{ blockNumber: 9731, productTypeCode: "HEALTH" }] });
  const filings: string[] = [];
  const terminations: string[] = [];
  for (let i = 0; i < agents; i++) {
    const a = await createAgent(prisma, { blockNumber: 9731, npn: `66${String(i).padStart(5, "0")}` });
    await prisma.agent.update({ where: { id: a.id }, data: { ssnEncrypted: encryptField("111-22-3333"), ssnLast4: "3333" } });
    const base = { agentId: a.id, npn: a.npn!, carrierId: carrier.carrierId, lineOfAuthority: "ACCIDENT_HEALTH", effectiveDate: day(TODAY), feeAmount: "20.00" };
    for (const stateCode of ["NY", "OH", "FL"]) {
      const f = await prisma.appointmentFiling.create({ data: { ...base, stateCode, licenceNumber: `${stateCode}-${i}`, dueDate: day(TODAY) } });
      filings.push(f.id);
    }
    if (i % 5 === 0) {
      await prisma.appointmentFiling.create({ data: { ...base, stateCode: "TX", licenceNumber: `TX-${i}`, dueDate: day(addDays(TODAY, -40)), status: "FILED" } });
      const t = await prisma.termination.create({
        data: { agentId: a.id, npn: a.npn!, stateCode: "TX", licenceNumber: `TX-${i}`, carrierId: carrier.carrierId, reasonCode: "VOL", reasonLabel: "Voluntary", forCause: false, effectiveDate: day(TODAY), dueDate: day(addDays(TODAY, 30)), source: "SCREEN" },
      });
      terminations.push(t.id);
    }
  }
  return { filings, terminations };
}

const queueRun = () => queueJob(prisma, "file-state-filings", {}, jobOptions.fileStateFilings());
const jobDone = (url: string) => async () => Number((await query<{ n: string }>(url, `select count(*) as n from graphile_worker.jobs where task_identifier = 'file-state-filings'`))[0]!.n) === 0;

describe("a filing run cut by kill -9 (default embedded database)", () => {
  test("file adapter: every filing and termination in exactly one file after the restart", async () => {
    const encryptionKey = randomBytes(32).toString("base64");
    const app = await startApp({ databaseUrl: null, env: { EMBEDDED_PG_PORT: undefined, SEED_DEMO_DATA: "false", SMTP_URL: undefined, ENCRYPTION_KEY: encryptionKey, FILING_ADAPTER: "file" } });
    apps.push(app);
    const first = embeddedDatabaseUrl(app);
    await useAppDatabase(app, first.url, encryptionKey);
    const { filings, terminations } = await seed(40);

    const blocker = new pg.Client({ connectionString: first.url });
    blocker.on("error", () => {});
    await blocker.connect();
    try {
      await blocker.query("BEGIN");
      await blocker.query("LOCK TABLE filing_files IN SHARE MODE");
      await queueRun();
      // The run has taken its filings and written its batch; its first file waits on the lock.
      await waitFor(
        "the run to wait on filing_files",
        async () => (await query(first.url, `select 1 from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%filing_files%'`)).length > 0,
        60_000,
      );
      await app.kill("SIGKILL");
      await blocker.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
    } finally {
      await blocker.query("ROLLBACK").catch(() => undefined);
      await blocker.end().catch(() => undefined);
    }
    await disconnectPrisma();
    expect((await query(first.url, `select id from filing_batches`)).length, "the cut run left no batch").toBe(0);

    await app.start();
    const second = embeddedDatabaseUrl(app);
    expect(second.port, "the embedded database took another port").not.toBe(first.port);
    await waitFor("the filing job to finish", jobDone(second.url), 90_000);
    await useAppDatabase(app, second.url, encryptionKey);

    // Every id in exactly one line of one file (the generic files carry FILING_ID; Florida's by licence number).
    const files = await prisma.filingFile.findMany({ include: { storedFile: true } });
    const lines: string[] = [];
    for (const f of files) lines.push(...openField(Buffer.from(await readFileBytes(f.storedFile!)).toString("utf8"))!.split("\r\n").slice(1, -1));
    const count = (needle: string) => lines.filter((l) => l.split(",").includes(needle)).length;
    for (const id of [...filings.filter((_, i) => i % 3 !== 2), ...terminations]) expect(count(id), `${id} once`).toBe(1);
    for (let i = 0; i < 40; i++) expect(count(`FL-${i}`), `FL-${i} once`).toBe(1);
    expect(new Set(files.map((f) => f.batchId)).size, "one batch").toBe(1);
    const batch = files[0]!.batchId;
    expect(await prisma.appointmentFiling.count({ where: { id: { in: filings }, status: "FILED", filingBatchId: batch } })).toBe(filings.length);
    expect(await prisma.termination.count({ where: { id: { in: terminations }, status: "FILED", filingBatchId: batch } })).toBe(terminations.length);
    await disconnectPrisma();
    expect((await app.stop()).code).toBe(0);
  }, 300_000);

  test("http adapter: the batch sent again with the same id; each filing id under one batch id", async () => {
    const seen: Array<{ batchId: string; ids: string[] }> = [];
    let hold = true;
    const held: Array<() => void> = [];
    const read = (req: IncomingMessage) => new Promise<string>((resolve) => {
      let s = "";
      req.on("data", (c: Buffer) => (s += c.toString("utf8")));
      req.on("end", () => resolve(s));
    });
    const service = http.createServer(async (req, res) => {
      const body = JSON.parse(await read(req)) as { batchId: string; filings: Array<{ filingId: string }>; terminations: Array<{ filingId: string }> };
      const ids = [...new Set([...body.filings, ...body.terminations].map((x) => x.filingId))];
      seen.push({ batchId: String(req.headers["idempotency-key"]), ids });
      const answer = () => res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ results: ids.map((filingId) => ({ filingId, status: "ACCEPTED" })) }));
      // A slow service: the first request is answered only after the kill (never, to the dead portal).
      if (hold) held.push(answer);
      else answer();
    });
    await new Promise<void>((r) => service.listen(0, "127.0.0.1", r));
    const encryptionKey = randomBytes(32).toString("base64");
    const app = await startApp({
      databaseUrl: null,
      env: {
        EMBEDDED_PG_PORT: undefined, SEED_DEMO_DATA: "false", SMTP_URL: undefined, ENCRYPTION_KEY: encryptionKey,
        FILING_ADAPTER: "http", FILING_HTTP_URL: `http://127.0.0.1:${(service.address() as AddressInfo).port}/batches`, FILING_HTTP_TOKEN: "good-token", FILING_HTTP_TIMEOUT_MS: "120000",
      },
    });
    apps.push(app);
    const first = embeddedDatabaseUrl(app);
    await useAppDatabase(app, first.url, encryptionKey);
    const { filings, terminations } = await seed(30);
    await queueRun();
    await waitFor("the batch to reach the service", async () => seen.length === 1, 60_000);
    await app.kill("SIGKILL");
    hold = false;
    for (const answer of held) answer();
    await disconnectPrisma();

    await app.start();
    const second = embeddedDatabaseUrl(app);
    expect(second.port).not.toBe(first.port);
    await useAppDatabase(app, second.url, encryptionKey);
    await queueRun();
    await waitFor("the filing job to finish", jobDone(second.url), 90_000);

    expect(seen.length, "sent before the kill and once after").toBe(2);
    expect(new Set(seen.map((s) => s.batchId)).size, "with the same batch id").toBe(1);
    const batchOf = new Map<string, Set<string>>();
    for (const s of seen) for (const id of s.ids) batchOf.set(id, (batchOf.get(id) ?? new Set()).add(s.batchId));
    for (const id of [...filings, ...terminations]) expect(batchOf.get(id)?.size, `${id} under one batch id`).toBe(1);
    expect(await prisma.appointmentFiling.count({ where: { id: { in: filings }, status: "ACCEPTED" } })).toBe(filings.length);
    expect(await prisma.termination.count({ where: { id: { in: terminations }, status: "ACCEPTED" } })).toBe(terminations.length);
    await disconnectPrisma();
    expect((await app.stop()).code).toBe(0);
    service.close();
  }, 300_000);
});
