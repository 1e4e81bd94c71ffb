// The whole story (issue 36, tests/support/whole-story.ts) on the image we ship, on the Node it
// carries: a container started with the README's `docker run` flags (read-only, the tmpfs, a
// volume of its own, the stop timeout), the built-in provider and embedded PostgreSQL, the demo
// data (SEED_DEMO_DATA=true: the story's director and administrator are the demo accounts), mail to
// a test mailbox on loopback, the carrier's webhook receiver on loopback (WEBHOOK_ALLOW_PRIVATE) and
// background screening by file (SCREENING_ADAPTER=file: the story records the vendor's report).
// The container shares the host's network, so the ports and URLs are the test's.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freePorts } from "../support/free-port";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { wholeStory } from "../support/whole-story";
import { IMAGE, inspect, logs, podman, podmanAsync, portalRunArgs, remove, run, uniqueName, waitHealthy } from "./podman";

const volume = uniqueName("portal-story-data");
const name = uniqueName("portal-story");
let smtp: SmtpSink;
let receiver: WebhookReceiver;
let ports: { app: number; idp: number; pg: number };
let mountpoint: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  receiver = await startWebhookReceiver();
  const [app, idp, pg] = await freePorts(3);
  ports = { app: app!, idp: idp!, pg: pg! };
  podman(["volume", "create", volume]);
  mountpoint = podman(["volume", "inspect", "--format", "{{.Mountpoint}}", volume]).stdout.trim();
  const started = Date.now();
  await run(name, portalRunArgs(volume, ports, smtp.url, ["SEED_DEMO_DATA=true", "WEBHOOK_ALLOW_PRIVATE=true", "SCREENING_ADAPTER=file"]));
  await waitHealthy(name, `http://127.0.0.1:${ports.app}`, started, 180_000);
}, 240_000);

afterAll(async () => {
  remove(name);
  podman(["volume", "rm", "-f", volume], { allowFail: true });
  await receiver?.close();
  await smtp?.close();
});

describe.sequential(`the whole story on the image ${IMAGE}`, () => {
  test("invitation → sign-up → application → check answers → receipt → review → approval → tree and report → monitoring → compliance → API → webhook, then a clean stop", async () => {
    const secrets = JSON.parse(readFileSync(path.join(mountpoint, "secrets.json"), "utf8")) as Record<string, string>;
    const databaseUrl = `postgresql://portal_app:${encodeURIComponent(secrets.EMBEDDED_PG_APP_PASSWORD!)}@127.0.0.1:${ports.pg}/portal`;
    const app = { url: `http://127.0.0.1:${ports.app}`, idpUrl: `http://127.0.0.1:${ports.idp}` };
    try {
      const story = await wholeStory({ app, smtp, databaseUrl }, receiver);
      expect(story.agentNumber).toMatch(/^\d+$/);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n--- podman logs ${name} (end) ---\n${logs(name).slice(-4000)}`, { cause: error });
    }
    await podmanAsync(["stop", "-t", "30", name]);
    expect(inspect(name, "{{.State.ExitCode}}"), logs(name).slice(-2000)).toBe("0");
  }, 300_000);
});
