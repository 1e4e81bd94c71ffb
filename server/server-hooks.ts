// What Remix v2 lacks: a place that runs before every action and knows when
// requests are in flight. start() (server/index.ts) serves wrapBuild(build):
// every route's action guarded by the same-origin check, a resource route's
// bare 404 to a browser answered with the portal's Page Not Found page
// (decision 0049), and each loader's and action's Request tied to the
// request's load context (load-context.server.ts, decision 0053).
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { audit } from "~/lib/audit.server";
import { bindLoadContext } from "~/lib/load-context.server";
import { assertSameOrigin } from "~/lib/security.server";

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

type Args = { request: Request; context?: AppLoadContext };
type AnyFn = (args: Args) => unknown;

/** The Request this loader or action got belongs to the request's load context (clientIp, perRequest read it). */
const bound = (args: Args): Args => {
  if (args.context) bindLoadContext(args.request, args.context);
  return args;
};

/** A path no route names (two segments: no link code): the splat route answers it with Page Not Found, in the layout. */
const NOT_FOUND_PATH = "/not-found/page";

/** A thrown 404 without a page of its own (a resource route's `new Response("Not Found", { status: 404 })`). */
const isBareNotFound = (e: unknown): e is Response => e instanceof Response && e.status === 404 && !(e.headers.get("Content-Type") ?? "").includes("text/html");

/** A browser opening the address (a link, a new tab), not a script or an <img>. */
const wantsPage = (request: Request) => (request.method === "GET" || request.method === "HEAD") && (request.headers.get("Accept") ?? "").includes("text/html");

export function wrapBuild(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  let handler: ReturnType<typeof createRequestHandler> | undefined;
  // The portal's 404 page, rendered by Remix for the same visitor (their cookies: the signed-in layout).
  const notFoundPage = async (request: Request, context: AppLoadContext | undefined): Promise<Response> => {
    handler ??= createRequestHandler(wrappedBuild, process.env.NODE_ENV);
    const page = await handler(new Request(new URL(NOT_FOUND_PATH, request.url), { headers: request.headers }), context);
    return new Response(page.body, { status: 404, headers: page.headers });
  };
  for (const [id, route] of Object.entries(build.routes)) {
    const mod = route.module as unknown as Record<string, unknown>;
    const action = mod.action as AnyFn | undefined;
    const loader = mod.loader as AnyFn | undefined;
    const wrapped: Record<string, unknown> = { ...mod };
    if (action) {
      wrapped.action = (args: Args) =>
        track(async () => {
          bound(args);
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
    const isResourceRoute = !mod.default && !mod.ErrorBoundary;
    if (loader) {
      wrapped.loader = (args: Args) =>
        track(async () => {
          bound(args);
          try {
            return await loader(args);
          } catch (error) {
            if (isResourceRoute && isBareNotFound(error) && wantsPage(args.request)) throw await notFoundPage(args.request, args.context);
            throw error;
          }
        });
    }
    routes[id] = { ...route, module: wrapped as unknown as typeof route.module };
  }
  const wrappedBuild: ServerBuild = { ...build, routes };
  return wrappedBuild;
}
