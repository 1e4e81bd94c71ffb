// One log for the portal, the built-in provider and the job runner (issue 19
// item 10, decision 0044): pino, JSON lines by default in production
// (LOG_FORMAT=json: time, level, service, pid, msg and fields), a readable
// line in development (LOG_FORMAT=pretty), at LOG_LEVEL.
//
// requestLog() writes one line per answer when it has been sent ('finish'):
// request id (also the X-Request-Id response header), method, route (the
// Remix route id, or a pattern for the provider), status, duration, client
// address, the signed-in user's id (never an email) and the process id.
// Never a path with its query string, a body, a cookie or an email.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import pino, { type Logger } from "pino";
import { env } from "./env.server";
import { clientAddressOfSocket, isTrustedProxy } from "./net.server";

export type LogFormat = "json" | "pretty";

/** LOG_FORMAT, or json when NODE_ENV=production and pretty otherwise. */
export function logFormat(e: { LOG_FORMAT?: LogFormat; NODE_ENV: string } = env()): LogFormat {
  return e.LOG_FORMAT ?? (e.NODE_ENV === "production" ? "json" : "pretty");
}

const LEVEL_NAMES: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };

/** One readable line from pino's JSON line: `12:00:01.234 INFO  portal GET routes/home 200 12ms reqId=… userId=…`. */
export function prettyLine(json: string): string {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  // method, route and status are in the request line's msg already.
  const { time, level, service, msg, pid: _pid, method: _m, route: _r, status: _s, ...rest } = o;
  const t = typeof time === "string" ? time.slice(11, 23) : new Date().toISOString().slice(11, 23);
  const name = typeof level === "number" ? (LEVEL_NAMES[level] ?? String(level)) : String(level ?? "").toUpperCase();
  const fields = Object.entries(rest)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${k}=${typeof v === "string" ? (/\s/.test(v) ? JSON.stringify(v) : v) : JSON.stringify(v)}`)
    .join(" ");
  return `${t} ${name.padEnd(5)} ${String(service ?? "")} ${String(msg ?? "")}${fields ? " " + fields : ""}\n`;
}

/** A pino logger writing to `write` (stdout by default), in the given format. */
export function createLogger(opts: { format: LogFormat; level: string; write?: (line: string) => void }): Logger {
  const write = opts.write ?? ((line: string) => void process.stdout.write(line));
  const stream = { write: opts.format === "pretty" ? (line: string) => write(prettyLine(line)) : write };
  return pino(
    {
      level: opts.level,
      base: { pid: process.pid }, // service: given by serviceLog()
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    stream,
  );
}

let root: Logger | undefined;
/** The process's logger (made on first use from LOG_FORMAT and LOG_LEVEL); write through serviceLog(). */
export function log(): Logger {
  root ??= createLogger({ format: logFormat(), level: env().LOG_LEVEL });
  return root;
}

/** A logger whose lines say which part of the portal wrote them (service: portal, idp, jobs). */
export function serviceLog(service: "portal" | "idp" | "jobs"): Logger {
  return log().child({ service });
}

type RequestContext = { reqId: string; userId?: string; impersonatorId?: string };
const context = new AsyncLocalStorage<RequestContext>();

/** Records the signed-in user (their id, never the email) on this request's log line. */
export function noteRequestUser(userId: string, impersonatorId?: string | null) {
  const c = context.getStore();
  if (!c) return;
  c.userId = userId;
  if (impersonatorId) c.impersonatorId = impersonatorId;
}

/** The current request's id (inside requestLog's scope), for other log lines. */
export const currentRequestId = (): string | undefined => context.getStore()?.reqId;

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** A well-formed X-Request-Id from a TRUST_PROXY peer, or a new one. */
export function requestIdFor(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  const value = Array.isArray(given) ? given[0] : given;
  if (value && REQUEST_ID.test(value) && isTrustedProxy(req.socket.remoteAddress)) return value;
  return randomUUID();
}

/**
 * The provider's paths carry secrets (reset and confirmation tokens) and
 * interaction ids: every segment that looks like one (16 or more characters
 * of base64url with a digit or a capital; /.well-known/openid-configuration
 * stays) is shown as `:id`.
 */
export function idpRouteLabel(pathname: string): string {
  return (
    pathname
      .split("/")
      .map((s) => ((/^[A-Za-z0-9_-]{16,}$/.test(s) && /[0-9A-Z]/.test(s)) || s.length > 64 ? ":id" : s))
      .join("/")
      .slice(0, 120) || "/"
  );
}

/**
 * One log line per answer, written when it has been sent (refusals by the
 * guards included); the answer carries the request id as X-Request-Id.
 * The rest of the request runs in a scope where noteRequestUser() is heard.
 */
export function requestLog(service: "portal" | "idp", routeOf: (pathname: string) => string) {
  let logger: Logger | undefined;
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const start = process.hrtime.bigint();
    const c: RequestContext = { reqId: requestIdFor(req) };
    res.setHeader("X-Request-Id", c.reqId);
    let done = false;
    const write = (aborted: boolean) => {
      if (done) return;
      done = true;
      logger ??= serviceLog(service);
      const status = res.statusCode;
      const method = (req.method ?? "").slice(0, 16);
      const route = routeOf((req.url ?? "/").split("?")[0]!);
      const fields = {
        reqId: c.reqId,
        method,
        route,
        status,
        durationMs: Math.round(Number(process.hrtime.bigint() - start) / 1e4) / 100,
        remoteAddress: clientAddressOfSocket(req.socket?.remoteAddress, req.headers["x-forwarded-for"]) ?? undefined,
        userId: c.userId,
        impersonatorId: c.impersonatorId,
        aborted: aborted || undefined,
      };
      const msg = `${method} ${route} ${status}${aborted ? " (connection closed before the answer was sent)" : ""}`;
      if (status >= 500) logger.error(fields, msg);
      else logger.info(fields, msg);
    };
    res.once("finish", () => write(false));
    res.once("close", () => write(!res.writableFinished));
    context.run(c, next);
  };
}
