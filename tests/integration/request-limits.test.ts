// No request can take the portal down or answer 500 (issue 6, defects 3 and 4).
// Against the real built server (`node scripts/serve.mjs`, started by
// tests/support/app-server.ts as a child process), signed in through the
// built-in identity provider as the seeded demo users:
//  - bodies that would make conform build huge arrays (`x[99999999]=1`,
//    `states[5000000]=x`) and a 100 MB body are refused within a second, and
//    the server's memory (VmRSS of the child process) grows by less than 50 MB;
//  - a user with no right to the application gets 404 before the body is read;
//  - a chunked body over the cap gets 413;
//  - a repeated single-value field and a body that is not a form (JSON,
//    text/plain, broken multipart) answer 400 with a clear page, nothing stored;
//  - the other form actions (wizard, paper appointment, impersonation) refuse
//    a body that is not a form with 400, not 500;
//  - the built-in identity provider's own forms refuse large bodies with a
//    413 page the client gets to read.
import { readFileSync } from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startApp, type AppHandle } from "../support/app-server";
import { signInToApp } from "../support/app-sign-in";
import { buildIfStale } from "../support/global-app";
import { query } from "../support/mailbox";
import { createTestDatabase } from "../support/postgres";

let app: AppHandle;
let databaseUrl: string;

/** Signs in through the portal and the built-in provider; returns the portal's Cookie header. */
const signIn = (email: string) => signInToApp(app, email);

// ---------------------------------------------------------------- raw HTTP

type Answer = { status: number; contentType: string; location: string; body: string; ms: number };

type RawPost = {
  cookie: string;
  contentType?: string;
  body?: string | Buffer;
  /** Sends this many 1 MiB chunks after `body` (a large body without holding it in memory). */
  megabytes?: number;
  /** Declare Content-Length (default) or send the body chunked. */
  chunked?: boolean;
};

/**
 * POSTs with node:http so that the body can be huge or chunked and the
 * answer is read as soon as it comes (the server may stop reading the body).
 */
function post(path: string, o: RawPost, base = app.url): Promise<Answer> {
  const head = Buffer.from(o.body ?? "");
  const mib = Buffer.alloc(1024 * 1024, "a");
  const total = head.length + (o.megabytes ?? 0) * mib.length;
  const url = new URL(path, base);
  const headers: Record<string, string> = { Cookie: o.cookie, Origin: url.origin, Accept: "text/html" };
  if (o.contentType) headers["Content-Type"] = o.contentType;
  if (!o.chunked) headers["Content-Length"] = String(total);
  else headers["Transfer-Encoding"] = "chunked";
  const started = performance.now();
  return new Promise<Answer>((resolve, reject) => {
    let answered = false;
    const req = http.request(url, { method: "POST", headers, timeout: 20_000 }, (res) => {
      answered = true;
      const ms = performance.now() - started;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, contentType: String(res.headers["content-type"] ?? ""), location: String(res.headers.location ?? ""), body: Buffer.concat(chunks).toString(), ms });
        req.destroy();
      });
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`no answer from ${path} within 20 s`)));
    // Once answered, a reset of the rest of the upload is expected.
    req.on("error", (e) => (answered ? undefined : reject(e)));
    let left = o.megabytes ?? 0;
    const pump = () => {
      while (left > 0 && !answered && !req.destroyed) {
        left--;
        if (!req.write(mib)) return void req.once("drain", pump);
      }
      if (!answered && !req.destroyed) req.end();
    };
    if (head.length) req.write(head);
    pump();
  });
}

