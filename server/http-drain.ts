// The HTTP side of the shutdown (decision 0014): on SIGTERM the listening
// socket closes, a request that still arrives on a kept-alive connection is
// answered 503, requests in flight get the grace period, and whatever is
// still running when it ends is answered 503 ("try again") instead of a
// connection closed without an answer.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { refuse, type NodeMiddleware } from "./http-server";

let server: Server | undefined;
let shuttingDown = false;
const inFlight = new Map<ServerResponse, IncomingMessage>();

export const SHUTTING_DOWN = {
  title: "Service Unavailable",
  message: "The portal is restarting. Nothing of this request was saved. Please try again in a minute.",
} as const;

/** The listening server (httpServerHooks().onListening). */
export function registerHttpServer(s: Server) {
  server = s;
}

/**
 * First middleware: counts the request while it runs, and refuses new ones
 * (503, connection closed) once the shutdown started.
 */
export const shutdownGuard: NodeMiddleware = (req, res, next) => {
  if (shuttingDown) {
    refuse(req, res, 503, SHUTTING_DOWN.title, SHUTTING_DOWN.message, { close: true });
    return;
  }
  inFlight.set(res, req);
  const done = () => inFlight.delete(res);
  res.once("finish", done);
  res.once("close", done);
  next();
};

export const httpRequestsInFlight = () => inFlight.size;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Stops taking requests, waits up to graceMs for those in flight (and for
 * `busy`, e.g. Remix handlers still running), then answers what is left with
 * 503 and closes every connection.
 */
export async function drainHttpServer(opts: { graceMs: number; busy?: () => boolean }): Promise<void> {
  shuttingDown = true;
  const s = server;
  const closed = s ? new Promise<void>((resolve) => s.close(() => resolve())) : Promise.resolve();
  s?.closeIdleConnections();
  const deadline = Date.now() + opts.graceMs;
  while ((inFlight.size > 0 || opts.busy?.()) && Date.now() < deadline) {
    s?.closeIdleConnections();
    await sleep(50);
  }
  for (const [res, req] of inFlight) {
    // refuse() destroys a response whose headers are out already.
    refuse(req, res, 503, SHUTTING_DOWN.title, SHUTTING_DOWN.message, { close: true });
  }
  if (inFlight.size > 0) {
    // Let the answers reach the clients, then cut what is left.
    const cut = Date.now() + 1500;
    while (inFlight.size > 0 && Date.now() < cut) await sleep(50);
  }
  s?.closeAllConnections();
  await Promise.race([closed, sleep(2000)]);
  // Handlers of the cut requests end now (their bodies fail): give them a
  // moment to clean up after themselves.
  const settle = Date.now() + 2000;
  while (opts.busy?.() && Date.now() < settle) await sleep(50);
}
