// The signed-in path of a page (docs/performance.md 'Signed-in pages',
// decision 0026) against a real PostgreSQL:
//  - GET /home (root loader + dashboard loader, sharing one request as the
//    server makes them) runs a fixed number of statements: session with its
//    users and the shell (1), dashboard rows with the pipeline card (1). Adding
//    appointments, invitations and multi-link items adds none: a test that
//    fails if someone brings back a statement per row or per relation (N+1);
//    the same 2 for an agent with a position (the card), for a prospect
//    (no card) (issue 22 item 2) and for an internal administrator (the work
//    waiting read in the dashboard's statement: issue 36 item 9, decision 0097);
//  - what those statements answer: the shell's navigation and agent numbers,
//    the dashboard's entries with their lines (a multi-link's items in order),
//    invitations to the verified email only;
//  - a session ended by LOGOUT is refused on the very next request (no cache),
//    also when another process (another connection) deleted it.
import { levelLine } from "~/features/dashboard/dashboard.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "~/generated/prisma/client";
import { getPipeline } from "~/features/pipeline/pipeline.server";
import { getCurrentUser } from "~/lib/auth.server";
import { prisma } from "~/lib/db.server";
import { countStatements } from "../support/count-statements";
import { resetEnvCache } from "~/lib/env.server";
import { stopWorker } from "~/lib/jobs.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { createSession, destroySession } from "~/lib/session.server";
import { loader as rootLoader } from "~/root";
import { loader as homeLoader } from "~/routes/home";
import { useTestDatabase } from "../support/db";
import { createAppointment, createAppointmentLink, createInvitation, createUser, randomCode, seedReferenceData } from "../support/factories";
import { makeDownline } from "./downline-fixtures";

const db = useTestDatabase();

const APP_URL = "http://localhost:3000";
/** Statements of GET /home for a director with a downline (see the header). */
const HOME_STATEMENTS = 2;

let mdUser: User;
let level: (n: number) => number;
let recruiter: number;
let cookie: string;
let agentCookie: string;

beforeAll(async () => {
  process.env.APP_URL = APP_URL;
  process.env.ENCRYPTION_KEY = "signed-in-path-key-0123456789abcdef0123456789";
  // Counts statements (queryLog), as npm run bench:http does.
  process.env.BENCH_ROUTES = "1";
  resetEnvCache();
  resetSecretsCache();
  await seedReferenceData();
  const d = await makeDownline({ carrierCode: "SIP", carrierName: "Signed In Carrier", companyNumber: "SI01", blockNumber: 9801 });
  mdUser = await prisma.user.update({ where: { id: d.mdUser.id }, data: { userName: "mara.director@example.com", emailVerified: true } });
  level = d.level;
  recruiter = d.b.id;
  cookie = (await createSession(new Request(`${APP_URL}/`), { userId: mdUser.id })).split(";")[0]!;
  agentCookie = (await createSession(new Request(`${APP_URL}/`), { userId: d.bUser.id })).split(";")[0]!;
  await addRows("first");
});

afterAll(async () => {
  delete process.env.BENCH_ROUTES;
  resetEnvCache();
  await stopWorker();
});

/** Two applications of mdUser (one single link, one multi-link of three) and two invitations (by user, by email). */
async function addRows(tag: string) {
  const link = async (n: number) => createAppointmentLink(prisma, { recruiterAgentId: recruiter, scheduleLevelId: level(n) });
  const [l3, l5, l7, l9] = [await link(3), await link(5), await link(7), await link(9)];
  const multi = await prisma.multiLink.create({
    data: {
      code: randomCode(10),
      items: {
        create: [
          { appointmentLinkId: l9.appointmentLinkId, sortOrder: 2 },
          { appointmentLinkId: l5.appointmentLinkId, sortOrder: 0 },
          { appointmentLinkId: l7.appointmentLinkId, sortOrder: 1 },
        ],
      },
    },
  });
  await createAppointment(prisma, { userId: mdUser.id, appointmentLinkId: l3.appointmentLinkId, appointmentTypeCode: "APPTTYP_IND", prospectEmailAddress: `${tag}-1@example.com` });
  await createAppointment(prisma, { userId: mdUser.id, multiLinkId: multi.multiLinkId, appointmentTypeCode: "APPTTYP_IND", prospectEmailAddress: `${tag}-2@example.com` });
  await createInvitation(prisma, { prospectUserId: mdUser.id, multiLinkId: multi.multiLinkId, inviterAgentId: recruiter });
  await createInvitation(prisma, { prospectEmailAddress: mdUser.userName, appointmentLinkId: l9.appointmentLinkId, inviterAgentId: recruiter });
  return { l3, l9, multi };
}

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;