/** Resident memory of the server process, in MiB. */
function rssMiB(): number {
  const status = readFileSync(`/proc/${app.pid()}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

const URLENCODED = "application/x-www-form-urlencoded";

// ---------------------------------------------------------------- set-up

let prospect = "";
let md = "";
let outsider = "";
let admin = "";
let appId = 0;
let linkCode = "";

beforeAll(async () => {
  buildIfStale();
  const db = await createTestDatabase(undefined, { url: inject("pgUrl"), template: inject("pgTemplate") });
  databaseUrl = db.url;
  // A small heap: a request that builds a huge array kills the server at once
  // (instead of taking gigabytes of a shared machine for a minute first).
  app = await startApp({ databaseUrl, env: { NODE_OPTIONS: "--max-old-space-size=384" } });
  [prospect, md, admin] = [await signIn("prospect@portal.localhost"), await signIn("md@portal.localhost"), await signIn("admin@portal.localhost")];
  // Not the prospect, not an upline of the application's recruiter (the director is: read-only, 403).
  outsider = await signIn("agent@portal.localhost");
  const [row] = await query<{ id: number }>(
    databaseUrl,
    `select a.appointment_id as id from appointments a join users u on u.id = a.user_id
      where u.user_name = 'prospect@portal.localhost' and a.appointment_status_code = 'APWF_STATUS_INCOMPLETE' limit 1`,
  );
  appId = row!.id;
  const [link] = await query<{ code: string }>(
    databaseUrl,
    `select link_prefix || code as code from appointment_links where is_enabled and not is_deleted and link_prefix = 'APL' limit 1`,
  );
  linkCode = link!.code;
}, 180_000);

afterAll(async () => {
  await app?.dispose();
});

/** What the application holds (its row and every section's rows), to see that nothing changed. */
async function stored(id: number): Promise<string> {
  const tables = ["appointments", "appointment_personal", "appointment_addresses", "appointment_states", "appointment_answers", "appointment_signatures"];
  const out: Record<string, unknown> = {};
  for (const t of tables) out[t] = await query(databaseUrl, `select * from ${t} where appointment_id = $1 order by 1, 2`, [id]);
  out.saved = await query(databaseUrl, `select count(*) from audit_log where action = 'APPOINTMENT_SAVED' and target_id = $1`, [String(id)]);
  return JSON.stringify(out);
}

/** A clear page: HTML that says what happened and that nothing was saved. */
function expectClearPage(a: Answer, status: number) {
  expect(a.status, a.body.slice(0, 400)).toBe(status);
  expect(a.contentType).toContain("text/html");
  expect(a.body).toContain("Nothing was saved");
}

/** Posts and checks the answer came within a second and the server's memory grew by less than 50 MB. */
async function expectCheap(path: string, o: RawPost): Promise<Answer> {
  // Warm up (session and access lookups, JIT) so that the bound measures the refusal.
  await post(`/appoint?id=${appId}`, { cookie: o.cookie, contentType: URLENCODED, body: "section=X" });
  const before = rssMiB();
  const a = await post(path, o);
  const grown = rssMiB() - before;
  expect(a.ms, `answered ${a.status} in ${Math.round(a.ms)} ms`).toBeLessThan(1000);
  expect(grown, `server memory grew by ${grown.toFixed(1)} MiB`).toBeLessThan(50);
  return a;
}

// ---------------------------------------------------------------- tests

describe("bodies that would exhaust memory", () => {
  it("refuses an array index explosion (x[99999999]) on the user's own application with 400, fast and cheaply", async () => {
    const before = await stored(appId);
    const a = await expectCheap(`/appoint?id=${appId}&section=FEES`, {
      cookie: prospect,
      contentType: URLENCODED,
      body: "section=FEES&intent=openAddState&x[99999999]=1",
    });
    expectClearPage(a, 400);
    expect(await stored(appId)).toBe(before);
  });

  it("refuses states[5000000] with 400, fast and cheaply", async () => {
    const a = await expectCheap(`/appoint?id=${appId}&section=FEES`, {
      cookie: prospect,
      contentType: URLENCODED,
      body: "section=FEES&intent=openAddState&states[5000000]=x",
    });
    expectClearPage(a, 400);
  });

  it("answers 404 to a user without access before reading the body", async () => {
    const a = await expectCheap(`/appoint?id=${appId}&section=FEES`, {
      cookie: outsider,
      contentType: URLENCODED,
      body: "section=FEES&intent=openAddState&x[99999999]=1",
    });
    expect(a.status).toBe(404);
    // The same for a body that is not a form at all: access comes first.
    expect((await post(`/appoint?id=${appId}`, { cookie: outsider, contentType: "application/json", body: "{" })).status).toBe(404);
    // An upline may read the application but never write: 403, also before the body is read.
    const upline = await expectCheap(`/appoint?id=${appId}&section=FEES`, {
      cookie: md,
      contentType: URLENCODED,
      body: "section=FEES&intent=openAddState&x[99999999]=1",
    });
    expect(upline.status).toBe(403);
  });

  it("refuses a 100 MB body with 413 before reading it", async () => {
    const before = await stored(appId);
    const a = await expectCheap(`/appoint?id=${appId}`, {
      cookie: prospect,
      contentType: URLENCODED,
      body: "section=PERSONAL&intent=save&firstName=",
      megabytes: 100,
    });
    expectClearPage(a, 413);
    expect(await stored(appId)).toBe(before);
  });

  it("refuses a chunked body over the cap with 413", async () => {
    const before = await stored(appId);
    const a = await expectCheap(`/appoint?id=${appId}`, {
      cookie: prospect,
      contentType: URLENCODED,
      body: "section=PERSONAL&intent=save&firstName=",
      megabytes: 20,
      chunked: true,
    });
    expectClearPage(a, 413);
    expect(await stored(appId)).toBe(before);
  });

  it("lets an oversized PDF reach the upload's own check: the spec's answer, not the generic 413 page", async () => {
    // 3 MB: over the 2,000,000-byte file limit, within what the upload handler reads and answers itself.
    const boundary = "----limits" + Date.now();
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body = Buffer.concat([
      Buffer.from(part("appointmentId", String(appId)) + part("documentTypeCode", "DOCTYP_EO_CERT")),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`),
      Buffer.alloc(3_000_000, "a"),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const a = await post(`/appoint/upload?id=${appId}`, { cookie: prospect, contentType: `multipart/form-data; boundary=${boundary}`, body });
    expect(a.status, a.body.slice(0, 300)).toBe(303);
    // Supporting Documents with the upload's 'Invalid File' dialog (TOO_BIG).
    expect(a.location).toContain("upload=TOO_BIG");
  });

  it("refuses a form with too many fields with 413", async () => {
    const body = `section=PERSONAL&intent=save&${Array.from({ length: 5000 }, (_, i) => `f${i}=1`).join("&")}`;
    const a = await post(`/appoint?id=${appId}`, { cookie: prospect, contentType: URLENCODED, body });
    expectClearPage(a, 413);
  });
});

