// Free TCP ports on loopback, for servers started by the tests: below the
// kernel's ephemeral range (server/free-port.ts says why), never the same port
// twice in one test process.
import { freeLoopbackPorts } from "../../server/free-port";

/** Recently handed out ports, so two calls in one process never return the same one. */
const handedOut = new Set<number>();

/** `count` distinct ports that were free a moment ago. */
export async function freePorts(count: number): Promise<number[]> {
  const ports = await freeLoopbackPorts(count, handedOut);
  for (const port of ports) handedOut.add(port);
  return ports;
}

/** One free port. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}
