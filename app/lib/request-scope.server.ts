// Work done once per HTTP request. Remix calls every loader of a page (the
// root's and the route's) with its own copy of the Request, so a WeakMap on
// the Request object dedupes nothing across loaders. The server marks each
// GET/HEAD request with an id (a header that only this process can forge,
// like the peer address in net.server.ts) that survives the copies;
// perRequest() keys on it and forgets it when the answer has been sent.
// A POST is not marked: its action may change the session or the user, and
// the loaders that run after it in the same request must read them afresh.
// Without a mark (a POST, or a loader called directly in a test) the memo
// is per Request object, as before.
import { randomBytes } from "node:crypto";

export const REQUEST_SCOPE_HEADER = "x-portal-request";
const TOKEN = randomBytes(18).toString("base64url");
let counter = 0;
const scopes = new Map<string, Map<string, Promise<unknown>>>();
const byObject = new WeakMap<Request, Map<string, Promise<unknown>>>();

/** Marks a GET/HEAD request (and removes a client-sent mark); the scope ends when `res` closes. */
export function openRequestScope<R extends Request>(request: R, res: { once(event: "close", listener: () => void): unknown }): R {
  request.headers.delete(REQUEST_SCOPE_HEADER);
  const method = request.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD") return request;
  const id = String(++counter);
  scopes.set(id, new Map());
  request.headers.set(REQUEST_SCOPE_HEADER, `${TOKEN} ${id}`);
  res.once("close", () => scopes.delete(id));
  return request;
}

function scopeOf(request: Request): Map<string, Promise<unknown>> {
  const mark = request.headers.get(REQUEST_SCOPE_HEADER);
  if (mark) {
    const [token, id] = mark.split(" ");
    const scope = token === TOKEN && id ? scopes.get(id) : undefined;
    if (scope) return scope;
  }
  let scope = byObject.get(request);
  if (!scope) {
    scope = new Map();
    byObject.set(request, scope);
  }
  return scope;
}

/** `compute()` once per request and key; a failure is not kept (the next caller tries again). */
export function perRequest<T>(request: Request, key: string, compute: () => Promise<T>): Promise<T> {
  const scope = scopeOf(request);
  let p = scope.get(key) as Promise<T> | undefined;
  if (!p) {
    p = compute();
    scope.set(key, p);
    p.catch(() => scope.delete(key));
  }
  return p;
}

/** Whether `key` was computed (or is being computed) for this request. */
export function hasPerRequest(request: Request, key: string): boolean {
  return scopeOf(request).has(key);
}

/** Gives `key` the value `p` for this request unless it has one (a failure is not kept). */
export function seedPerRequest<T>(request: Request, key: string, p: Promise<T>): void {
  const scope = scopeOf(request);
  if (scope.has(key)) return;
  scope.set(key, p);
  p.catch(() => scope.get(key) === p && scope.delete(key));
}

/** Requests whose scope is still open (tests: it must return to 0). */
export const openRequestScopes = () => scopes.size;
