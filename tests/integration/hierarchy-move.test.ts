// Subtree moves (app/features/hierarchy/move.server.ts, decision 0030)
// against a real PostgreSQL: after random moves in a tree of a few hundred
// agents the closure table equals the one rebuilt from parent ids (a
// recursive walk, closureDifferences); the refusals (itself, inside its own
// downline, another block / company / MGA, a marketing director, already
// there, a deactivated upline, an upline at a lower level) change nothing;
// concurrent moves (and inserts) leave the closure table right.
import { beforeAll, describe, expect, it } from "vitest";
import type { Agent } from "~/generated/prisma/client";
import { closureDifferences } from "~/features/hierarchy/consistency.server";
import { moveSubtree, planMove, type MovePlanResult } from "~/features/hierarchy/move.server";
import { prisma } from "~/lib/db.server";
import { useTestDatabase } from "../support/db";
import { createAgent, createCarrierWithBlocks, createUser } from "../support/factories";

useTestDatabase();

let actorUserId = "";

beforeAll(async () => {
  await createCarrierWithBlocks(prisma, {
    carrierCode: "MVAC",
    name: "Move Assurance Company",
    companyNumber: "MV01",
    blocks: [
      { blockNumber: 9301, productTypeCode: "HEALTH" },
      { blockNumber: 9302, productTypeCode: "HEALTH" },
    ],
  });
  await createCarrierWithBlocks(prisma, { carrierCode: "MVXC", name: "Other Company", companyNumber: "MX01", blocks: [{ blockNumber: 9303, productTypeCode: "HEALTH" }] });
  actorUserId = (await createUser(prisma, { isInternal: true })).id;
});

/** A small deterministic PRNG (mulberry32): the same moves on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const move = (agentId: number, uplineId: number, extra: { expectedSubtreeSize?: number } = {}): Promise<MovePlanResult> =>
  prisma.$transaction((tx) => moveSubtree(tx, agentId, uplineId, { actorUserId, ...extra }));

async function expectClosureConsistent() {
  expect(await closureDifferences(prisma)).toEqual({ missing: [], extra: [] });
}

/** A tree of `count` agents under a new director in block 9301 (every non-director at level 2, so levels never refuse). */
async function buildTree(count: number, rnd: () => number): Promise<Agent[]> {
  const md = await createAgent(prisma, { blockNumber: 9301, companyNumber: "MV01", hierarchyLevel: 1, mgaCode: "MGA1" });
  const agents: Agent[] = [md];
  for (let i = 1; i < count; i++) {
    const parent = agents[Math.floor(rnd() * agents.length)]!;
    agents.push(await createAgent(prisma, { parentId: parent.id, hierarchyLevel: 2 }));
  }
  return agents;
}

