// The agents screens against a real hierarchy (seed:large's code at 3,000
// agents): tree pages, search (substring, case-insensitive, paged, inside the
// downline only), the deactivated window, agent detail refused outside the
// downline by changing the agent number or the position (IDOR), agent
// documents only for uplines, Invite User (invitation + send-email job in one
// transaction) and its acceptance linking the user to the agent. GET /agents
// (root loader + page loader on one request, as the server runs them), for the
// director and an agent (issue 22 item 2): 2 statements on the tree, with
// expanded nodes, '(more)' pages and a filter (session with the shell; the
// positions with the tree), 3 on search and deactivated (session with the
// shell, the positions, the tab's page).
import type { LoaderFunctionArgs } from "@remix-run/node";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentDocument, loadAgentDetail } from "~/features/agents/detail.server";
import { acceptUserInvitation, createUserInvitation, findUserInvitation, hashInvitationCode } from "~/features/agents/user-invitations.server";
import { jobKeys } from "~/features/jobs/queue.server";
import {
  childrenPage,
  deactivatedAgents,
  deactivatedSince,
  ownPositions,
  searchDownline,
  TREE_PAGE_SIZE,
  type Position,
} from "~/features/agents/agents.server";
import { loadTree, readTreeParams } from "~/features/agents/tree.server";
import { searchSchema } from "~/features/agents/schema";
import { isAgentUnderUser } from "~/features/hierarchy/hierarchy.server";
import { getShellContext } from "~/lib/shell.server";
import { getDashboard } from "~/features/dashboard/dashboard.server";
import type { User } from "~/generated/prisma/client";
import { disconnectPrisma, prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { createSession } from "~/lib/session.server";
import { loader as rootLoader } from "~/root";
import { loader as agentsLoader } from "~/routes/agents";
import { countStatements } from "../support/count-statements";
import { stopWorker } from "~/lib/jobs.server";
import { LARGE_AGENT_EMAIL, LARGE_DIRECTOR_EMAIL, seedLargeData } from "../../prisma/seed/large";
import { useTestDatabase } from "../support/db";
import { createUser, seedReferenceData } from "../support/factories";
import { asUser } from "./appointment-fixtures";

const db = useTestDatabase();
process.env.ENCRYPTION_KEY ??= "agents test key 0123456789abcdef0123456789";

let md: User;
let agentUser: User;
let mdLife: Position;
let agentPos: Position;
const now = new Date();

beforeAll(async () => {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  try {
    const r = await seedLargeData(c, { agents: 3000, now, appointments: 200 });
    expect(r.created).toBe(true);
  } finally {
    await c.end();
  }
  await seedReferenceData(); // document requirements, system agreements
  md = await prisma.user.findUniqueOrThrow({ where: { userName: LARGE_DIRECTOR_EMAIL } });
  agentUser = await prisma.user.findUniqueOrThrow({ where: { userName: LARGE_AGENT_EMAIL } });
  mdLife = (await ownPositions(md.id)).find((p) => p.blockNumber === 501)!;
  agentPos = (await ownPositions(agentUser.id))[0]!;
}, 120_000);

afterAll(async () => {
  await stopWorker();
});

/** An active agent of the same hierarchy, at the agent's level or below, outside the level-4 agent's downline. */
async function outsider(): Promise<{ id: number; agentNumber: string }> {
  const rows = await prisma.$queryRaw<Array<{ id: number; agentNumber: string }>>`
    SELECT a.id, a.agent_number AS "agentNumber" FROM agents a
     WHERE a.block_number = 501 AND a.is_active AND a.hierarchy_level >= 4 AND a.user_id IS NULL
       AND NOT EXISTS (SELECT 1 FROM agent_closure c WHERE c.ancestor_id = ${agentPos.id} AND c.descendant_id = a.id)
     ORDER BY a.id LIMIT 1`;
  return rows[0];
}

async function sqlCount(sql: string, ...params: unknown[]): Promise<number> {
  const rows = await prisma.$queryRawUnsafe<Array<{ n: number }>>(sql, ...params);
  return Number(rows[0].n);
}

describe("seed:large's code", () => {
  it("runs once (a second run changes nothing) and its closure agrees with parent_id", async () => {
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      const before = Number((await c.query("SELECT count(*) n FROM agents")).rows[0].n);
      expect((await seedLargeData(c, { agents: 3000, now })).created).toBe(false);
      expect(Number((await c.query("SELECT count(*) n FROM agents")).rows[0].n)).toBe(before);
      const diff = await c.query(`WITH RECURSIVE walk(ancestor_id, descendant_id, depth) AS (
          SELECT id, id, 0 FROM agents UNION ALL
          SELECT a.parent_id, w.descendant_id, w.depth + 1 FROM walk w JOIN agents a ON a.id = w.ancestor_id WHERE a.parent_id IS NOT NULL)
        SELECT (SELECT count(*) FROM (SELECT * FROM walk EXCEPT SELECT * FROM agent_closure) x)
             + (SELECT count(*) FROM (SELECT * FROM agent_closure EXCEPT SELECT * FROM walk) y) AS n`);
      expect(Number(diff.rows[0].n)).toBe(0);
      // Life 12 levels, health 9 (the product's maximum).
      const levels = await c.query(`SELECT b.is_health, max(a.hierarchy_level)::int AS max FROM agents a JOIN blocks b USING (block_number) GROUP BY b.is_health`);
      expect(Object.fromEntries(levels.rows.map((r) => [r.is_health ? "health" : "life", r.max]))).toEqual({ health: 9, life: 12 });
      // The indexes and foreign keys dropped for the bulk load are back.
      const idx = await c.query(`SELECT count(*)::int n FROM pg_indexes WHERE tablename = 'agents' AND indexname LIKE '%trgm%'`);
      expect(idx.rows[0].n).toBe(4);
    } finally {
      await c.end();
    }
  });
});