describe("malformed bodies", () => {
  it("refuses a repeated single-value field (firstName twice) with 400, nothing stored", async () => {
    const before = await stored(appId);
    const a = await post(`/appoint?id=${appId}&section=PERSONAL`, {
      cookie: prospect,
      contentType: URLENCODED,
      body: "section=PERSONAL&intent=save&firstName=Ann&firstName=Bob",
    });
    expectClearPage(a, 400);
    expect(a.body).toContain("more than once");
    expect(await stored(appId)).toBe(before);
  });

  it("still takes a normal save with repeated states (the list field)", async () => {
    const a = await post(`/appoint?id=${appId}&section=FEES`, {
      cookie: prospect,
      contentType: URLENCODED,
      body: "section=FEES&intent=openAddState&states=TX&states=FL",
    });
    expect(a.status, a.body.slice(0, 300)).toBe(200);
  });

  it.each([
    ["JSON", "application/json", '{"section":"PERSONAL","intent":"save","firstName":"Eve"}'],
    ["text/plain", "text/plain", "section=PERSONAL\r\nintent=save\r\nfirstName=Eve\r\n"],
    ["broken multipart", "multipart/form-data; boundary=XYZ", "--XYZ\r\nContent-Disposition: form-data; name=\"firstName\r\n\r\nEve"],
    ["no content type", undefined, "section=PERSONAL&intent=save&firstName=Eve"],
  ])("refuses a %s body to /appoint with 400, nothing stored", async (_label, contentType, body) => {
    const before = await stored(appId);
    const a = await post(`/appoint?id=${appId}`, { cookie: prospect, contentType, body });
    expectClearPage(a, 400);
    expect(await stored(appId)).toBe(before);
  });

  it("answers a list index within the cap like any other form (no 500)", async () => {
    for (const intent of ["save", "openAddState"]) {
      const a = await post(`/appoint?id=${appId}`, {
        cookie: prospect,
        contentType: URLENCODED,
        body: `section=PERSONAL&intent=${intent}&answers[999].questionId=1&answers[999].answer=Y&x[999]=1`,
      });
      expect(a.status, a.body.slice(0, 300)).toBeLessThan(500);
    }
  });

  it("refuses names conform cannot read (reserved, malformed, too long) with 400", async () => {
    for (const body of [
      "section=PERSONAL&intent=save&__state__=%7Bbroken",
      "section=PERSONAL&intent=save&__intent__=%7Bbroken",
      "section=PERSONAL&intent=save&a]b=1",
      `section=PERSONAL&intent=save&${"n".repeat(500)}=1`,
    ]) {
      const a = await post(`/appoint?id=${appId}`, { cookie: prospect, contentType: URLENCODED, body });
      expectClearPage(a, 400);
    }
  });

  it("refuses a body that is not a form with 400 on the wizard, the paper appointment and impersonation", async () => {
    const cases: Array<[string, string]> = [
      ["/wizard?link=EXTnothing", md],
      // A recruiter (the paper application is theirs to make: spec part 2); an administrator without positions gets 403 first.
      [`/appoint/paper?email=new-prospect@example.com&link=${linkCode}&apptTypeCode=APPTTYP_IND`, md],
      ["/auth/impersonate", admin],
    ];
    for (const [path, cookie] of cases) {
      const a = await post(path, { cookie, contentType: "text/plain", body: "email=x" });
      expect(a.status, `${path}: ${a.body.slice(0, 300)}`).toBe(400);
      expect(a.body, path).toContain("Nothing was saved");
      const repeated = await post(path, { cookie, contentType: URLENCODED, body: "email=a@example.com&email=b@example.com&intent=start&intent=stop" });
      expect(repeated.status, `${path}: ${repeated.body.slice(0, 300)}`).toBe(400);
    }
  });
});

