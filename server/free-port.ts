// Free TCP ports on loopback for servers we start ourselves (the embedded
// PostgreSQL; the test harness's portals, identity providers and mail sinks).
//
// A port the kernel hands out for `listen(0)` comes from the ephemeral range
// (ip_local_port_range, 32768-60999 on Linux), the same range every outgoing
// connection takes its local port from. Between closing the probe socket and
// the server's own listen, a connection to the database or the identity
// provider could take that port, and the server would fail with 'in use'
// (it did in CI: the portal's PORT was taken). Ports below the ephemeral range
// are never given to outgoing connections, so they are chosen from there.
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:net";

const LOWEST = 10_000;

/** The first port of the kernel's ephemeral range (32768 when it cannot be read). */
function ephemeralStart(): number {
  try {
    const [low] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/);
    const n = Number(low);
    return Number.isInteger(n) && n > 0 ? n : 32_768;
  } catch {
    return 32_768;
  }
}

function listen(port: number): Promise<Server | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once("error", () => resolve(undefined));
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => resolve(server));
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * `count` distinct ports that were free a moment ago, below the ephemeral
 * range when it leaves room (else whatever the kernel gives). Every probe
 * socket is held until all are chosen, so the ports differ from each other;
 * `avoid` lists ports not to return (ones handed out earlier).
 */
export async function freeLoopbackPorts(count: number, avoid: ReadonlySet<number> = new Set()): Promise<number[]> {
  const high = ephemeralStart() - 1;
  const held: Server[] = [];
  const ports: number[] = [];
  try {
    for (let attempt = 0; ports.length < count; attempt++) {
      const useRange = high - LOWEST >= 1_000 && attempt < 500;
      const candidate = useRange ? LOWEST + Math.floor(Math.random() * (high - LOWEST + 1)) : 0;
      if (candidate && (avoid.has(candidate) || ports.includes(candidate))) continue;
      const server = await listen(candidate);
      if (!server) {
        if (!useRange) throw new Error("no free TCP port on 127.0.0.1");
        continue;
      }
      held.push(server);
      const { port } = server.address() as { port: number };
      if (avoid.has(port) || ports.includes(port)) continue;
      ports.push(port);
    }
  } finally {
    await Promise.all(held.map(close));
  }
  return ports;
}

/** One free port on loopback (see freeLoopbackPorts). */
export async function freeLoopbackPort(): Promise<number> {
  const [port] = await freeLoopbackPorts(1);
  return port!;
}
