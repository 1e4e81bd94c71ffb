// Free TCP ports on loopback, for servers started by the tests.
import net from "node:net";

function listen(): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once("error", reject);
    server.listen({ port: 0, host: "127.0.0.1", exclusive: true }, () => resolve(server));
  });
}

function close(server: net.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Recently handed out ports, so two calls in one process never return the same one. */
const handedOut = new Set<number>();

/**
 * `count` distinct ports that were free a moment ago. All sockets are held
 * open until every port is chosen, so the ports differ from each other.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers: net.Server[] = [];
  const ports: number[] = [];
  try {
    while (ports.length < count) {
      const server = await listen();
      servers.push(server);
      const { port } = server.address() as net.AddressInfo;
      if (handedOut.has(port)) continue;
      ports.push(port);
    }
  } finally {
    await Promise.all(servers.map(close));
  }
  for (const port of ports) handedOut.add(port);
  return ports;
}

/** One free port. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port;
}
