// Issue 18 item 9 (decision 0039), against the real built server signed in
// through the built-in identity provider as the seeded demo users:
//  - a form field whose bytes are not UTF-8 once percent-decoded (`%FF`,
//    `%C0%80`, the overlong NUL) was stored as U+FFFD on /profile, the
//    application's sections, /corr/new and /invite (the invitation was
//    sent). Now every form, the multipart ones included, and every address
//    answers 400 with the portal's page, nothing stored, nothing sent;
//  - values already stored with U+FFFD (before this fix) stay viewable and
//    saveable, by the owner and by an administrator acting as them.
import type { QueryResultRow } from "pg";
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
let prospect = "";
let agent = "";

beforeAll(async () => {
  buildIfStale();
  const db = await createTestDatabase(undefined, { url: inject("pgUrl"), template: inject("pgTemplate") });
  databaseUrl = db.url;
  app = await startApp({ databaseUrl });
  md = await signInToApp(app, "md@portal.localhost");
  admin = await signInToApp(app, "admin@portal.localhost");
  prospect = await signInToApp(app, "prospect@portal.localhost");
  agent = await signInToApp(app, "agent@portal.localhost");
}, 240_000);

afterAll(async () => {
  await app?.dispose();
});

type Answer = { status: number; contentType: string; body: string };

async function send(method: "GET" | "POST", path: string, cookie: string, body?: string | Blob, contentType = "application/x-www-form-urlencoded"): Promise<Answer> {
  const headers: Record<string, string> = { Cookie: cookie, Origin: app.url, Accept: "text/html" };
  if (body !== undefined) headers["Content-Type"] = contentType;
  const res = await fetch(new URL(path, app.url), { method, headers, body, redirect: "manual" });
  return { status: res.status, contentType: res.headers.get("content-type") ?? "", body: await res.text() };
}

function expectRefusal(a: Answer, what: string) {
  expect(a.status, `${what}: ${a.body.slice(0, 300)}`).toBe(400);
  expect(a.contentType, what).toContain("text/html");
  expect(a.body, what).not.toContain("\ufffd");
}

const one = async <T extends QueryResultRow>(sql: string) => (await query<T>(databaseUrl, sql))[0]!;
const count = async (sql: string) => Number((await one<{ n: string }>(sql)).n);
const uuid = () => crypto.randomUUID();

async function prospectApplication(): Promise<number> {
  const r = await one<{ id: number }>(
    `select a.appointment_id as id from appointments a join users u on u.id = a.user_id where u.user_name = 'prospect@portal.localhost' order by 1 limit 1`,
  );
  return r.id;
}

