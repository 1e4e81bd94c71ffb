// Every screen of the portal, with data in it, at 1280 px and on a 390 px
// phone (issue 20: 'axe 0 at 1280 and 390 px on every screen, with a test that
// fails on horizontal overflow at 390 px'; decision 0052):
//  - the list of screens is every route file of app/routes with a default
//    export (a component); a route file without an entry in SCREENS (or an
//    entry without a route file) fails the first test, as
//    tests/security/role-table.test.ts does for the capability table;
//  - public screens are visited anonymously, the others as a role the
//    capability table (app/lib/permissions.ts) lets see them: a new prospect
//    with an application whose every section is complete and submitted, the
//    demo marketing director (links, cart, invitations, agents, a template, a
//    report) and the demo administrator (review queue, a service request);
//  - on each: axe-core finds no violation; at 1280 and 390 px the page does
//    not scroll sideways (document scrollWidth <= clientWidth), and at 390 px
//    on the list screens that become cards on a phone (links, cart,
//    invitations) every cell, the action buttons included, is inside the
//    screen; and at both widths nothing lies out of sight inside a box that
//    scrolls or clips sideways (issue 36 item 7: a table's Expiry or Delete
//    column past the edge of its card; decision 0100);
//  - with JavaScript on and off (the no-JavaScript journeys of each screen
//    are in their own files). axe-core cannot run in a page without
//    JavaScript (it never finishes there), so with it off the page the server
//    sent, as the browser shows it without JavaScript (scripts gone,
//    <noscript> shown), is copied into a page with JavaScript for axe; the
//    sideways-scrolling check runs on the page itself. One page per width and
//    setting, on this worker's portal.
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DATA_SECTIONS } from "~/features/appointment/model";
import { SECTION_DATA_KEY } from "~/features/appointment/form-data";
import { validApplication } from "~/features/appointment/fixtures";
import { ROUTE_ACCESS } from "~/lib/permissions";
import { repoRoot } from "../support/app-server";
import { browserFixture, DEMO, DEMO_PASSWORD, newAccount, signIn, signUp, type NewAccount } from "../support/browser";
import { sectionFormEntries } from "../support/section-form";
import { inviteProspect, sharedApp, throughWizard, withDb } from "./helpers";
import { axeViolations as violations } from "../support/axe";
import { hiddenInScrollingBoxes } from "../support/layout";

const { appUrl, databaseUrl } = sharedApp();
const browser = browserFixture();

type Who = "anonymous" | "prospect" | "director" | "administrator" | "compliance officer";

/** What the set-up made (ids for the addresses). */
type Made = {
  prospect: NewAccount;
  applicationId: number;
  linkCode: string;
  scheduleDocumentId: string;
  mailId: string;
  agentNumber: string;
  agentParentId: number;
  /** The demo agent's position (its deactivation form: visited, never sent). */
  agentId: number;
  /** The demo agent's NPN (its licences and credentials page). */
  agentNpn: string;
  templateId: number;
  serviceRequestId: number;
  reportRequestId: number;
  /** A filed appointment filing of the demo agent (ADMIN > State Filings with its actions open). */
  filingId: string;
  /** A for-cause termination of the demo agent (ADMIN > State Filings > Terminations with its case open). */
  terminationId: string;
};

type Screen = {
  who: Who;
  path: (m: Made) => string;
  /** The HTTP status the screen answers with (200 unless given). */
  status?: number;
  /** At 390 px: a list that must be cards, every cell inside the screen. */
  cards?: string;
};
type Skipped = { skip: string };