describe("the built-in identity provider's forms", () => {
  /** Asks for a fresh page of the provider: its memory is the same process's. */
  const idp = (path: string, o: Omit<RawPost, "cookie">) => post(path, { cookie: "", ...o }, app.idpUrl);

  it("refuses a body over its cap with a 413 page, declared or chunked, fast and cheaply", async () => {
    for (const chunked of [false, true]) {
      const before = rssMiB();
      const a = await idp("/password/forgot", { contentType: URLENCODED, body: "email=", megabytes: 100, chunked });
      const grown = rssMiB() - before;
      expect(a.status, `chunked ${chunked}: ${a.body.slice(0, 300)}`).toBe(413);
      expect(a.contentType).toContain("text/html");
      expect(a.body).toContain("Form too large");
      expect(a.ms).toBeLessThan(1000);
      expect(grown).toBeLessThan(50);
    }
  });

  it("refuses a form with too many fields with 413", async () => {
    const a = await idp("/password/forgot", { contentType: URLENCODED, body: Array.from({ length: 5000 }, (_, i) => `f${i}=`).join("&") });
    expect(a.status).toBe(413);
    expect(a.body).toContain("Form too large");
  });

  it("refuses a body that is not a form (415) and answers a repeated field like a single one", async () => {
    const a = await idp("/password/forgot", { contentType: "application/json", body: '{"email":"a@example.com"}' });
    expect(a.status).toBe(415);
    expect(a.contentType).toContain("text/html");
    const repeated = await idp("/password/forgot", { contentType: URLENCODED, body: "email=a@example.com&email=b@example.com&csrf=x&csrf=y" });
    expect(repeated.status).toBe(403); // no valid csrf token: refused, not a 500
  });
});