describe("a form field that is not UTF-8", () => {
  it("is refused with the portal's 400 page on /profile, a section of the application, /corr/new, /corr/$id and /invite: nothing stored, no invitation", async () => {
    const id = await prospectApplication();
    const [template] = await query<{ id: number }>(databaseUrl, `select corr_template_id as id from email_templates order by 1 limit 1`);
    // A template md may edit: the first the templates page opens.
    const editable = /href="\/corr\/(\d+)"/.exec((await send("GET", "/corr", md)).body)?.[1];
    expect(editable, "md's templates page lists a template").toBeTruthy();
    const link = await one<{ link: string }>(
      `select l.link_prefix || l.code as link from appointment_links l join agents a on a.id = l.recruiter_agent_id join users u on u.id = a.user_id
        where u.user_name = 'md@portal.localhost' and not l.is_deleted order by l.appointment_link_id limit 1`,
    );
    const inviteLink = `/invite?link=${encodeURIComponent(link.link)}`;
    // The form is one md may send: the same fields in UTF-8 are taken (checked last, below).

    const snapshot = () =>
      Promise.all([
        query(databaseUrl, `select first_name, middle_name, last_name, phone_number from users order by id`),
        query(databaseUrl, `select * from appointment_personal order by appointment_id`),
        query(databaseUrl, `select name from appointment_irs_info order by appointment_id`),
        query(databaseUrl, `select corr_template_id, name, description, html from email_templates order by 1`),
        count(`select count(*) as n from invitations`),
        count(`select count(*) as n from graphile_worker.jobs`),
      ]);
    const before = await snapshot();

    const cases: Array<[string, string, string]> = [
      ["/profile", agent, "firstName=Dan%C0%80iel&middleName=J&lastName=Okafor&phoneNumber=6145550102"],
      [`/appoint?id=${id}`, prospect, "section=PERSONAL&intent=save&firstName=Priya&lastName=Raman&apptIRSInfo.name=Priya+%FF%FE+Raman"],
      [`/appoint?id=${id}`, prospect, "section=PERSONAL&intent=save&first%E2%82Name=Priya"],
      ["/corr/new", md, "name=Welcome+%C3&description=d&body=%3Cp%3Ex%3C%2Fp%3E"],
      [`/corr/${editable}`, md, "name=Welcome&description=d&body=%3Cp%3Ex%ED%A0%80%3C%2Fp%3E"],
      [inviteLink!, md, `firstName=Ann%FF&lastName=Lee&email=ann.lee%40example.com&templateId=${template!.id}&body=%3Cp%3EHi%3C%2Fp%3E&confirm=yes&formToken=${uuid()}`],
    ];
    for (const [path, cookie, body] of cases) {
      const a = await send("POST", path, cookie, body);
      expectRefusal(a, `${path} ${body}`);
      expect(a.body, path).toContain("Nothing was saved");
      expect(a.body, path).toContain("not UTF-8");
    }
    expect(await snapshot()).toEqual(before);
    // The same invitation in UTF-8 is sent: the refusals above were the bytes, not the form.
    const sent = await send("POST", inviteLink, md, `firstName=Ren%C3%A9e&lastName=Lee&email=renee.lee%40example.com&templateId=${template!.id}&body=%3Cp%3EHi%3C%2Fp%3E&confirm=yes&formToken=${uuid()}`);
    expect(sent.status, sent.body.match(/field__error[^>]*>[^<]+|dialog[^<]*<[^<]*<[^<]+/g)?.join(" | ")).toBeLessThan(400);
    expect(await count(`select count(*) as n from invitations`)).toBe(before[4] + 1);
  });

  it("is refused on Contact Us (multipart, no JavaScript and the JavaScript path) with 400, no request stored", async () => {
    const before = await count(`select count(*) as n from service_requests`);
    const body = Buffer.concat([
      Buffer.from('--B\r\nContent-Disposition: form-data; name="requestTypeCode"\r\n\r\nSVCREQ_GENERAL\r\n'),
      Buffer.from('--B\r\nContent-Disposition: form-data; name="requestText"\r\n\r\nPlease call me '),
      Buffer.from([0xc0, 0x80, 0xff]),
      Buffer.from(" back\r\n--B--\r\n"),
    ]);
    for (const path of ["/svcreq", "/svcreq/send"]) {
      const a = await send("POST", path, agent, new Blob([body]), "multipart/form-data; boundary=B");
      expect(a.status, `${path}: ${a.body.slice(0, 300)}`).toBe(400);
      expect(a.body, path).not.toContain("\ufffd");
    }
    expect(await count(`select count(*) as n from service_requests`)).toBe(before);
  });
});

describe("an address that is not UTF-8", () => {
  it("answers the 400 page (a GET form's search or filter, a path)", async () => {
    for (const [path, cookie] of [
      ["/agent?h=1&agentNumber=%FF", md],
      ["/reports?tab=request&report=2&finder=search&q=a%C0%80", md],
      ["/admin/review?recruiter=%E2%82", admin],
      ["/corr/%FF", md],
    ] as const) {
      const a = await send("GET", path, cookie);
      expectRefusal(a, path);
      expect(a.body, path).toContain("not UTF-8");
    }
    // UTF-8 text in an address is read as before.
    expect((await send("GET", "/agent?h=1&agentNumber=Ren%C3%A9e", md)).status).not.toBe(400);
  });
});

describe("a value stored with U+FFFD before this fix", () => {
  it("is shown and saved unchanged by the owner and by an administrator acting as them, without a NUL", async () => {
    const id = await prospectApplication();
    const stored = "Priya \ufffd\ufffd Raman";
    await query(
      databaseUrl,
      `insert into appointment_irs_info (appointment_id, name, updated_at) values (${id}, '${stored}', now())
         on conflict (appointment_id) do update set name = excluded.name`,
    );
    const acting = await signInToApp(app, "admin@portal.localhost");
    const started = await send("POST", "/auth/impersonate", acting, "intent=start&email=prospect%40portal.localhost");
    expect(started.status).toBe(302);

    for (const [who, cookie] of [["owner", prospect], ["acting administrator", acting]] as const) {
      const page = await send("GET", `/appoint?id=${id}&section=PERSONAL`, cookie);
      expect(page.status, who).toBe(200);
      if (who === "acting administrator") expect(page.body).toContain("impersonation-bar");
      expect(page.body, who).not.toContain("\u0000");
      const value = /name="apptIRSInfo\.name"[^>]*value="([^"]*)"/.exec(page.body)?.[1];
      expect(value, who).toBe(stored);
      const saved = await send("POST", `/appoint?id=${id}`, cookie, new URLSearchParams({ section: "PERSONAL", intent: "save", "apptIRSInfo.name": value! }).toString());
      expect(saved.status, `${who}: ${saved.body.slice(0, 300)}`).toBe(200);
      expect(saved.body, who).not.toContain("NUL character");
      expect((await one<{ name: string }>(`select name from appointment_irs_info where appointment_id = ${id}`)).name, who).toBe(stored);
    }
  });
});