/** Every route file of app/routes with a default export, and how its screen is visited (or why it is not). */
const SCREENS: Record<string, Screen | Skipped> = {
  $: { who: "anonymous", path: () => "/no-such-page", status: 404 },
  $lnk: { who: "anonymous", path: (m) => `/${m.linkCode}` },
  _index: { who: "anonymous", path: () => "/" },
  // Without a sign-in under way: on to the provider's sign-in page (checked too).
  "auth.callback": { who: "anonymous", path: () => "/auth/callback" },
  "auth.impersonate": { skip: "no screen: GET redirects home, a refused POST shows the root error page" },
  "bench.bare": { skip: "404 unless BENCH_ROUTES (benchmarks only)" },
  "session-expired": { who: "anonymous", path: () => "/session-expired" },
  "setup.$token": { skip: "exists only until the first administrator (the demo data has one); tests/integration/first-admin.test.ts" },
  "view.$": { who: "anonymous", path: (m) => `/view/${m.scheduleDocumentId}` },
  "dev.mail._index": { who: "anonymous", path: () => "/dev/mail" },
  "dev.mail.$id": { who: "anonymous", path: (m) => `/dev/mail/${m.mailId}` },
  "dev.sms": { who: "anonymous", path: () => "/dev/sms" },

  home: { who: "prospect", path: () => "/home" },
  profile: { who: "prospect", path: () => "/profile" },
  commpref: { who: "prospect", path: () => "/commpref" },
  faq: { who: "prospect", path: () => "/faq" },
  help: { who: "prospect", path: () => "/help" },
  "svcreq.($typ)": { who: "prospect", path: () => "/svcreq" },
  wizard: { who: "prospect", path: () => "/wizard" },
  appoint: { who: "prospect", path: (m) => `/appoint?id=${m.applicationId}&section=DOCS` },
  "appoint_.check": { who: "prospect", path: (m) => `/appoint/check?id=${m.applicationId}` },
  "appoint_.submitted": { who: "prospect", path: (m) => `/appoint/submitted?id=${m.applicationId}` },

  agents: { who: "director", path: () => "/agents" },
  agent: { who: "director", path: (m) => `/agent?h=${m.agentParentId}&agentNumber=${m.agentNumber}` },
  inprog: { who: "director", path: () => "/inprog" },
  compliance: { who: "director", path: () => "/compliance" },
  linx: { who: "director", path: () => "/linx", cards: "main table" },
  cartlinks: { who: "director", path: () => "/cartlinks", cards: "main table" },
  invite: { who: "director", path: (m) => `/invite?link=${m.linkCode}` },
  invites: { who: "director", path: () => "/invites", cards: "main table" },
  "corr._index": { who: "director", path: () => "/corr" },
  "corr.$id": { who: "director", path: (m) => `/corr/${m.templateId}` },
  reports: { who: "director", path: () => "/reports?tab=results" },
  "appoint_.paper": { who: "director", path: () => "/appoint/paper" },

  "admin.api-tokens": { who: "administrator", path: () => "/admin/api-tokens" },
  "admin.import": { who: "administrator", path: () => "/admin/import" },
  "admin.licences.import": { who: "administrator", path: () => "/admin/licences/import" },
  "admin.legal-holds": { who: "administrator", path: () => "/admin/legal-holds" },
  "admin.retention": { who: "administrator", path: () => "/admin/retention" },
  "admin.requests._index": { who: "administrator", path: () => "/admin/requests" },
  "admin.requests.$id": { who: "administrator", path: (m) => `/admin/requests/${m.serviceRequestId}` },
  "admin.review._index": { who: "administrator", path: () => "/admin/review" },
  "admin.review.$appointmentId": { who: "administrator", path: (m) => `/admin/review/${m.applicationId}` },
  "admin.state-filings._index": { who: "administrator", path: (m) => `/admin/state-filings?filing=${m.filingId}`, cards: "main table" },
  "admin.state-filings.fees": { who: "administrator", path: () => "/admin/state-filings/fees" },
  "admin.state-filings.terminations": { who: "administrator", path: (m) => `/admin/state-filings/terminations?termination=${m.terminationId}`, cards: "main table" },
  "admin.carriers": { who: "administrator", path: () => "/admin/carriers", cards: "main table" },
  "admin.agents.$id.deactivate": { who: "administrator", path: (m) => `/admin/agents/${m.agentId}/deactivate` },
  "admin.agents.$id.states": { who: "administrator", path: (m) => `/admin/agents/${m.agentId}/states` },
  "admin.state-rules._index": { who: "administrator", path: () => "/admin/state-rules", cards: "main table" },
  "admin.state-rules.$code": { who: "administrator", path: () => "/admin/state-rules/FL" },
  "admin.webhooks._index": { who: "administrator", path: () => "/admin/webhooks" },
  // The sign-ins and views of the walks before it are the entries (decision 0119).
  "admin.audit-log._index": { who: "compliance officer", path: () => "/admin/audit-log", cards: "main table" },
  "admin.webhooks.$id": { skip: "needs an endpoint of its own: tests/e2e/agent-import.test.ts (Webhooks) visits it with axe at 1280 and 390 px" },
  "licences._index": { who: "prospect", path: () => "/licences" },
  "licences.$npn": { who: "administrator", path: (m) => `/licences/${m.agentNpn}?licence=new` },
};

