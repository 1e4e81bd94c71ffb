// What the attacker and crash probe of the newer forms found (2026-11,
// docs/security-probe-2026-11.md), against the real built server signed in
// through the built-in identity provider as the seeded demo users:
//  - a NUL character (U+0000, `%00`) in a posted field reached PostgreSQL,
//    which cannot store it in text: 503 'could not save' pages (profile,
//    templates, Contact Us, service request replies) or 500 (reports, review
//    decisions). Now a 400 page that says nothing was saved, nothing stored;
//  - a NUL in the address (`/agent?agentNumber=%00`, the reports finder, the
//    review queue filter) answered 500; now a 400 page;
//  - a bad form posted to a service request or an application under review
//    that does not exist answered 400 with the not-found page: the 404 comes
//    first now (existence before validation), whatever the form holds;
//  - the impersonation refusal (403) was the text 'Forbidden': now the
//    portal's ordinary error page;
//  - a report download that is not there (another user's, unfinished,
//    purged) was an empty 404, a blank page: now a page that says so;
//  - the Policies & Agreements section could not be saved without every box
//    ticked: the page prefills the signer's name, so an untouched no-JS SAVE
//    answered 'The Save Failed — Policy Agreement checkbox Required'. An
//    unticked box is 'not there yet' for a save (still required to submit);
//  - an address over Node's 16 KiB header limit (a GET search form with a
//    field of 1,000,000 characters) got a bare 431 status line: now a page;
//  - a template image posted to a template that is not there answered the
//    text 'Not Found': now a page that says so.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startApp, type AppHandle } from "../support/app-server";
import { signInToApp } from "../support/app-sign-in";
import { buildIfStale } from "../support/global-app";
import { query } from "../support/mailbox";
import { createTestDatabase } from "../support/postgres";

let app: AppHandle;
let databaseUrl: string;
let md = "";
let admin = "";
let agent = "";

beforeAll(async () => {
  buildIfStale();
  const db = await createTestDatabase(undefined, { url: inject("pgUrl"), template: inject("pgTemplate") });
  databaseUrl = db.url;
  app = await startApp({ databaseUrl });
  [md, admin, agent] = [await signInToApp(app, "md@portal.localhost"), await signInToApp(app, "admin@portal.localhost"), await signInToApp(app, "agent@portal.localhost")];
}, 180_000);

afterAll(async () => {
  await app?.dispose();
});

type Answer = { status: number; contentType: string; body: string };

async function send(method: "GET" | "POST", path: string, cookie: string, body?: string | FormData): Promise<Answer> {
  const headers: Record<string, string> = { Cookie: cookie, Origin: app.url, Accept: "text/html" };
  if (typeof body === "string") headers["Content-Type"] = "application/x-www-form-urlencoded";
  const res = await fetch(new URL(path, app.url), { method, headers, body, redirect: "manual" });
  return { status: res.status, contentType: res.headers.get("content-type") ?? "", body: await res.text() };
}

const form = (pairs: Array<[string, string]>) => new URLSearchParams(pairs).toString();

function expectRefusal(a: Answer, status: number, what: string) {
  expect(a.status, `${what}: ${a.body.slice(0, 300)}`).toBe(status);
  expect(a.contentType, what).toContain("text/html");
}

const count = async (sql: string) => Number((await query<{ n: string }>(databaseUrl, sql))[0]!.n);

