// The ports the harness and the embedded PostgreSQL choose lie below the
// kernel's ephemeral range, so an outgoing connection cannot take one between
// the check and the server's listen (CI: 'PORT=34065 ... is in use').
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { expect, test } from "vitest";
import { freeLoopbackPorts } from "../../server/free-port";
import { freePorts } from "../support/free-port";

const ephemeralLow = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);

test("free ports are distinct, below the ephemeral range, and can be listened on", async () => {
  const ports = [...(await freeLoopbackPorts(10)), ...(await freePorts(10))];
  expect(new Set(ports).size).toBe(20);
  for (const port of ports) {
    expect(port).toBeGreaterThanOrEqual(10_000);
    expect(port).toBeLessThan(ephemeralLow);
  }
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port: ports[0], host: "127.0.0.1", exclusive: true }, resolve);
  });
  await new Promise((r) => server.close(r));
});

test("the test harness never hands out the same port twice in one process", async () => {
  const seen = new Set<number>();
  for (let i = 0; i < 10; i++) for (const p of await freePorts(3)) {
    expect(seen.has(p)).toBe(false);
    seen.add(p);
  }
});