const ROUTES_DIR = path.join(repoRoot, "app/routes");
/** Route files with a default export (a screen); resource routes (loaders and actions only) have none. */
const screenFiles = readdirSync(ROUTES_DIR)
  .filter((f) => /\.(tsx?|jsx?)$/.test(f) && !/\.test\./.test(f))
  .filter((f) => /^export default /m.test(readFileSync(path.join(ROUTES_DIR, f), "utf8")))
  .map((f) => f.replace(/\.(tsx?|jsx?)$/, ""))
  .sort();

const ORDER: Who[] = ["anonymous", "prospect", "director", "administrator", "compliance officer"];
const EMAIL: Record<Exclude<Who, "anonymous" | "prospect">, string> = { director: DEMO.marketingDirector, administrator: DEMO.admin, "compliance officer": DEMO.compliance };

// ───────────────────────────── the data ─────────────────────────────

/** Posts a form (urlencoded) from the page (JavaScript on), as the browser would; returns the status. */
async function postFromPage(page: Page, url: string, entries: Array<[string, string]>): Promise<number> {
  return page.evaluate(
    async ({ url, entries }) => {
      const res = await fetch(url, { method: "POST", body: new URLSearchParams(entries), redirect: "manual" });
      return res.status;
    },
    { url, entries },
  );
}

/** A new prospect whose individual application has every section complete, submitted for approval. */
async function completeApplication(page: Page): Promise<{ prospect: NewAccount; applicationId: number }> {
  const prospect = newAccount({ firstName: "Cora", middleName: "P", lastName: `Complete${Date.now().toString(36)}` });
  await signUp(page, appUrl, prospect);
  await inviteProspect(databaseUrl, prospect, { newest: true });
  const applicationId = await throughWizard(page, /^Individual —/);
  const url = (section: string) => `/appoint?id=${applicationId}&section=${section}`;
  expect(await postFromPage(page, url("PERSONAL"), [["section", "PERSONAL"], ["intent", "esignConsent"]]), "consent").toBe(200);
  const questions = await withDb(async (c) =>
    (await c.query<{ question_id: number }>(`SELECT question_id FROM questions WHERE question_type = 'QUES_TYP_PERSONAL' AND is_active ORDER BY sort_order`)).rows,
  );
  const data = validApplication("APPTTYP_IND");
  data.personal = {
    ...data.personal,
    firstName: prospect.firstName,
    middleName: prospect.middleName,
    lastName: prospect.lastName,
    emailAddress: prospect.email,
    answers: questions.map((q) => ({ questionId: String(q.question_id), answer: "N" })),
  };
  // Faxed documents: nothing to upload.
  data.documents = { willFax: true, extraWritingNumRequested: false };
  for (const s of DATA_SECTIONS) {
    const status = await postFromPage(page, url(s), [...sectionFormEntries(data[SECTION_DATA_KEY[s]]), ["section", s], ["intent", "save"]]);
    expect(status, `saving ${s}`).toBe(200);
  }
  await page.goto(`${appUrl}${url("INSTRUCT")}`);
  await expect(page.getByTestId("completion-percent").innerText()).resolves.toBe("100% complete");
  // SUBMIT opens the check page, whose 'Submit application' submits (decision 0099).
  const submitted = await page.evaluate(async (url) => {
    const res = await fetch(url, { method: "POST", body: new URLSearchParams() });
    return [res.status, new URL(res.url).pathname];
  }, `/appoint/check?id=${applicationId}`);
  expect(submitted, "submit").toEqual([200, "/appoint/submitted"]);
  const status = await withDb(async (c) => (await c.query(`SELECT appointment_status_code FROM appointments WHERE appointment_id = $1`, [applicationId])).rows[0]);
  expect(status?.appointment_status_code).toBe("APWF_STATUS_NEWCONTRACT");
  return { prospect, applicationId };
}