describe("moveSubtree", () => {
  it("keeps the closure table equal to the one rebuilt from parent ids over random moves in a tree of 300 agents", async () => {
    const rnd = random(1850);
    const agents = await buildTree(300, rnd);
    const md = agents[0]!;
    await expectClosureConsistent();
    // The model: parent of each agent.
    const parent = new Map<number, number | null>(agents.map((a) => [a.id, a.parentId]));
    const number = new Map<number, string>(agents.map((a) => [a.id, a.agentNumber]));
    const isUnder = (x: number, top: number) => {
      for (let p: number | null | undefined = x; p != null; p = parent.get(p)) if (p === top) return true;
      return false;
    };
    const seen = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const a = agents[1 + Math.floor(rnd() * (agents.length - 1))]!.id;
      // Half of the time an upline inside a's own downline or a itself, to meet the refusals too.
      const b = agents[Math.floor(rnd() * agents.length)]!.id;
      const expected = a === b ? "SAME_AGENT" : isUnder(b, a) ? "INSIDE_SUBTREE" : parent.get(a) === b ? "ALREADY_UNDER" : "OK";
      const subtreeSize = agents.filter((x) => isUnder(x.id, a)).length;
      const result = await move(a, b);
      expect(result.ok ? "OK" : result.code, `move ${a} under ${b}`).toBe(expected);
      seen.add(expected);
      if (result.ok) {
        expect(result.plan.subtreeSize).toBe(subtreeSize);
        parent.set(a, b);
        const moved = await prisma.agent.findUniqueOrThrow({ where: { id: a } });
        expect(moved.parentId).toBe(b);
        expect(moved.directUpline).toBe(number.get(b));
      }
      if (i % 10 === 9) await expectClosureConsistent();
    }
    expect(seen).toContain("OK");
    expect(seen).toContain("INSIDE_SUBTREE");
    await expectClosureConsistent();
    // parent_id in the database is the model.
    const rows = await prisma.agent.findMany({ where: { id: { in: agents.map((x) => x.id) } }, select: { id: true, parentId: true } });
    for (const r of rows) expect(r.parentId, `parent of ${r.id}`).toBe(parent.get(r.id));
    // Everyone is still under the director; depths in the closure match the model.
    expect(await prisma.agentClosure.count({ where: { ancestorId: md.id } })).toBe(300);
    const audits = await prisma.auditLog.count({ where: { action: "AGENT_MOVED", actorUserId } });
    expect(audits).toBeGreaterThan(0);
  }, 120_000);

  it("moves a subtree with its depths: the previewed size, the new path above, the audit entry", async () => {
    const md = await createAgent(prisma, { blockNumber: 9301, companyNumber: "MV01", hierarchyLevel: 1, mgaCode: "MGA1" });
    const x = await createAgent(prisma, { parentId: md.id, hierarchyLevel: 3 });
    const x1 = await createAgent(prisma, { parentId: x.id, hierarchyLevel: 4 });
    const x11 = await createAgent(prisma, { parentId: x1.id, hierarchyLevel: 5 });
    const y = await createAgent(prisma, { parentId: md.id, hierarchyLevel: 2 });
    const y1 = await createAgent(prisma, { parentId: y.id, hierarchyLevel: 3 });

    const preview = await planMove(prisma, x.id, y1.id);
    expect(preview).toMatchObject({ ok: true, plan: { subtreeSize: 3, agent: { id: x.id }, from: { id: md.id }, to: { id: y1.id } } });
    const result = await move(x.id, y1.id, { expectedSubtreeSize: 3 });
    expect(result.ok).toBe(true);
    const above = await prisma.agentClosure.findMany({ where: { descendantId: x11.id }, orderBy: { depth: "asc" }, select: { ancestorId: true, depth: true } });
    expect(above).toEqual([
      { ancestorId: x11.id, depth: 0 },
      { ancestorId: x1.id, depth: 1 },
      { ancestorId: x.id, depth: 2 },
      { ancestorId: y1.id, depth: 3 },
      { ancestorId: y.id, depth: 4 },
      { ancestorId: md.id, depth: 5 },
    ]);
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "AGENT_MOVED", targetId: String(x.id) } });
    expect(audit.details).toMatchObject({ fromAgentId: md.id, toAgentId: y1.id, subtreeSize: 3, agentNumber: x.agentNumber });
    // The preview's size is checked again: a stale figure is refused.
    expect(await move(x.id, y.id, { expectedSubtreeSize: 2 })).toMatchObject({ ok: false, code: "CHANGED" });
    await expectClosureConsistent();
  });

  it("refuses: itself, inside its downline, another block, company or MGA, a director, already there, a deactivated upline, a lower level", async () => {
    const md = await createAgent(prisma, { blockNumber: 9301, companyNumber: "MV01", hierarchyLevel: 1, mgaCode: "MGA1" });
    const a = await createAgent(prisma, { parentId: md.id, hierarchyLevel: 3 });
    const a1 = await createAgent(prisma, { parentId: a.id, hierarchyLevel: 4 });
    const a11 = await createAgent(prisma, { parentId: a1.id, hierarchyLevel: 5 });
    const low = await createAgent(prisma, { parentId: md.id, hierarchyLevel: 6 });
    const gone = await createAgent(prisma, { parentId: md.id, hierarchyLevel: 2, isActive: false, status: "TERMINATED" });
    const otherBlock = await createAgent(prisma, { blockNumber: 9302, companyNumber: "MV01", hierarchyLevel: 1, mgaCode: "MGA1" });
    const otherCompany = await createAgent(prisma, { blockNumber: 9303, companyNumber: "MX01", hierarchyLevel: 1, mgaCode: "MGA1" });
    const otherMga = await createAgent(prisma, { blockNumber: 9301, companyNumber: "MV01", hierarchyLevel: 1, mgaCode: "MGA2" });
    const before = await prisma.agentClosure.count();

    const cases: Array<[number, number, string]> = [
      [a.id, a.id, "SAME_AGENT"],
      [a.id, a1.id, "INSIDE_SUBTREE"],
      [a.id, a11.id, "INSIDE_SUBTREE"],
      [a.id, otherBlock.id, "OTHER_HIERARCHY"],
      [a.id, otherCompany.id, "OTHER_HIERARCHY"],
      [a.id, otherMga.id, "OTHER_HIERARCHY"],
      [md.id, otherMga.id, "OTHER_HIERARCHY"],
      [md.id, a.id, "DIRECTOR"],
      [a.id, md.id, "ALREADY_UNDER"],
      [a1.id, gone.id, "UPLINE_INACTIVE"],
      [a.id, low.id, "UPLINE_LEVEL_BELOW"],
      [a.id, 2_000_000_000, "UPLINE_NOT_FOUND"],
      [2_000_000_000, a.id, "AGENT_NOT_FOUND"],
    ];
    for (const [agentId, uplineId, code] of cases) {
      expect(await planMove(prisma, agentId, uplineId), `plan ${agentId} under ${uplineId}`).toMatchObject({ ok: false, code });
      expect(await move(agentId, uplineId), `move ${agentId} under ${uplineId}`).toMatchObject({ ok: false, code });
    }
    // A second director of the same block and MGA: the first one (no upline) is not moved under it.
    const md2 = await createAgent(prisma, { blockNumber: 9301, companyNumber: "MV01", hierarchyLevel: 1, mgaCode: "MGA1" });
    expect(await move(md.id, md2.id)).toMatchObject({ ok: false, code: "DIRECTOR" });
    expect(await prisma.agentClosure.count()).toBe(before + 1);
    expect((await prisma.agent.findUniqueOrThrow({ where: { id: a.id } })).parentId).toBe(md.id);
    await expectClosureConsistent();
  });

  it("concurrent moves do not corrupt the closure table: crossing moves give one move and one refusal", async () => {
    for (let round = 0; round < 5; round++) {
      const md = await createAgent(prisma, { blockNumber: 9301, companyNumber: "MV01", hierarchyLevel: 1, mgaCode: "MGA1" });
      const a = await createAgent(prisma, { parentId: md.id, hierarchyLevel: 2 });
      const b = await createAgent(prisma, { parentId: md.id, hierarchyLevel: 2 });
      await createAgent(prisma, { parentId: a.id, hierarchyLevel: 2 });
      await createAgent(prisma, { parentId: b.id, hierarchyLevel: 2 });
      // a under b and b under a at the same time: both alone are fine, together they would make a cycle.
      const results = await Promise.all([move(a.id, b.id), move(b.id, a.id)]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toMatchObject([{ code: "INSIDE_SUBTREE" }]);
    }
    await expectClosureConsistent();
  });

  it("concurrent moves and inserts in one hierarchy leave the closure table right", async () => {
    const rnd = random(2026);
    const agents = await buildTree(60, rnd);
    const work: Array<Promise<unknown>> = [];
    for (let i = 0; i < 12; i++) {
      const a = agents[1 + Math.floor(rnd() * (agents.length - 1))]!.id;
      const b = agents[Math.floor(rnd() * agents.length)]!.id;
      work.push(move(a, b));
      const parent = agents[Math.floor(rnd() * agents.length)]!;
      work.push(prisma.$transaction((tx) => createAgent(tx, { parentId: parent.id, hierarchyLevel: 2 })));
    }
    await Promise.all(work);
    await expectClosureConsistent();
  }, 60_000);
});
