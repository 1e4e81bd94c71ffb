import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";

vi.mock("~/lib/audit.server", () => ({ audit: vi.fn(async () => {}) }));
import { audit } from "~/lib/audit.server";
import { requestsInFlight, wrapBuild } from "../../server/server-hooks";

function fakeBuild(action: () => unknown, loader: () => unknown): ServerBuild {
  return {
    routes: {
      "routes/thing": { id: "routes/thing", path: "thing", module: { action, loader, default: () => null } },
    },
  } as unknown as ServerBuild;
}

const call = async (fn: unknown, request: Request) => {
  try {
    return await (fn as (a: { request: Request }) => Promise<unknown>)({ request });
  } catch (e) {
    return e;
  }
};

describe("wrapBuild", () => {
  it("refuses a cross-site POST before the action runs", async () => {
    const action = vi.fn(() => "done");
    const build = wrapBuild(fakeBuild(action, () => "loaded"));
    const res = (await call(
      build.routes["routes/thing"]!.module.action,
      new Request("http://localhost:3000/thing", { method: "POST", headers: { Origin: "https://evil.example" } }),
    )) as Response;
    expect(res.status).toBe(403);
    expect(action).not.toHaveBeenCalled();
    expect(audit).toHaveBeenCalledWith("ACCESS_DENIED", expect.objectContaining({ details: expect.objectContaining({ reason: "cross-site" }) }));
  });

  it("runs a same-origin POST and keeps the other exports", async () => {
    const action = vi.fn(() => "done");
    const build = wrapBuild(fakeBuild(action, () => "loaded"));
    const mod = build.routes["routes/thing"]!.module;
    expect(
      await call(mod.action, new Request("http://localhost:3000/thing", { method: "POST", headers: { Origin: "http://localhost:3000" } })),
    ).toBe("done");
    expect(typeof mod.default).toBe("function");
  });

  it("counts requests in flight while a loader runs", async () => {
    let seen = -1;
    const build = wrapBuild(
      fakeBuild(
        () => null,
        () => {
          seen = requestsInFlight();
          return null;
        },
      ),
    );
    await call(build.routes["routes/thing"]!.module.loader, new Request("http://localhost:3000/thing"));
    expect(seen).toBe(1);
    expect(requestsInFlight()).toBe(0);
  });
});
