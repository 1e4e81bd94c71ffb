// Issue 33 item 9 (decision 0085), over a raw TCP socket against the built portal and its provider:
// an absolute-form request target naming another host (`GET http://evil.example:PORT/home` with a good
// Host) answered 500 'Invalid URL' on the portal: now 400 (the portal's refusal page, problem details
// under /api), on the provider too; one naming the server's own host is read as origin-form (RFC 9112
// says a server must accept it); two Host headers are refused with 400 (RFC 9112 section 3.2) instead
// of the first being believed; an asterisk- or authority-form target is refused with 400.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startApp, type AppHandle } from "../support/app-server";
import { buildIfStale } from "../support/global-app";
import { createTestDatabase } from "../support/postgres";

let app: AppHandle;

beforeAll(async () => {
  buildIfStale();
  const db = await createTestDatabase(undefined, { url: inject("pgUrl"), template: inject("pgTemplate") });
  app = await startApp({ databaseUrl: db.url });
}, 180_000);

afterAll(async () => {
  await app?.dispose();
});

type Raw = { status: number; headers: Record<string, string>; body: string };

/** Writes `head` (request line and headers, CRLF each, without the blank line) and reads the whole answer. */
function raw(port: number, head: string[]): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf("\r\n\r\n");
      const [statusLine = "", ...lines] = all.subarray(0, split).toString("latin1").split("\r\n");
      const headers: Record<string, string> = {};
      for (const l of lines) headers[l.slice(0, l.indexOf(":")).toLowerCase()] = l.slice(l.indexOf(":") + 1).trim();
      const body = all.subarray(split + 4);
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: (headers["transfer-encoding"] === "chunked" ? dechunk(body) : body).toString("utf8") });
    });
    socket.setTimeout(30_000, () => socket.destroy(new Error(`no answer to ${head[0]}`)));
    socket.write(`${[...head, "Connection: close"].join("\r\n")}\r\n\r\n`);
  });
}

/** The body of a chunked answer (hex length, CRLF, the bytes, CRLF; a 0 length ends it). */
function dechunk(body: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = body.indexOf("\r\n", at);
    const size = parseInt(body.subarray(at, eol).toString("latin1"), 16);
    if (!size) return Buffer.concat(out);
    out.push(body.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

describe("absolute-form request targets", () => {
  it("the portal refuses one naming another host with 400: its refusal page, problem details under /api", async () => {
    const host = `localhost:${app.port}`;
    for (const target of [`http://evil.example:${app.port}/home`, `http://evil.example/home`, `https://evil.example:${app.port}/auth/login`, `http://evil.example:${app.port}@${host}/home`]) {
      const page = await raw(app.port, [`GET ${target} HTTP/1.1`, `Host: ${host}`, "Accept: text/html"]);
      expect(page.status, target).toBe(400);
      expect(page.headers["content-type"], target).toMatch(/^text\/html/);
      expect(page.body, target).toContain("Bad Request");
      expect(page.body, target).not.toContain("Invalid URL");
    }
    const api = await raw(app.port, [`GET http://evil.example:${app.port}/api/v1/agents HTTP/1.1`, `Host: ${host}`]);
    expect(api.status).toBe(400);
    expect(api.headers["content-type"]).toBe("application/problem+json");
    expect(JSON.parse(api.body)).toMatchObject({ status: 400, title: "Bad Request" });
  });

  it("the portal reads one naming its own host as origin-form, that authority as the Host", async () => {
    const own = await raw(app.port, [`GET http://localhost:${app.port}/auth/login HTTP/1.1`, `Host: localhost:${app.port}`]);
    const origin = await raw(app.port, [`GET /auth/login HTTP/1.1`, `Host: localhost:${app.port}`]);
    expect(own.status).toBe(origin.status);
    expect(own.status).toBeLessThan(400);
    // The target's authority counts, not the Host header (RFC 9112 section 3.2.2): a foreign Host is replaced.
    const replaced = await raw(app.port, [`GET http://127.0.0.1:${app.port}/api/v1/openapi.json HTTP/1.1`, `Host: evil.example:${app.port}`]);
    expect(replaced.status).toBe(200);
    expect(JSON.parse(replaced.body).openapi).toBe("3.1.0");
  });

  it("the portal refuses an asterisk-form or authority-form target with 400", async () => {
    for (const line of ["OPTIONS * HTTP/1.1", `GET localhost:${app.port} HTTP/1.1`]) {
      const r = await raw(app.port, [line, `Host: localhost:${app.port}`]);
      expect(r.status, line).toBe(400);
    }
  });

  it("the provider refuses one naming another host with 400 and answers its own", async () => {
    const host = `localhost:${app.idpPort}`;
    const foreign = await raw(app.idpPort, [`GET http://evil.example:${app.idpPort}/.well-known/openid-configuration HTTP/1.1`, `Host: ${host}`]);
    expect(foreign.status).toBe(400);
    expect(foreign.body).not.toContain("issuer");
    const own = await raw(app.idpPort, [`GET http://${host}/.well-known/openid-configuration HTTP/1.1`, `Host: ${host}`]);
    expect(own.status).toBe(200);
    expect(JSON.parse(own.body).issuer).toBe(app.idpUrl);
  });
});

describe("two Host headers", () => {
  it("are refused with 400 by the portal and the provider, whichever comes first", async () => {
    for (const [port, path] of [
      [app.port, "/auth/login"],
      [app.port, "/api/v1/openapi.json"],
      [app.port, "/healthz"],
      [app.idpPort, "/.well-known/openid-configuration"],
    ] as const) {
      for (const hosts of [[`localhost:${port}`, `evil.example:${port}`], [`evil.example:${port}`, `localhost:${port}`], [`localhost:${port}`, `localhost:${port}`]]) {
        const r = await raw(port, [`GET ${path} HTTP/1.1`, ...hosts.map((h) => `Host: ${h}`)]);
        expect(r.status, `${port} ${path} ${hosts.join(" + ")}`).toBe(400);
        expect(r.body).not.toContain("issuer");
      }
    }
    // One Host is answered as before.
    expect((await raw(app.port, ["GET /auth/login HTTP/1.1", `Host: localhost:${app.port}`])).status).toBeLessThan(400);
  });
});