describe("positions and tabs", () => {
  it("the director has five hierarchies, health before life, tabs from the data", async () => {
    const positions = await ownPositions(md.id);
    expect(positions.map((p) => p.tab)).toEqual(["MIAC HEALTH", "MIAC HEALTH", "SLAC HEALTH", "SLAC LIFE", "SLAC LIFE"]);
    expect(agentPos.hierarchyLevel).toBe(4);
  });
});

describe("tree", () => {
  it("pages children 40 at a time, '(more)' continues, filter narrows", async () => {
    const total = await sqlCount("SELECT count(*)::int n FROM agents WHERE parent_id = $1 AND is_active", mdLife.id);
    expect(total).toBeGreaterThan(TREE_PAGE_SIZE);
    const first = await childrenPage(mdLife.id);
    expect(first.nodes).toHaveLength(TREE_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    const more = await childrenPage(mdLife.id, { offset: TREE_PAGE_SIZE });
    expect(more.nodes.length).toBe(Math.min(TREE_PAGE_SIZE, total - TREE_PAGE_SIZE));
    expect(new Set([...first.nodes, ...more.nodes].map((n) => n.id)).size).toBe(first.nodes.length + more.nodes.length);
    const name = first.nodes.find((n) => n.lastName)!.lastName!;
    const filtered = await childrenPage(mdLife.id, { filter: name.slice(1, 4).toUpperCase() });
    expect(filtered.nodes.length).toBeGreaterThan(0);
    expect(filtered.nodes.every((n) => [n.lastName, n.firstName, n.companyName, n.agentNumber].some((v) => v?.toLowerCase().includes(name.slice(1, 4).toLowerCase())))).toBe(true);
  });

  it("expanding ignores ids outside the position's downline", async () => {
    const outside = (await childrenPage(mdLife.id)).nodes.find((n) => n.id !== agentPos.id)!;
    const inside = (await childrenPage(agentPos.id)).nodes[0]!;
    const params = readTreeParams(new URLSearchParams({ open: `${outside.id},${inside.id}` }));
    const view = (await loadTree(agentPos, params))!;
    expect(view.open).toEqual([agentPos.id, inside.id]);
    expect(view.children[outside.id]).toBeUndefined();
    expect(view.upline?.agentNumber).toBe((await prisma.agent.findUniqueOrThrow({ where: { id: agentPos.id } })).directUpline);
  });
});

describe("search", () => {
  it("refuses an empty search with 'Search for What?' text", () => {
    const r = searchSchema.safeParse({ lastName: "  ", firstName: "" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("Please enter some search criteria before searching.");
  });

  it("is a case-insensitive substring search inside the downline, paged, with the total", async () => {
    const criteria = searchSchema.parse({ lastName: "SON" });
    const page0 = await searchDownline(mdLife.id, criteria, { page: 0, pageSize: 10 });
    const expected = await sqlCount(
      `SELECT count(*)::int n FROM agents a JOIN agent_closure c ON c.descendant_id = a.id AND c.ancestor_id = $1 WHERE a.is_active AND a.last_name ILIKE '%son%'`,
      mdLife.id,
    );
    expect(page0.totalRecords).toBe(expected);
    expect(page0.results).toHaveLength(10);
    expect(page0.results.every((r) => r.lastName!.toLowerCase().includes("son"))).toBe(true);
    const page1 = await searchDownline(mdLife.id, criteria, { page: 1, pageSize: 10 });
    expect(page1.results.map((r) => r.id)).not.toContain(page0.results[0].id);
    // From the level-4 agent: only their own downline.
    const mine = await searchDownline(agentPos.id, criteria, { page: 0, pageSize: 50 });
    for (const r of mine.results) expect(await isAgentUnderUser(prisma, agentUser.id, r.id)).toBe(true);
    expect(mine.totalRecords).toBeLessThan(page0.totalRecords);
  });

  it("ignores case and accents beyond A-Z in names and companies, in the search and the tree filter (issue 20 item 11)", async () => {
    // Three agents directly under the level-4 agent, spelled as people write their names.
    const people = [
      { n: "A", first: "José", last: "Ñúñez", company: "Société Générale Agency" },
      { n: "B", first: "Zoë", last: "Łukasiewicz", company: "Straße Versicherungen" },
      { n: "C", first: "Ana", last: "Nunez", company: "Ørsted Life" },
    ];
    for (const p of people) {
      const [{ id }] = await prisma.$queryRaw<Array<{ id: number }>>`
        INSERT INTO agents (agent_number, company_number, block_number, mga_code, hierarchy_level, first_name, last_name, company_name,
                            direct_upline, parent_id, updated_at)
        SELECT ${`9F${p.n}${agentPos.agentNumber}`}, p.company_number, p.block_number, p.mga_code, p.hierarchy_level + 1, ${p.first}, ${p.last},
               ${p.company}, p.agent_number, p.id, now()
          FROM agents p WHERE p.id = ${agentPos.id} RETURNING id`;
      await prisma.$executeRaw`
        INSERT INTO agent_closure (ancestor_id, descendant_id, depth)
        SELECT ancestor_id, ${id}::int, depth + 1 FROM agent_closure WHERE descendant_id = ${agentPos.id} UNION ALL SELECT ${id}::int, ${id}::int, 0`;
    }
    const found = async (field: "lastName" | "firstName" | "companyName", text: string) =>
      (await searchDownline(agentPos.id, searchSchema.parse({ [field]: text }), { page: 0, pageSize: 50 })).results
        .filter((r) => r.agentNumber.startsWith("9F"))
        .map((r) => r.lastName)
        .sort();
    expect(await found("lastName", "Ñúñez")).toEqual(["Nunez", "Ñúñez"].sort());
    expect(await found("lastName", "ñúñez")).toEqual(["Nunez", "Ñúñez"].sort());
    expect(await found("lastName", "NUNEZ")).toEqual(["Nunez", "Ñúñez"].sort());
    expect(await found("lastName", "łukasiewicz")).toEqual(["Łukasiewicz"]);
    expect(await found("lastName", "LUKASIEWICZ")).toEqual(["Łukasiewicz"]);
    expect(await found("firstName", "JOSÉ")).toEqual(["Ñúñez"]);
    expect(await found("firstName", "jose")).toEqual(["Ñúñez"]);
    expect(await found("firstName", "ZOE")).toEqual(["Łukasiewicz"]);
    expect(await found("companyName", "societe generale")).toEqual(["Ñúñez"]);
    expect(await found("companyName", "STRASSE")).toEqual(["Łukasiewicz"]);
    expect(await found("companyName", "ørsted")).toEqual(["Nunez"]);
    // The tree's name filter follows the same rule.
    const filtered = await childrenPage(agentPos.id, { filter: "ÑUÑEZ" });
    expect(filtered.nodes.map((n) => n.lastName).sort()).toEqual(["Nunez", "Ñúñez"].sort());
    // A renamed agent is found by the new name (the folded column follows every update).
    await prisma.agent.updateMany({ where: { agentNumber: `9FC${agentPos.agentNumber}` }, data: { lastName: "Gödel" } });
    expect(await found("lastName", "godel")).toEqual(["Gödel"]);
    await prisma.$executeRaw`DELETE FROM agent_closure WHERE descendant_id IN (SELECT id FROM agents WHERE agent_number LIKE '9F%')`;
    await prisma.$executeRaw`DELETE FROM agents WHERE agent_number LIKE '9F%'`;
  });

  it("takes % and _ literally", async () => {
    const r = await searchDownline(mdLife.id, searchSchema.parse({ lastName: "%" }), { page: 0, pageSize: 10 });
    expect(r.totalRecords).toBe(0);
  });
});

describe("deactivated", () => {
  it("lists the downline's agents terminated over the last 12 months only, most recent first", async () => {
    const since = deactivatedSince(now);
    const r = await deactivatedAgents(mdLife.id, { page: 0, pageSize: 10 }, now);
    const expected = await sqlCount(
      `SELECT count(*)::int n FROM agents a JOIN agent_closure c ON c.descendant_id = a.id AND c.ancestor_id = $1 AND c.depth > 0
        WHERE NOT a.is_active AND a.termination_date >= $2::date`,
      mdLife.id,
      since.toISOString().slice(0, 10),
    );
    expect(r.totalRecords).toBe(expected);
    const older = await sqlCount(
      `SELECT count(*)::int n FROM agents a JOIN agent_closure c ON c.descendant_id = a.id AND c.ancestor_id = $1 WHERE NOT a.is_active AND a.termination_date < $2::date`,
      mdLife.id,
      since.toISOString().slice(0, 10),
    );
    expect(older).toBeGreaterThan(0); // the seed has some outside the window: they are left out
    const dates = r.results.map((a) => a.terminationDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(dates.every((d) => new Date(d) >= since)).toBe(true);
  });
});

describe("agent detail and documents: only the viewer's downline (change an id)", () => {
  it("the director sees any agent of the hierarchy; the level-4 agent only their downline", async () => {
    const mdPositions = await ownPositions(md.id);
    const agentPositions = await ownPositions(agentUser.id);
    const sibling = await outsider();
    const child = (await childrenPage(agentPos.id)).nodes[0]!;
    expect(await loadAgentDetail(mdPositions, mdLife, sibling.agentNumber)).not.toBeNull();
    // The agent: own downline yes, a sibling (outside) no, the director above no.
    expect((await loadAgentDetail(agentPositions, agentPos, child.agentNumber))?.id).toBe(child.id);
    expect(await loadAgentDetail(agentPositions, agentPos, sibling.agentNumber)).toBeNull();
    expect(await loadAgentDetail(agentPositions, agentPos, mdLife.agentNumber)).toBeNull();
    // Another user's position is not the agent's to name (the route picks only from ownPositions).
    expect(agentPositions.map((p) => p.id)).not.toContain(mdLife.id);
    expect(await isAgentUnderUser(prisma, agentUser.id, sibling.id)).toBe(false);
    expect(await isAgentUnderUser(prisma, agentUser.id, child.id)).toBe(true);
    expect(await isAgentUnderUser(prisma, agentUser.id, agentPos.id, { strict: true })).toBe(false);
  });

  it("serves an agent's document to an upline, and 404 to anyone outside by changing the agent id", async () => {
    const child = (await childrenPage(agentPos.id)).nodes[0]!;
    const sibling = await outsider();
    const docs = [] as string[];
    for (const a of [child, sibling]) {
      const appt = await prisma.appointment.create({
        data: { appointmentTypeCode: "APPTTYP_IND", appointmentStatusCode: "APWF_STATUS_APPROVED", agentId: a.id, agentNumber: a.agentNumber },
      });
      const file = await prisma.storedFile.create({
        data: { storageKey: `test/${a.id}.pdf`, fileName: "license.pdf", contentType: "application/pdf", byteSize: 10, sha256: "x" },
      });
      const doc = await prisma.document.create({
        data: { documentTypeCode: "DOCTYP_STATE_LIC", kindCode: "UPLOAD", title: "State License", appointmentId: appt.appointmentId, storedFileId: file.id },
      });
      docs.push(doc.id);
    }
    const viewer = asUser(agentUser);
    expect((await agentDocument(viewer, child.id, docs[0])).kind).toBe("file");
    // The sibling's document: by its own agent id, and smuggled under the child's id.
    expect((await agentDocument(viewer, sibling.id, docs[1])).kind).toBe("not-found");
    expect((await agentDocument(viewer, child.id, docs[1])).kind).toBe("not-found");
    // The director (an upline of both) gets both.
    expect((await agentDocument(asUser(md), sibling.id, docs[1])).kind).toBe("file");
    // The APPOINTMENT tab links the document through the scoped route.
    const detail = await loadAgentDetail(await ownPositions(agentUser.id), agentPos, child.agentNumber);
    expect(detail?.documents.find((d) => d.code === "DOCTYP_STATE_LIC")?.href).toBe(`/agent/documents/${docs[0]}?agent=${child.id}`);
    expect(detail?.documents.find((d) => d.code === "DOCTYP_EO_CERT")?.href).toBeNull();
  });
});

describe("Invite User", () => {
  it("is not offered, nor accepted by the action's rule, for a deactivated agent (issue 20 item 15)", async () => {
    const agentPositions = await ownPositions(agentUser.id);
    const child = (await childrenPage(agentPos.id)).nodes.find((n) => n.id !== agentPos.id)!;
    await prisma.agent.update({ where: { id: child.id }, data: { userId: null, isActive: false, status: "TERMINATED", terminationDate: new Date() } });
    try {
      const detail = (await loadAgentDetail(agentPositions, agentPos, child.agentNumber))!;
      expect(detail.isActive).toBe(false);
      expect(detail.showInviteUser).toBe(false);
      expect(detail.showUpdateUser).toBe(false);
    } finally {
      await prisma.agent.update({ where: { id: child.id }, data: { isActive: true, status: "ACTIVE", terminationDate: null } });
    }
  });

  it("creates an EXT invitation and queues its email; accepting links the user to the agent", async () => {
    const agentPositions = await ownPositions(agentUser.id);
    const child = (await childrenPage(agentPos.id)).nodes[0]!;
    await prisma.agent.update({ where: { id: child.id }, data: { userId: null } });
    const detail = (await loadAgentDetail(agentPositions, agentPos, child.agentNumber))!;
    expect(detail.showInviteUser).toBe(true);
    const { invitationId } = await createUserInvitation(asUser(agentUser), detail, "new.agent@example.com");
    const inv = await prisma.userInvitation.findUniqueOrThrow({ where: { id: invitationId } });
    expect(inv).toMatchObject({ agentId: child.id, emailAddress: "new.agent@example.com", createdById: agentUser.id, acceptedAt: null });
    const jobs = await prisma.$queryRaw<Array<{ key: string; payload: { to: string; text: string } }>>`
      SELECT j.key, j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
       WHERE t.identifier = 'send-email' AND j.key = ${jobKeys.userInvitation(invitationId)}`;
    expect(jobs).toHaveLength(1);
    expect(jobs[0].payload.to).toBe("new.agent@example.com");
    const link = /\/(EXT[A-Z0-9]{20})/.exec(jobs[0].payload.text)![1];
    expect(inv.tokenHash).toBe(hashInvitationCode(link.slice(3)));
    expect((await findUserInvitation(link))?.id).toBe(invitationId);

    // Unknown code, unverified or other email: refused with their codes, nothing linked.
    const invitee = await createUser(prisma, { userName: "new.agent@example.com", emailVerified: false, userRoleCode: "USRROLE_PROSPECT" });
    expect(await acceptUserInvitation(asUser(invitee), "EXTNOSUCHCODE0000000000")).toEqual({ ok: false, code: "error_link_missing" });
    expect(await acceptUserInvitation(asUser(invitee), link)).toEqual({ ok: false, code: "ext_error" });
    const other = await createUser(prisma, { userName: "someone.else@example.com", emailVerified: true });
    expect(await acceptUserInvitation(asUser(other), link)).toEqual({ ok: false, code: "ext_error" });
    expect((await prisma.agent.findUniqueOrThrow({ where: { id: child.id } })).userId).toBeNull();

    // Before: a prospect with nothing sees 'No Apps or Invitations Found' and no CONFIGURE.
    const verified = asUser(await prisma.user.update({ where: { id: invitee.id }, data: { emailVerified: true } }));
    expect((await getDashboard(verified, new Date(), [])).nothingFound).toBe(true);
    expect((await getShellContext(verified)).showConfigure).toBe(false);
    expect(await acceptUserInvitation(verified, link)).toEqual({ ok: true, agentId: child.id });
    expect((await prisma.agent.findUniqueOrThrow({ where: { id: child.id } })).userId).toBe(invitee.id);
    // After: CONFIGURE, the hierarchy and the agent's own downline, without an appointment of their own.
    const shell = await getShellContext(verified);
    expect(shell.showConfigure).toBe(true);
    expect(shell.hierarchyButtonsEnabled).toBe(true);
    expect((await getDashboard(verified, new Date(), [])).nothingFound).toBe(false);
    expect((await ownPositions(invitee.id)).map((p) => p.id)).toEqual([child.id]);
    // Again: harmless; someone else with the link: refused.
    expect(await acceptUserInvitation(verified, link)).toEqual({ ok: true, agentId: child.id });
    expect(await acceptUserInvitation(asUser(other), link)).toEqual({ ok: false, code: "error_link_missing" });
  });
});

describe("GET /agents: statements (issue 22 item 2)", () => {
  const APP_URL = "http://localhost:3000";
  /** The tree: session with its users and the shell (1), the positions with the tree (1). */
  const TREE_STATEMENTS = 2;
  /** Search and deactivated: session with its users and the shell (1), the positions (1), the tab's page (1). */
  const TAB_STATEMENTS = 3;

  beforeAll(async () => {
    // Signed in through the provider, their addresses are confirmed (seed:large leaves users.email_verified false).
    await prisma.user.updateMany({ where: { id: { in: [md.id, agentUser.id] } }, data: { emailVerified: true } });
    process.env.APP_URL = APP_URL;
    // Counts Prisma's statements too (queryLog), as npm run bench:http does: the client is made again with it.
    process.env.BENCH_ROUTES = "1";
    resetEnvCache();
    resetSecretsCache();
    await disconnectPrisma();
  });

  afterAll(async () => {
    delete process.env.BENCH_ROUTES;
    resetEnvCache();
    await disconnectPrisma();
  });

  type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;
  type Page = Exclude<Awaited<ReturnType<typeof agentsLoader>>, { init: unknown }>;
  const cookieOf = async (userId: string) => (await createSession(new Request(`${APP_URL}/`), { userId })).split(";")[0]!;

  /** GET /agents?… as the server runs it: the root's and the page's loaders side by side on one request. */
  async function getAgents(cookie: string, query: string): Promise<Page> {
    const args = { request: new Request(`${APP_URL}/agents?${query}`, { headers: { Cookie: cookie } }), params: {}, context: {} };
    const [, page] = await Promise.all([(rootLoader as Loader)(args), (agentsLoader as Loader)(args)]);
    return (page && typeof page === "object" && "init" in page && "data" in page ? page.data : page) as Page;
  }

  it(`${TREE_STATEMENTS} on the tree (expanded nodes, '(more)' pages, a filter), ${TAB_STATEMENTS} on search and deactivated, for the director and an agent`, async () => {
    const mdCookie = await cookieOf(md.id);
    const agentCookie = await cookieOf(agentUser.id);
    // Expand two of the director's children that have children of their own; two pages of the root's children.
    const open = (await childrenPage(mdLife.id, { limit: 200 })).nodes.filter((n) => n.childCount > 0).slice(0, 2);
    expect(open).toHaveLength(2);
    const name = (await childrenPage(mdLife.id)).nodes.find((n) => n.lastName)!.lastName!.slice(1, 4);
    const cases: Array<[string, string, string, number]> = [
      ["director", mdCookie, "", TREE_STATEMENTS], // the first hierarchy of the dropdown
      ["director", mdCookie, `h=${mdLife.id}`, TREE_STATEMENTS],
      ["director", mdCookie, `h=${mdLife.id}&open=${open.map((n) => n.id).join(",")}&pages=${mdLife.id}:2`, TREE_STATEMENTS],
      ["director", mdCookie, `h=${mdLife.id}&open=${open[0]!.id}&filter=${encodeURIComponent(name)}`, TREE_STATEMENTS],
      ["director", mdCookie, `h=${mdLife.id}&tab=search&lastName=${encodeURIComponent(name)}&go=1`, TAB_STATEMENTS],
      ["director", mdCookie, `h=${mdLife.id}&tab=search&lastName=${encodeURIComponent(name)}&go=1&page=1&pageSize=10`, TAB_STATEMENTS],
      ["director", mdCookie, `h=${mdLife.id}&tab=deactivated`, TAB_STATEMENTS],
      ["agent", agentCookie, "", TREE_STATEMENTS],
      ["agent", agentCookie, `tab=deactivated`, TAB_STATEMENTS],
    ];
    for (const [who, cookie, query, statements] of cases) {
      await getAgents(cookie, query); // the session's last-seen touch (at most once a minute) is not part of the count
      const counted = await countStatements(() => getAgents(cookie, query));
      expect(counted.count, `${who} ?${query}:\n${counted.recent.join("\n")}`).toBe(statements);
    }
    // Without ?h= the tree is the dropdown's first hierarchy's (the database's pick agrees with the page's).
    const first = await getAgents(mdCookie, "");
    expect(first.position?.id).toBe((await ownPositions(md.id))[0]!.id);
    expect(first.tree!.root.id).toBe(first.position!.id);

    // What the one tree statement answers is what childrenPage (one statement per node) answers.
    const paged = await getAgents(mdCookie, `h=${mdLife.id}&open=${open.map((n) => n.id).join(",")}&pages=${mdLife.id}:2`);
    const keep = [mdLife.id, ...open.map((n) => n.id)];
    expect(paged.tree!.open).toEqual(keep);
    expect(paged.tree!.children[mdLife.id]).toEqual({ ...(await childrenPage(mdLife.id, { limit: 2 * TREE_PAGE_SIZE, keep })), pages: 2 });
    expect(paged.tree!.children[mdLife.id]!.nodes.length).toBeGreaterThan(TREE_PAGE_SIZE); // the second page is there
    for (const n of open) expect(paged.tree!.children[n.id]).toEqual({ ...(await childrenPage(n.id, { keep })), pages: 1 });
    const filtered = await getAgents(mdCookie, `h=${mdLife.id}&open=${open[0]!.id}&filter=${encodeURIComponent(name)}`);
    expect(filtered.tree!.children[mdLife.id]!.nodes).toEqual((await childrenPage(mdLife.id, { filter: name, keep: [mdLife.id, open[0]!.id] })).nodes);
    expect(filtered.tree!.children[mdLife.id]!.nodes.length).toBeLessThan(paged.tree!.children[mdLife.id]!.nodes.length);

    // The agent: their position, the upline above it, 'Request that an Agent be Moved' (agents under them).
    const agentPage = await getAgents(agentCookie, "");
    expect(agentPage.position?.id).toBe(agentPos.id);
    expect(agentPage.tree!.upline?.agentNumber).toBe((await prisma.agent.findUniqueOrThrow({ where: { id: agentPos.id } })).directUpline);
    expect(agentPage.showMoveLink).toBe(true);
  });
});
