import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { openRequestScope, openRequestScopes, perRequest, REQUEST_SCOPE_HEADER } from "./request-scope.server";

// Remix hands each loader its own copy of the Request (new Request(url, init)).
const copy = (r: Request) => new Request(r.url, { method: r.method, headers: r.headers });

describe("perRequest", () => {
  it("computes once for every copy of a GET request, until the answer is sent", async () => {
    const res = new EventEmitter();
    const request = openRequestScope(new Request("http://localhost/home"), res);
    let calls = 0;
    const compute = async () => ++calls;
    expect(await perRequest(copy(request), "user", compute)).toBe(1);
    expect(await perRequest(copy(request), "user", compute)).toBe(1);
    const open = openRequestScopes();
    res.emit("close");
    expect(openRequestScopes()).toBe(open - 1);
    // After the answer the mark means nothing: a fresh computation.
    expect(await perRequest(copy(request), "user", compute)).toBe(2);
  });

  it("does not share between requests, nor across copies of a POST (its action may change the session)", async () => {
    let calls = 0;
    const compute = async () => ++calls;
    const a = openRequestScope(new Request("http://localhost/home"), new EventEmitter());
    const b = openRequestScope(new Request("http://localhost/home"), new EventEmitter());
    expect(await perRequest(a, "user", compute)).toBe(1);
    expect(await perRequest(b, "user", compute)).toBe(2);
    const post = openRequestScope(new Request("http://localhost/home", { method: "POST", body: "x" }), new EventEmitter());
    expect(post.headers.get(REQUEST_SCOPE_HEADER)).toBeNull();
    expect(await perRequest(copy(post), "user", compute)).toBe(3);
    expect(await perRequest(copy(post), "user", compute)).toBe(4);
    // The same Request object still shares (the old per-object memo).
    expect(await perRequest(post, "user", compute)).toBe(5);
    expect(await perRequest(post, "user", compute)).toBe(5);
  });

  it("ignores a mark sent by the client", async () => {
    let calls = 0;
    const compute = async () => ++calls;
    const forged = { [REQUEST_SCOPE_HEADER]: "guess 1" };
    const one = openRequestScope(new Request("http://localhost/", { headers: forged }), new EventEmitter());
    expect(one.headers.get(REQUEST_SCOPE_HEADER)).not.toBe("guess 1");
    const raw = new Request("http://localhost/", { headers: forged });
    expect(await perRequest(copy(raw), "k", compute)).toBe(1);
    expect(await perRequest(copy(raw), "k", compute)).toBe(2);
  });
});
