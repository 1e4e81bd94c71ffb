// What Remix v2 lacks: a place that runs before every action and knows when
// requests are in flight. scripts/serve.mjs hands the compiled build to
// prepareServerBuild() (boot.server.ts), which boots the process and returns
// wrapBuild(build): every route's action guarded by the same-origin check.
import type { ServerBuild } from "@remix-run/node";
import { audit } from "./audit.server";
import { assertSameOrigin } from "./security.server";

let inFlight = 0;
export const requestsInFlight = () => inFlight;

async function track<T>(fn: () => Promise<T>): Promise<T> {
  inFlight++;
  try {
    return await fn();
  } finally {
    inFlight--;
  }
}

type AnyFn = (args: { request: Request }) => unknown;

export function wrapBuild(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const mod = route.module as unknown as Record<string, unknown>;
    const action = mod.action as AnyFn | undefined;
    const loader = mod.loader as AnyFn | undefined;
    const wrapped: Record<string, unknown> = { ...mod };
    if (action) {
      wrapped.action = (args: { request: Request }) =>
        track(async () => {
          try {
            assertSameOrigin(args.request);
          } catch (refusal) {
            await audit("ACCESS_DENIED", {
              request: args.request,
              details: { reason: "cross-site", path: new URL(args.request.url).pathname, origin: args.request.headers.get("Origin") },
            });
            throw refusal;
          }
          return action(args);
        });
    }
    if (loader) wrapped.loader = (args: { request: Request }) => track(async () => loader(args));
    routes[id] = { ...route, module: wrapped as unknown as typeof route.module };
  }
  return { ...build, routes };
}
