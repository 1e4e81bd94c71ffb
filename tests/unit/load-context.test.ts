// Item 7 of issue 21 (decision 0053): the client address and the per-request
// cache reach loaders through Remix's load context, made by the HTTP server
// from the socket (getLoadContext), not through x-portal-peer / x-portal-request
// headers. A client that sends those headers (or X-Forwarded-For without
// TRUST_PROXY) changes nothing.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("~/lib/audit.server", () => ({ audit: vi.fn(async () => {}) }));
import { bindLoadContext } from "~/lib/load-context.server";
import { perRequest } from "~/lib/request-scope.server";
import { clientIp } from "~/lib/security.server";
import { getLoadContext } from "../../server/http-server";
import { wrapBuild } from "../../server/server-hooks";

/** Two loaders of one page (the root's and the route's), as Remix calls them: each its own copy of the Request, one context. */
function page(loader: (args: { request: Request; context: AppLoadContext }) => unknown): ServerBuild {
  const mod = { loader, default: () => null };
  return wrapBuild({
    routes: { root: { id: "root", path: "", module: mod }, "routes/home": { id: "routes/home", path: "home", parentId: "root", module: mod } },
  } as unknown as ServerBuild);
}

let server: http.Server;
let base: string;
let calls = 0;

beforeAll(async () => {
  // A real socket: what the portal's HTTP server hands Remix for each request (server/serve.ts).
  const build = page(async ({ request }) => ({ client: clientIp(request), computed: await perRequest(request, "user", async () => ++calls) }));
  server = http.createServer(async (req, res) => {
    const context = getLoadContext(req);
    const headers = new Headers(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    const answers = [];
    for (const id of ["root", "routes/home"]) {
      const loader = build.routes[id]!.module.loader as unknown as (a: { request: Request; context: AppLoadContext; params: object }) => Promise<unknown>;
      answers.push(await loader({ request: new Request(`http://localhost${req.url}`, { method: req.method, headers }), context, params: {} }));
    }
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify(answers));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the load context of a request (getLoadContext)", () => {
  it("carries the socket address; forged x-portal-peer and X-Forwarded-For headers change nothing", async () => {
    const res = await fetch(`${base}/home`, {
      headers: { "x-portal-peer": "203.0.113.66", "X-Forwarded-For": "203.0.113.67", "X-Real-IP": "203.0.113.68" },
    });
    const answers = (await res.json()) as Array<{ client: string }>;
    expect(answers.map((a) => a.client)).toEqual(["127.0.0.1", "127.0.0.1"]);
  });

  it("shares one per-request cache between the loaders of one GET, a new one for the next request; a forged x-portal-request shares nothing", async () => {
    calls = 0;
    const first = (await (await fetch(`${base}/home`)).json()) as Array<{ computed: number }>;
    expect(first.map((a) => a.computed)).toEqual([1, 1]);
    const second = (await (await fetch(`${base}/home`, { headers: { "x-portal-request": "guess 1" } })).json()) as Array<{ computed: number }>;
    expect(second.map((a) => a.computed)).toEqual([2, 2]);
  });

  it("a loader called without the server's context (a test, a script) has no address and no shared cache", async () => {
    const request = new Request("http://localhost/home", { headers: { "x-portal-peer": "203.0.113.66" } });
    expect(clientIp(request)).toBeNull();
    expect(clientIp(bindLoadContext(request, getLoadContext({ socket: { remoteAddress: "::ffff:198.51.100.7" }, method: "GET" } as http.IncomingMessage)))).toBe(
      "198.51.100.7",
    );
  });
});