describe("a NUL character in a posted field", () => {
  it("is refused with a 400 page on the newer forms, never a 500 or a 'try again later', nothing stored", async () => {
    const profileBefore = await query(databaseUrl, `select first_name, middle_name, last_name, phone_number from users where user_name = 'agent@portal.localhost'`);
    const templatesBefore = await query(databaseUrl, `select corr_template_id, name, description, html from email_templates order by 1`);
    const reportsBefore = await count(`select count(*) as n from report_requests`);
    const cases: Array<[string, string, string]> = [
      ["/profile", agent, form([["firstName", "Dan\u0000iel"], ["middleName", "J"], ["lastName", "Okafor"], ["phoneNumber", "6145550102"]])],
      ["/corr/new", md, form([["name", "N\u0000"], ["description", "d"], ["body", "<p>x</p>"]])],
      ["/reports?tab=request&report=1", md, form([["reportId", "1"], ["recruiterName", "a\u0000b"], ["appointmentStatusId", "0"]])],
    ];
    for (const [path, cookie, body] of cases) {
      const a = await send("POST", path, cookie, body);
      expectRefusal(a, 400, path);
      expect(a.body, path).toContain("Nothing was saved");
    }
    expect(await query(databaseUrl, `select first_name, middle_name, last_name, phone_number from users where user_name = 'agent@portal.localhost'`)).toEqual(profileBefore);
    expect(await query(databaseUrl, `select corr_template_id, name, description, html from email_templates order by 1`)).toEqual(templatesBefore);
    expect(await count(`select count(*) as n from report_requests`)).toBe(reportsBefore);
  });

  it("is refused on Contact Us (a multipart form) with 400 and a message that nothing was sent, no request stored", async () => {
    const before = await count(`select count(*) as n from service_requests`);
    const body = new FormData();
    body.append("requestTypeCode", "SVCREQ_GENERAL");
    body.append("requestText", "Please call me\u0000 back");
    const a = await send("POST", "/svcreq", agent, body);
    expectRefusal(a, 400, "/svcreq");
    expect(a.body).toContain("Nothing was sent");
    expect(await count(`select count(*) as n from service_requests`)).toBe(before);
  });

  it("is refused on a review decision and a service request reply with 400, nothing decided or sent", async () => {
    const [waiting] = await query<{ id: number }>(databaseUrl, `select appointment_id as id from appointments where appointment_status_code = 'APWF_STATUS_NEWCONTRACT' limit 1`);
    const decision = await send("POST", `/admin/review/${waiting!.id}`, admin, form([["decision", "REJECT"], ["reason", "a\u0000b"], ["confirm", "on"]]));
    expectRefusal(decision, 400, "review decision");
    expect(await count(`select count(*) as n from appointment_decisions`)).toBe(0);

    const contact = new FormData();
    contact.append("requestTypeCode", "SVCREQ_GENERAL");
    contact.append("requestText", "A question");
    expect((await send("POST", "/svcreq", agent, contact)).status).toBe(303);
    const [sr] = await query<{ id: number }>(databaseUrl, `select max(service_request_id) as id from service_requests`);
    const reply = await send("POST", `/admin/requests/${sr!.id}`, admin, form([["intent", "reply"], ["formToken", crypto.randomUUID()], ["replyText", "hi\u0000"]]));
    expectRefusal(reply, 400, "service request reply");
    expect(await count(`select count(*) as n from service_request_replies`)).toBe(0);
  });
});

describe("a NUL character in the address", () => {
  it("answers a 400 page, not a 500", async () => {
    const cases: Array<[string, string]> = [
      ["/agent?h=1&agentNumber=%00", md],
      ["/reports?tab=request&report=2&finder=search&q=a%00", md],
      ["/admin/review?recruiter=a%00", admin],
    ];
    for (const [path, cookie] of cases) {
      const a = await send("GET", path, cookie);
      expectRefusal(a, 400, path);
      expect(a.body, path).toContain("The address");
    }
  });
});

describe("the API's refusals before its routes", () => {
  it("a NUL, bytes that are not UTF-8 or another site's Origin in an /api/v1 call: problem details, not an HTML page", async () => {
    for (const path of ["/api/v1/agents?cursor=%00", "/api/v1/agents?cursor=%FF", "/api/v1/openapi.json?x=%00"]) {
      const r = await fetch(`${app.url}${path}`, { headers: { Authorization: "Bearer apt_x" } });
      expect(r.status, path).toBe(400);
      expect(r.headers.get("content-type"), path).toBe("application/problem+json");
      expect(await r.json(), path).toMatchObject({ status: 400, title: "Address Not Accepted" });
    }
    const cross = await fetch(`${app.url}/api/v1/agent-imports`, { method: "POST", headers: { Origin: "https://evil.example", "Content-Type": "text/csv" }, body: "x" });
    expect(cross.status).toBe(403);
    expect(cross.headers.get("content-type")).toBe("application/problem+json");
  });
});

describe("a record that does not exist", () => {
  it("answers 404 to any form posted to a service request that does not exist, before the form is checked", async () => {
    for (const body of [form([["intent", "status"], ["status", "NOPE"]]), form([["intent", "reply"]]), form([["intent", "zzz"]]), "a=1&a=2"]) {
      const a = await send("POST", "/admin/requests/999999", admin, body);
      expectRefusal(a, 404, `/admin/requests/999999 ${body}`);
    }
  });

  it("answers 404 to any form posted to an application under review that does not exist, before the form is checked", async () => {
    for (const body of [form([["decision", "NOPE"]]), form([["decision", "REJECT"], ["reason", "r"], ["confirm", "on"]]), "a=1&a=2"]) {
      const a = await send("POST", "/admin/review/999999", admin, body);
      expectRefusal(a, 404, `/admin/review/999999 ${body}`);
    }
  });
});

