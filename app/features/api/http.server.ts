// The one way an API route answers (issue 24, decision 0074): the token, its scope, the per-token rate
// limit, the audit row of the call, and errors as RFC 9457 problem details. Every /api/v1 route's
// loader or action is `apiRoute(request, scope, handler)`.
import { audit } from "~/lib/audit.server";
import { env } from "~/lib/env.server";
import { prisma } from "~/lib/db.server";
import { serviceLog } from "~/lib/log.server";
import type { ApiScope } from "./scopes";
import { authenticateToken, type ApiTokenRecord } from "./tokens.server";
import { secondsToNextMinute } from "./rate-window";

export type ApiContext = { token: ApiTokenRecord; request: Request; url: URL };

const PROBLEM_TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
};

/** An error answer as application/problem+json (RFC 9457); `extra` adds members (errors of a field, …). */
export function problem(status: number, detail: string, extra: Record<string, unknown> = {}, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify({ type: "about:blank", title: PROBLEM_TITLES[status] ?? "Error", status, detail, ...extra }), {
    status,
    headers: { "Content-Type": "application/problem+json", "Cache-Control": "no-store", ...headers },
  });
}

/** A JSON answer of the API (never cached: it is someone's data). */
export function apiJson(body: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...init.headers },
  });
}

/** Thrown by a handler to answer with a problem (apiRoute turns it into the response). */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
  }
}

type Rate = { ok: boolean; limit: number; remaining: number; resetSeconds: number };

/**
 * Counts the call in the token's current minute (one statement, shared by every process) and stamps
 * the token's last use. API_RATE_LIMIT calls a minute per token.
 */
async function countCall(tokenId: string): Promise<Rate> {
  const limit = env().API_RATE_LIMIT;
  const [row] = await prisma.$queryRaw<Array<{ calls: number; second: number }>>`
    WITH used AS (UPDATE api_tokens SET last_used_at = now() WHERE id = ${tokenId}::uuid)
    INSERT INTO api_rate_windows (token_id, window_start, calls) VALUES (${tokenId}::uuid, date_trunc('minute', now()), 1)
    ON CONFLICT (token_id, window_start) DO UPDATE SET calls = api_rate_windows.calls + 1
    RETURNING calls, extract(second FROM now())::float8 AS second`;
  const calls = row?.calls ?? 1;
  return { ok: calls <= limit, limit, remaining: Math.max(limit - calls, 0), resetSeconds: row ? secondsToNextMinute(row.second) : 60 };
}

/**
 * Removes api_rate_windows rows older than an hour (the limit reads only the current minute); the
 * hourly purge-expired job calls it (decision 0075).
 */
export async function purgeOldRateWindows(): Promise<number> {
  return prisma.$executeRaw`DELETE FROM api_rate_windows WHERE window_start < now() - interval '1 hour'`;
}

/** Rows one purge removes at most (the hourly job stays short; a backlog goes over a few hours). */
const AUDIT_PURGE_BATCH = 100_000;

/**
 * The API_CALL audit rows older than API_CALL_AUDIT_DAYS (decision 0075, lead's addendum): a polling
 * integration writes one a call. Only API_CALL rows: sign-ins, refusals, token and endpoint changes
 * are kept as every other audit row. 0 keeps them all.
 */
export async function purgeOldApiCallAudit(): Promise<number> {
  const days = env().API_CALL_AUDIT_DAYS;
  if (days === 0) return 0;
  // audit_log refuses every DELETE (decision 0119) but this one, said in its own transaction.
  const [, removed] = await prisma.$transaction([
    prisma.$queryRaw`SELECT set_config('portal.audit_purge', 'API_CALL', true)`,
    prisma.$executeRaw`
      DELETE FROM audit_log WHERE id IN (
        SELECT id FROM audit_log WHERE action = 'API_CALL' AND occurred_at < now() - make_interval(days => ${days}::int)
        LIMIT ${AUDIT_PURGE_BATCH}::int)`,
  ]);
  return removed;
}

/**
 * Runs an API handler for a token holding `scope`: 401 without a live token, 403 without the scope,
 * 429 over the rate limit; every call (refused ones too, once a token is known) leaves an API_CALL
 * audit row with the token, method, path and status (never a query's values or a body).
 */
export async function apiRoute(request: Request, scope: ApiScope, handler: (ctx: ApiContext) => Promise<Response>): Promise<Response> {
  const url = new URL(request.url);
  const token = await authenticateToken(request);
  if (!token) {
    return problem(401, "A valid API token is required: send it as 'Authorization: Bearer apt_…'.", {}, { "WWW-Authenticate": 'Bearer realm="api"' });
  }
  const rate = await countCall(token.id);
  const rateHeaders = { "RateLimit-Limit": String(rate.limit), "RateLimit-Remaining": String(rate.remaining), "RateLimit-Reset": String(rate.resetSeconds) };
  let response: Response;
  if (!rate.ok) {
    response = problem(429, `This token made more than ${rate.limit} calls this minute.`, {}, { ...rateHeaders, "Retry-After": String(rate.resetSeconds) });
  } else if (!token.scopes.includes(scope)) {
    response = problem(403, `This token lacks the scope ${scope}.`);
  } else {
    try {
      response = await handler({ token, request, url });
    } catch (error) {
      if (error instanceof ApiProblem) response = problem(error.status, error.message, error.extra);
      else if (error instanceof Response) response = error;
      else {
        // Our fault (a body that fails its own schema, the database gone): logged with the request's
        // id, answered as a problem like every other answer of the API, and audited.
        serviceLog("portal").error({ err: error, path: url.pathname }, "API call failed");
        response = problem(500, "The portal could not answer this call; the error is logged. Try again later.");
      }
    }
  }
  for (const [k, v] of Object.entries(rateHeaders)) response.headers.set(k, v);
  await audit("API_CALL", {
    request,
    targetType: "api_token",
    targetId: token.id,
    details: { method: request.method, path: url.pathname, status: response.status, scope },
  });
  return response;
}
