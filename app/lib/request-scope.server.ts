// Work done once per HTTP request. Remix calls every loader of a page (the
// root's and the route's) with its own copy of the Request, so a WeakMap on
// the Request object dedupes nothing across loaders. The HTTP server gives
// each GET/HEAD request a cache in its load context (load-context.server.ts,
// made by server/http-server.ts's getLoadContext), shared by every loader of
// that request and gone with it; perRequest() keys on it.
// A POST has none: its action may change the session or the user, and the
// loaders that run after it in the same request must read them afresh.
// Without one (a POST, or a loader called directly in a test) the memo is
// per Request object, as before.
import { loadContextOf } from "./load-context.server";

const byObject = new WeakMap<Request, Map<string, Promise<unknown>>>();

function scopeOf(request: Request): Map<string, Promise<unknown>> {
  const shared = loadContextOf(request)?.requestScope;
  if (shared) return shared;
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