describe("impersonation by someone who may not impersonate", () => {
  it("is refused with the portal's ordinary 403 page, not plain text", async () => {
    const a = await send("POST", "/auth/impersonate", md, form([["email", "agent@portal.localhost"]]));
    expectRefusal(a, 403, "/auth/impersonate");
    expect(a.body).toContain("You do not have access to this page.");
  });
});

describe("a report download that is not there", () => {
  it("answers 404 with a page that says so (not a blank page): another user's report, an unknown id, a malformed id", async () => {
    for (const path of ["/reports/999999/download", "/reports/abc/download"]) {
      const a = await send("GET", path, agent);
      expectRefusal(a, 404, path);
      expect(a.body, path).toContain("Report Unavailable");
    }
  });
});

describe("the application's Policies & Agreements section without JavaScript", () => {
  it("saves when submitted unchanged (the prefilled name, no box ticked yet), twice, and keeps what is stored", async () => {
    const prospect = await signInToApp(app, "prospect@portal.localhost");
    const [row] = await query<{ id: number }>(
      databaseUrl,
      `select a.appointment_id as id from appointments a join users u on u.id = a.user_id
        where u.user_name = 'prospect@portal.localhost' and a.appointment_status_code = 'APWF_STATUS_INCOMPLETE' limit 1`,
    );
    const path = `/appoint?id=${row!.id}&section=AGREEMENTS`;
    const stored = () => query(databaseUrl, `select signature_type_code, signature_value from appointment_signatures where appointment_id = $1 order by 1`, [row!.id]);
    const before = await stored();
    for (let round = 0; round < 2; round++) {
      const page = await send("GET", path, prospect);
      // What a browser without JavaScript posts: the section's hidden fields and text inputs as shown (unticked boxes post nothing).
      const fields = [...page.body.matchAll(/<input\b[^>]*\bname="(section|allFields|signatures\.SIGTYP_AGREENAME|signatures\.SIGTYP_AGREESIG)"[^>]*>/g)].map((m) => {
        const value = /\bvalue="([^"]*)"/.exec(m[0])?.[1] ?? "";
        return [m[1]!, value] as [string, string];
      });
      expect(fields.map(([k]) => k)).toEqual(["section", "allFields", "signatures.SIGTYP_AGREENAME", "signatures.SIGTYP_AGREESIG"]);
      const a = await send("POST", path, prospect, form([...fields, ["intent", "save"]]));
      expect(a.status, `round ${round}: ${a.body.match(/Still needed[\s\S]{0,400}|The Save Failed[\s\S]{0,400}/)?.[0] ?? ""}`).toBe(200);
      expect(a.body).toContain("Successfully Saved!");
    }
    const after = await stored();
    // The name is stored as shown; nothing stored before is lost.
    for (const s of before as Array<{ signature_type_code: string; signature_value: string | null }>) {
      if (s.signature_value) expect(after).toContainEqual(s);
    }
  });
});

describe("a search field of 1,000,000 characters (a GET form: the address)", () => {
  it("answers 431 with a page that says so, not a bare status line", async () => {
    const a = await send("GET", `/agents?h=1&lastName=${"x".repeat(1_000_000)}`, md);
    expectRefusal(a, 431, "/agents?lastName=<1M>");
    expect(a.body).toContain("Request Too Large");
    // The portal still answers on a new connection.
    expect((await send("GET", "/agents", md)).status).toBe(200);
  });
});

describe("a template image posted to a template that is not there", () => {
  it("answers 404 with a page that says so (not the text 'Not Found'): another user's, a deleted or unknown one, no id", async () => {
    for (const [path, cookie] of [["/corr/upload?id=999999", md], ["/corr/upload?id=4", agent], ["/corr/upload", md]] as const) {
      const body = new FormData();
      body.append("imageName", "Logo");
      body.append("file", new Blob([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])], { type: "image/png" }), "logo.png");
      const a = await send("POST", path, cookie, body);
      expectRefusal(a, 404, path);
      expect(a.body, path).toContain("Template Not Found");
    }
  });
});