/** GET /home as the server runs it: the root's and the page's loaders side by side on one request. */
async function getHome(c = cookie) {
  const request = new Request(`${APP_URL}/home`, { headers: { Cookie: c } });
  const args = { request, params: {}, context: {} };
  const [root, home] = await Promise.all([(rootLoader as Loader)(args), (homeLoader as Loader)(args)]);
  // The loader answers data(…) when it sets the remembered-link cookie (decision 0047): its payload is the page's data.
  type Home = Exclude<Awaited<ReturnType<typeof homeLoader>>, { init: unknown }>;
  const page = (home && typeof home === "object" && "init" in home && "data" in home ? home.data : home) as Home;
  return { root: root as Awaited<ReturnType<typeof rootLoader>>, home: page };
}

describe("GET /home", () => {
  it(`runs ${HOME_STATEMENTS} statements, however many applications, invitations and multi-link items`, async () => {
    await getHome(); // the session's last-seen touch (at most once a minute) is not part of the count
    const first = await countStatements(() => getHome());
    expect(first.count, first.recent.join("\n")).toBe(HOME_STATEMENTS);
    expect(first.value.home.entries.length).toBe(3);

    await addRows("second");
    await addRows("third");
    const more = await countStatements(() => getHome());
    // Two applications and the email invitation each time (the multi-link invitation is an application's).
    expect(more.value.home.entries.length).toBe(first.value.home.entries.length + 6);
    expect(more.count, more.recent.join("\n")).toBe(HOME_STATEMENTS);
  });

  it(`runs ${HOME_STATEMENTS} statements for an agent with a position (the card), a prospect (no card) and an administrator (the work)`, async () => {
    const prospect = await createUser(prisma, { userRoleCode: "USRROLE_PROSPECT", firstName: "Pia", lastName: "Prospect" });
    const link = await createAppointmentLink(prisma, { recruiterAgentId: recruiter, scheduleLevelId: level(3) });
    await createAppointment(prisma, { userId: prospect.id, appointmentLinkId: link.appointmentLinkId, appointmentTypeCode: "APPTTYP_IND" });
    const prospectCookie = (await createSession(new Request(`${APP_URL}/`), { userId: prospect.id })).split(";")[0]!;
    const admin = await createUser(prisma, { userRoleCode: "USRROLE_PROSPECT", isInternal: true, firstName: "Ada", lastName: "Admin" });
    const adminCookie = (await createSession(new Request(`${APP_URL}/`), { userId: admin.id })).split(";")[0]!;
    for (const [who, c, card, entries] of [
      ["agent", agentCookie, true, 0],
      ["prospect", prospectCookie, false, 1],
      ["administrator", adminCookie, false, 0],
    ] as const) {
      await getHome(c); // the session's last-seen touch (at most once a minute) is not part of the count
      const counted = await countStatements(() => getHome(c));
      expect(counted.count, `${who}:\n${counted.recent.join("\n")}`).toBe(HOME_STATEMENTS);
      expect(counted.value.home.pipeline != null, who).toBe(card);
      expect(counted.value.home.entries.length, who).toBe(entries);
      expect(counted.value.home.work != null, who).toBe(who === "administrator");
    }
  });

  it("answers the shell and the dashboard from those statements", async () => {
    const { l3, l9, multi } = await addRows("fourth");
    const { root, home } = await getHome();
    expect(root.user?.id).toBe(mdUser.id);
    expect(root.shell).toMatchObject({ isMarketingDirector: true, hasAppointments: true, showConfigure: true, pendingReportsCount: 0 });
    const own = await prisma.agent.findMany({
      where: { userId: mdUser.id, isActive: true },
      select: { agentNumber: true, companyNumber: true, blockNumber: true },
      orderBy: [{ agentNumber: "asc" }, { companyNumber: "asc" }, { blockNumber: "asc" }],
    });
    expect(own.length).toBeGreaterThan(0);
    expect(root.shell?.agentNumbers).toEqual(own);
    expect(home.agentNumbers).toEqual(own);
    // The card's numbers, read in the dashboard's statement, are getPipeline's.
    const alone = await getPipeline(mdUser.id, new Date());
    expect(home.pipeline?.counts).toEqual(alone.counts);
    expect(home.pipeline?.weeks.map((w) => w.count)).toEqual(alone.weeks.map((w) => w.count));

    const lineOf = async (id: number) => {
      const l = await prisma.appointmentLink.findUniqueOrThrow({
        where: { appointmentLinkId: id },
        select: { scheduleLevel: { select: { levelNo: true, levelName: true, schedule: { select: { scheduleName: true, carrier: true, productType: true } } } } },
      });
      // The one line label (decision 0047: it names the schedule).
      return levelLine(l);
    };
    const items = await prisma.multiLinkItem.findMany({ where: { multiLinkId: multi.multiLinkId }, orderBy: { sortOrder: "asc" } });
    const multiLines = await Promise.all(items.map((i) => lineOf(i.appointmentLinkId)));
    expect(multiLines).toHaveLength(3);

    // The applications of this call: the single link's line; the multi-link's three lines in their order.
    const apps = await prisma.appointment.findMany({ where: { userId: mdUser.id, prospectEmailAddress: { startsWith: "fourth-" } }, orderBy: { appointmentId: "asc" } });
    const entryOf = (id: number) => home.entries.find((e) => e.key === `appointment-${id}`);
    expect(entryOf(apps[0]!.appointmentId)?.lines).toEqual([await lineOf(l3.appointmentLinkId)]);
    expect(entryOf(apps[1]!.appointmentId)?.lines).toEqual(multiLines);
    expect(entryOf(apps[1]!.appointmentId)).toMatchObject({ kind: "resume", href: `/appoint?id=${apps[1]!.appointmentId}` });

    // The invitation to the verified email (its link is not one of the applications'); the multi-link
    // invitation is the multi-link application's, so it has no entry of its own.
    const l9Row = await prisma.appointmentLink.findUniqueOrThrow({ where: { appointmentLinkId: l9.appointmentLinkId } });
    const byEmail = home.entries.find((e) => e.href === `/wizard?${new URLSearchParams({ link: `${l9Row.linkPrefix}${l9Row.code}` })}`);
    expect(byEmail).toMatchObject({ kind: "complete", statusCode: "NEW", lines: [await lineOf(l9.appointmentLinkId)] });
    expect(home.entries.some((e) => e.href.includes(`MLT${multi.code}`))).toBe(false);

    // An unverified email: invitations addressed to it are not shown (decision 0013). Only an
    // administrator acting as the user sees that (no session of its own: decision 0035).
    await prisma.user.update({ where: { id: mdUser.id }, data: { emailVerified: false } });
    try {
      const admin = await prisma.user.create({ data: { userName: `admin-${randomCode(6).toLowerCase()}@example.com`, isInternal: true, emailVerified: true } });
      const acting = (await createSession(new Request(`${APP_URL}/`), { userId: mdUser.id, impersonatorUserId: admin.id })).split(";")[0]!;
      const { home: unverified } = await getHome(acting);
      expect(unverified.entries.some((e) => e.href.startsWith("/wizard"))).toBe(false);
      expect(unverified.emailUnverified).toBe(true);
    } finally {
      await prisma.user.update({ where: { id: mdUser.id }, data: { emailVerified: true } });
    }
  });
});

describe("LOGOUT", () => {
  it("ends the session for the next request at once (nothing is cached across requests)", async () => {
    const c = (await createSession(new Request(`${APP_URL}/`), { userId: mdUser.id })).split(";")[0]!;
    const request = () => new Request(`${APP_URL}/home`, { headers: { Cookie: c } });
    expect((await getCurrentUser(request()))?.id).toBe(mdUser.id);
    await destroySession(request());
    expect(await getCurrentUser(request())).toBeNull();
  });

  it("ends it also when another process (another connection) deletes the session", async () => {
    const c = (await createSession(new Request(`${APP_URL}/`), { userId: mdUser.id })).split(";")[0]!;
    const request = () => new Request(`${APP_URL}/home`, { headers: { Cookie: c } });
    expect((await getCurrentUser(request()))?.id).toBe(mdUser.id);
    // As the LOGOUT of another web process would: its own connection, the session row deleted.
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    try {
      const { rowCount } = await other.query("DELETE FROM sessions WHERE user_id = $1 AND created_at = (SELECT max(created_at) FROM sessions WHERE user_id = $1)", [mdUser.id]);
      expect(rowCount).toBe(1);
    } finally {
      await other.end();
    }
    expect(await getCurrentUser(request())).toBeNull();
  });
});
