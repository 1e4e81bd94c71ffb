import { describe, expect, it } from "vitest";
import { bindLoadContext, makeLoadContext } from "./load-context.server";
import { perRequest } from "./request-scope.server";

// Remix hands each loader its own copy of the Request (new Request(url, init)) and the one load
// context of the request; the server's wrapper ties each copy to that context (server/server-hooks.ts).
const copy = (r: Request) => new Request(r.url, { method: r.method, headers: r.headers });
const loaderArgs = (request: Request, context: ReturnType<typeof makeLoadContext>) => bindLoadContext(copy(request), context);

describe("perRequest", () => {
  it("computes once for every copy of a GET request sharing its load context; another request computes again", async () => {
    const request = new Request("http://localhost/home");
    const context = makeLoadContext({ peerAddress: "127.0.0.1", method: "GET" });
    let calls = 0;
    const compute = async () => ++calls;
    expect(await perRequest(loaderArgs(request, context), "user", compute)).toBe(1);
    expect(await perRequest(loaderArgs(request, context), "user", compute)).toBe(1);
    // The next request has its own context: a fresh computation.
    expect(await perRequest(loaderArgs(request, makeLoadContext({ peerAddress: "127.0.0.1", method: "GET" })), "user", compute)).toBe(2);
  });

  it("does not share across copies of a POST (its action may change the session)", async () => {
    let calls = 0;
    const compute = async () => ++calls;
    const post = new Request("http://localhost/home", { method: "POST", body: "x" });
    const context = makeLoadContext({ peerAddress: "127.0.0.1", method: "POST" });
    expect(context.requestScope).toBeUndefined();
    expect(await perRequest(loaderArgs(post, context), "user", compute)).toBe(1);
    expect(await perRequest(loaderArgs(post, context), "user", compute)).toBe(2);
    // The same Request object still shares (the per-object memo).
    const one = loaderArgs(post, context);
    expect(await perRequest(one, "user", compute)).toBe(3);
    expect(await perRequest(one, "user", compute)).toBe(3);
  });

  it("nothing the client sends ties two requests together (the old x-portal-request header means nothing)", async () => {
    let calls = 0;
    const compute = async () => ++calls;
    const raw = new Request("http://localhost/", { headers: { "x-portal-request": "guess 1" } });
    expect(await perRequest(copy(raw), "k", compute)).toBe(1);
    expect(await perRequest(copy(raw), "k", compute)).toBe(2);
  });
});