let made: Made;
let cartItem: { userId: string; linkId: number } | null = null;

beforeAll(async () => {
  const page = await browser.newPage({ javaScriptEnabled: true });
  const { prospect, applicationId } = await completeApplication(page);
  made = await withDb(async (c) => {
    const one = async <T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T> => {
      const r = await c.query<T>(sql, params);
      if (!r.rows[0]) throw new Error(`no row: ${sql}`);
      return r.rows[0];
    };
    const md = await one<{ id: string }>(`SELECT id FROM users WHERE user_name = $1`, [DEMO.marketingDirector]);
    const link = await one<{ code: string; appointment_link_id: number }>(
      `SELECT l.link_prefix || l.code AS code, l.appointment_link_id FROM appointment_links l JOIN agents a ON a.id = l.recruiter_agent_id
        WHERE a.user_id = $1 AND l.is_enabled AND NOT l.is_deleted ORDER BY l.appointment_link_id LIMIT 1`,
      [md.id],
    );
    // One link in the director's cart (taken out again afterwards).
    const added = await c.query(`INSERT INTO cart_items (user_id, appointment_link_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [md.id, link.appointment_link_id]);
    if (added.rowCount) cartItem = { userId: md.id, linkId: link.appointment_link_id };
    const doc = await one<{ id: string }>(
      `SELECT id FROM documents WHERE document_type_code = 'DOCTYP_COMSCHED_AGREE' AND kind_code = 'SYSTEM' AND appointment_id IS NULL AND is_current ORDER BY uploaded_at LIMIT 1`,
    );
    // The review screen's screening block (decision 0122): a CONSIDER result whose 5-business-day wait is running.
    await c.query(
      `WITH s AS (INSERT INTO screenings (id, appointment_id, adapter, status, result, vendor_reference, ordered_at, result_at, updated_at)
         VALUES (gen_random_uuid(), $1, 'file', 'ADVERSE_PENDING', 'CONSIDER', 'EVERY-SCREEN-1', now() - interval '2 days', now() - interval '1 day', now()) RETURNING id)
       INSERT INTO adverse_action_steps (id, screening_id, kind, due_day, sent_at) SELECT gen_random_uuid(), s.id, 'PRE_ADVERSE', (now() + interval '7 days')::date, now() - interval '1 day' FROM s`,
      [applicationId],
    );
    const mail = await one<{ id: string }>(`SELECT id FROM mail_messages ORDER BY created_at DESC LIMIT 1`);
    const agent = await one<{ id: number; agent_number: string; parent_id: number; npn: string }>(
      `SELECT a.id, a.agent_number, a.parent_id, a.npn FROM agents a JOIN users u ON u.id = a.user_id WHERE u.user_name = $1 ORDER BY a.id LIMIT 1`,
      [DEMO.agent],
    );
    const template = await one<{ corr_template_id: number }>(`SELECT corr_template_id FROM email_templates WHERE user_id = $1 ORDER BY corr_template_id LIMIT 1`, [md.id]);
    const prospectUser = await one<{ id: string }>(`SELECT id FROM users WHERE user_name = $1`, [prospect.email.toLowerCase()]);
    const request = await one<{ service_request_id: number }>(
      `INSERT INTO service_requests (requester_user_id, requester_type_code, request_type_code, request_text, updated_at)
       VALUES ($1, 'RQTYP_AGT', 'SVCREQ_GENERAL', 'Every screen: how long does an appointment take?', now()) RETURNING service_request_id`,
      [prospectUser.id],
    );
    // A finished (failed) report: the job runner leaves it alone.
    const report = await one<{ report_request_id: number }>(
      `INSERT INTO report_requests (requested_by_id, report_id, input_json, filter_text, status_code, error_message)
       VALUES ($1, 1, '{"reportId":"1"}', 'Every screen', 'RPTSTATUS_ERROR', 'NO DATA') RETURNING report_request_id`,
      [md.id],
    );
    // The demo agent's appointment filings: one overdue, one filed (its actions opened), one rejected.
    const filingAgent = await one<{ id: number; carrier_id: number }>(
      `SELECT a.id, b.carrier_id FROM agents a JOIN blocks b ON b.block_number = a.block_number JOIN users u ON u.id = a.user_id WHERE u.user_name = $1 ORDER BY a.id LIMIT 1`,
      [DEMO.agent],
    );
    for (const [state, status, days, reason] of [["NY", "TO_FILE", -3, null], ["GA", "FILED", -10, null], ["FL", "REJECTED", -20, "Licence number does not match"]] as const) {
      await c.query(
        `INSERT INTO appointment_filings (id, agent_id, npn, state_code, line_of_authority, licence_number, carrier_id, effective_date, due_date, fee_amount, status, rejection_reason, filed_date, updated_at)
         VALUES (gen_random_uuid(), $1, $2, $3, 'ACCIDENT_HEALTH', $3 || '-1001', $4, current_date, current_date + $5::int, 15, $6, $7, CASE WHEN $6 = 'TO_FILE' THEN NULL ELSE current_date - 1 END, now())
         ON CONFLICT (agent_id, state_code, line_of_authority) DO NOTHING`,
        [filingAgent.id, agent.npn, state, filingAgent.carrier_id, days, status, reason],
      );
    }
    const filing = await one<{ id: string }>(`SELECT id FROM appointment_filings WHERE agent_id = $1 AND state_code = 'GA'`, [filingAgent.id]);
    // Its terminations: one overdue, one for cause by letter (its case opened), not yet sent.
    for (const [state, forCause, days] of [["NY", false, -3], ["GA", true, 5]] as const) {
      await c.query(
        `INSERT INTO terminations (id, agent_id, npn, state_code, licence_number, carrier_id, reason_code, reason_label, for_cause, effective_date, due_date, status, source, notice_method, producer_copy_due_date, updated_at)
         VALUES (gen_random_uuid(), $1, $2, $3, $3 || '-1001', $4, $5, $6, $7, current_date - 5, current_date + $8::int, 'TO_FILE', 'SCREEN', $9, $10::date, now())
         ON CONFLICT (agent_id, state_code, effective_date) DO NOTHING`,
        [filingAgent.id, agent.npn, state, filingAgent.carrier_id, forCause ? "FRAUD" : "VOL", forCause ? "Fraud or misrepresentation" : "Voluntary", forCause, days, forCause ? "LETTER" : null, forCause ? "tomorrow" : null],
      );
    }
    const termination = await one<{ id: string }>(`SELECT id FROM terminations WHERE agent_id = $1 AND state_code = 'GA'`, [filingAgent.id]);
    // Two legal holds on the demo agent, one in force and one lifted (ADMIN > Legal Holds; nothing is due for erasure here).
    await c.query(
      `INSERT INTO legal_holds (id, agent_id, subject, reason, placed_by_id, placed_at, lifted_at)
       SELECT gen_random_uuid(), $1, $2, r, $3, now() - interval '3 days', l FROM (VALUES ('Every screen: matter 2026-17', NULL::timestamptz), ('Every screen: a closed request', now())) v(r, l)
        WHERE NOT EXISTS (SELECT 1 FROM legal_holds WHERE agent_id = $1)`,
      [filingAgent.id, agent.agent_number, md.id],
    );
    return {
      filingId: filing.id,
      terminationId: termination.id,
      prospect,
      applicationId,
      linkCode: link.code,
      scheduleDocumentId: doc.id,
      mailId: mail.id,
      agentNumber: agent.agent_number,
      agentParentId: agent.parent_id,
      agentId: agent.id,
      agentNpn: agent.npn,
      templateId: template.corr_template_id,
      serviceRequestId: request.service_request_id,
      reportRequestId: report.report_request_id,
    };
  });
}, 240_000);

afterAll(async () => {
  if (cartItem) {
    const { userId, linkId } = cartItem;
    await withDb((c) => c.query(`DELETE FROM cart_items WHERE user_id = $1 AND appointment_link_id = $2`, [userId, linkId]));
  }
});

// ───────────────────────────── the checks ─────────────────────────────

/** The page does not scroll sideways; at a phone width a card list shows every cell inside the screen. */
async function layoutProblems(page: Page, where: string, cards?: string): Promise<string[]> {
  const found: string[] = [];
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  if (scrollWidth > clientWidth) found.push(`${where}: the page is ${scrollWidth}px wide on a ${clientWidth}px screen (it scrolls sideways)`);
  found.push(...(await hiddenInScrollingBoxes(page)).map((h) => `${where}: ${h}`));
  if (cards) {
    const cells = await page.locator(cards).first().evaluate((table) => {
      const width = document.documentElement.clientWidth;
      const rows = [...table.querySelectorAll("tbody tr")];
      return {
        rows: rows.length,
        outside: rows.flatMap((tr, r) =>
          [...tr.querySelectorAll("td")]
            .map((td, c) => ({ r, c, box: td.getBoundingClientRect(), text: (td.textContent ?? "").trim().slice(0, 30) }))
            .filter(({ box }) => box.width > 0 && (box.left < -0.5 || box.right > width + 0.5))
            .map(({ r, c, box, text }) => `row ${r + 1} cell ${c + 1} '${text}' at ${Math.round(box.left)}..${Math.round(box.right)}px`),
        ),
      };
    });
    if (cells.rows === 0) found.push(`${where}: the list '${cards}' has no rows (the test needs one)`);
    found.push(...cells.outside.slice(0, 5).map((o) => `${where}: off-screen in '${cards}': ${o}`));
  }
  return found;
}

async function signInAs(page: Page, who: Who) {
  if (who === "anonymous") return;
  if (who === "prospect") await signIn(page, appUrl, made.prospect.email, made.prospect.password);
  else await signIn(page, appUrl, EMAIL[who], DEMO_PASSWORD);
}

/**
 * A document as the browser shows it without JavaScript: no script, the <noscript> content shown.
 * For a page with JavaScript on, the same text tells whether its DOM is the one the server sent.
 */
function asWithoutJavaScript(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<\/?noscript>/gi, "");
}

/**
 * A document as axe sees it, for telling two apart: without what axe does not read or what differs
 * between two loads of the same page: the module preloads (React drops them on hydration), React's
 * empty text markers, random ids (a form's token), the form's novalidate (set by the script), and the
 * order of attributes.
 */
function forAxeComparison(html: string): string {
  return html
    .replace(/<link rel="modulepreload"[^>]*>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "{uuid}")
    .replace(/ novalidate=""/g, "")
    .replace(/<([a-z][\w-]*)((?:\s+[^\s=>]+(?:="[^"]*")?)+)\s*>/g, (_, tag: string, attrs: string) => {
      const sorted = [...attrs.matchAll(/[^\s=>]+(?:="[^"]*")?/g)].map((a) => a[0]).sort();
      return `<${tag} ${sorted.join(" ")}>`;
    });
}

/**
 * A page without JavaScript as axe can check it: its document without JavaScript loaded into `into`
 * (a page with JavaScript, at the same width) with the page's address as its base, so its styles
 * load as on the page.
 */
async function copyForAxe(html: string, url: string, into: Page): Promise<Page> {
  const based = html.replace(/<head([^>]*)>/i, (_, attrs: string) => `<head${attrs}><base href="${url.replace(/"/g, "&quot;")}">`);
  await into.setContent(based, { waitUntil: "load" });
  // The styles arrive after the first paint, so the buttons' colour transition (0.15 s) is still
  // running at 'load': axe would read a colour half way (#ececec on the primary button). Wait it out.
  await into.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  return into;
}

/**
 * What axe found on each screen with JavaScript on, by width and address, with the document it
 * checked (without scripts). With JavaScript off, a screen whose document is the same, character for
 * character, is the same page for axe (same DOM, styles and width): its result is reused instead of
 * checked again (an axe run is about a second of a busy browser). Any difference (the <noscript>
 * content, what hydration changed, a different token) and axe runs on the copy.
 */
/**
 * While working on a screen: EVERY_SCREEN_ONLY=<route file>,<route file> walks only those;
 * EVERY_SCREEN_SHOTS=<folder> saves a full-page PNG of each screen at each width (docs/screens).
 */
const ONLY = process.env.EVERY_SCREEN_ONLY?.split(",").map((f) => f.trim()).filter(Boolean);
const SHOTS = process.env.EVERY_SCREEN_SHOTS ? path.resolve(process.env.EVERY_SCREEN_SHOTS) : undefined;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const checkedWithJavaScript = new Map<string, { html: string; found: string[] }>();

async function walk(width: number, height: number, javaScriptEnabled = true): Promise<string[]> {
  const page = await browser.newPage({ javaScriptEnabled });
  await page.setViewportSize({ width, height });
  const axePage = javaScriptEnabled ? undefined : await browser.newPage({ javaScriptEnabled: true });
  await axePage?.setViewportSize({ width, height });
  const found: string[] = [];
  let reused = 0;
  const visits = Object.entries(SCREENS)
    .filter((e): e is [string, Screen] => "who" in e[1])
    .filter(([file]) => !ONLY || ONLY.includes(file));
  for (const who of ORDER) {
    await signInAs(page, who);
    for (const [file, screen] of visits.filter(([, s]) => s.who === who)) {
      const urlPath = screen.path(made);
      const where = `${width}px${javaScriptEnabled ? "" : " no-JS"} ${urlPath} (${file}, ${who})`;
      console.log(`[every-screen] ${where}`);
      const response = await page.goto(`${appUrl}${urlPath}`);
      const status = response?.status();
      if (status !== (screen.status ?? 200)) found.push(`${where}: HTTP ${status}, expected ${screen.status ?? 200} (now at ${page.url()})`);
      await page.getByRole("heading").first().waitFor();
      const key = `${width} ${urlPath}`;
      const html = asWithoutJavaScript(await page.content());
      const compared = forAxeComparison(html);
      if (!axePage) {
        const seen = await violations(page, where);
        checkedWithJavaScript.set(key, { html: compared, found: seen });
        found.push(...seen);
      } else {
        const same = checkedWithJavaScript.get(key);
        if (same?.html === compared) {
          reused += 1;
          found.push(...same.found.map((f) => `${where} (as with JavaScript on): ${f}`));
        } else {
          found.push(...(await violations(await copyForAxe(html, page.url(), axePage), where)));
        }
      }
      found.push(...(await layoutProblems(page, where, width < 500 ? screen.cards : undefined)));
      if (SHOTS) {
        const shot = `${file.replace(/[^\w.-]+/g, "_")}-${width}${javaScriptEnabled ? "" : "-nojs"}.png`;
        await page.screenshot({ path: path.join(SHOTS, shot), fullPage: true });
      }
    }
    // The next one signs in afresh: no cookie of the portal or the provider left.
    await page.context().clearCookies();
  }
  if (!javaScriptEnabled) console.log(`[every-screen] ${width}px no-JS: ${reused} screens were the same document as with JavaScript on`);
  return found;
}

describe("every screen", () => {
  test("SCREENS has an entry for every route file with a screen, and none for a route that is gone", () => {
    expect(screenFiles.filter((f) => !SCREENS[f]), "route files with a default export but no entry in SCREENS").toEqual([]);
    expect(Object.keys(SCREENS).filter((k) => !screenFiles.includes(k)), "entries without a route file with a screen").toEqual([]);
    // Each is visited as a role the capability table lets see it.
    const wrong = Object.entries(SCREENS).filter(([file, s]) => "who" in s && (s.who === "anonymous") !== (ROUTE_ACCESS[file]?.GET === "public"));
    expect(wrong.map(([f]) => f), "visited anonymously exactly when the table says 'public'").toEqual([]);
  });

  test("1280 px, JavaScript on: no axe violation, nothing scrolls sideways", async () => {
    expect(await walk(1280, 900)).toEqual([]);
  }, 300_000);

  test("390 px, JavaScript on: no axe violation, nothing scrolls sideways, lists are cards", async () => {
    expect(await walk(390, 844)).toEqual([]);
  }, 300_000);

  test("1280 px, JavaScript off: no axe violation, nothing scrolls sideways", async () => {
    expect(await walk(1280, 900, false)).toEqual([]);
  }, 300_000);

  test("390 px, JavaScript off: no axe violation, nothing scrolls sideways, lists are cards", async () => {
    expect(await walk(390, 844, false)).toEqual([]);
  }, 300_000);
});
