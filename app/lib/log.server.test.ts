import { describe, expect, it } from "vitest";
import { createLogger, idpRouteLabel, logFormat, prettyLine } from "./log.server";

describe("log format", () => {
  it("json in production, pretty otherwise, unless LOG_FORMAT says", () => {
    expect(logFormat({ NODE_ENV: "production" })).toBe("json");
    expect(logFormat({ NODE_ENV: "development" })).toBe("pretty");
    expect(logFormat({ NODE_ENV: "production", LOG_FORMAT: "pretty" })).toBe("pretty");
    expect(logFormat({ NODE_ENV: "development", LOG_FORMAT: "json" })).toBe("json");
  });

  it("json: one object a line with time, level name, service and pid; pretty: a readable line", () => {
    const out: string[] = [];
    const json = createLogger({ format: "json", level: "info", write: (l) => out.push(l) }).child({ service: "portal" });
    json.info({ reqId: "r-1", method: "GET", route: "routes/home", status: 200, durationMs: 3.5 }, "GET routes/home 200");
    json.debug("not at info");
    expect(out).toHaveLength(1);
    const o = JSON.parse(out[0]!);
    expect(o).toMatchObject({ level: "info", service: "portal", pid: process.pid, reqId: "r-1", status: 200, msg: "GET routes/home 200" });
    expect(new Date(o.time).toISOString()).toBe(o.time);

    const lines: string[] = [];
    createLogger({ format: "pretty", level: "info", write: (l) => lines.push(l) })
      .child({ service: "jobs" })
      .warn({ jobId: "7", error: "the server said no" }, "job send-email failed");
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} WARN  jobs job send-email failed jobId=7 error="the server said no"\n$/);
    expect(prettyLine("not json\n")).toBe("not json\n");
  });
});

describe("idpRouteLabel", () => {
  it("hides token-like segments, keeps the provider's own names", () => {
    expect(idpRouteLabel("/password/reset/Ab3dEfGhIjKlMnOpQrStUv")).toBe("/password/reset/:id");
    expect(idpRouteLabel("/interaction/x1Y2z3A4b5C6d7E8f9G0h/login")).toBe("/interaction/:id/login");
    expect(idpRouteLabel("/.well-known/openid-configuration")).toBe("/.well-known/openid-configuration");
    expect(idpRouteLabel("/token")).toBe("/token");
    expect(idpRouteLabel("/")).toBe("/");
  });
});
