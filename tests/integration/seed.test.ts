import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decryptField, isEncryptedField } from "~/lib/crypto.server";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { verifyPassword } from "~/lib/password.server";
import { readFileBytes } from "~/lib/storage.server";
import { systemDocuments } from "~/features/documents/system-pdfs.server";
import { licenceCheck } from "~/features/licences/rules.server";
import { DEMO_HEALTH_BLOCKS, DEMO_PASSWORD, demoAccounts, seedDemoData, seedReferenceData } from "../../prisma/seed";
import { useTestDatabase } from "../support/db";
import { createAgent } from "../support/factories";

useTestDatabase();

let dataDir: string;
const saved = { DATA_DIR: process.env.DATA_DIR, ENCRYPTION_KEY: process.env.ENCRYPTION_KEY };

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "seed-test-"));
  process.env.DATA_DIR = dataDir;
  process.env.ENCRYPTION_KEY = "seed-test-key-0123456789abcdef0123456789abcdef";
  resetEnvCache();
});

afterAll(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
  rmSync(dataDir, { recursive: true, force: true });
});

async function tableCounts(): Promise<Record<string, number>> {
  const tables = await prisma.$queryRaw<Array<{ table_name: string }>>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'
    ORDER BY table_name`;
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [row] = await prisma.$queryRawUnsafe<Array<{ n: number }>>(`SELECT count(*)::int AS n FROM "${table_name}"`);
    counts[table_name] = row.n;
  }
  return counts;
}

describe("seed", () => {
  let firstCounts: Record<string, number>;

  it("creates the demo installation on a fresh database", { timeout: 120_000 }, async () => {
    const started = Date.now();
    expect(await seedDemoData()).toEqual({ created: true });
    firstCounts = await tableCounts();
    console.log(`[seed] demo seed took ${Date.now() - started} ms`, JSON.stringify(firstCounts));

    // Carriers and blocks.
    // With their NAIC company codes, which the appointment filings carry (decision 0109).
    expect((await prisma.carrier.findMany({ orderBy: { carrierCode: "asc" } })).map((c) => [c.carrierCode, c.naicCompanyCode])).toEqual([
      ["MIAC", "99101"],
      ["SLAC", "99102"],
    ]);
    const health = await prisma.block.findMany({ where: { isHealth: true }, orderBy: { blockNumber: "asc" } });
    expect(health.map((b) => b.blockNumber)).toEqual([...DEMO_HEALTH_BLOCKS].sort((a, b) => a - b));
    expect(await prisma.block.count({ where: { isHealth: false } })).toBeGreaterThanOrEqual(2);

    // The director and a downline of 50+ agents over 4+ levels.
    const md = await prisma.user.findUniqueOrThrow({ where: { userName: "md@portal.localhost" } });
    expect(md.userRoleCode).toBe("USRROLE_MD");
    const mdPositions = await prisma.agent.findMany({ where: { userId: md.id } });
    expect(mdPositions.length).toBeGreaterThanOrEqual(3);
    const main = mdPositions.find((a) => a.blockNumber === 72)!;
    expect(main.parentId).toBeNull();
    expect(main.directUpline).toBe("0000");
    const downline = await prisma.agentClosure.findMany({ where: { ancestorId: main.id, depth: { gt: 0 } } });
    expect(downline.length).toBeGreaterThanOrEqual(50);
    expect(Math.max(...downline.map((d) => d.depth))).toBeGreaterThanOrEqual(4);
    expect(await prisma.agent.count()).toBeGreaterThanOrEqual(50);

    // Corporations with principal agents; deactivated agents within the last 12 months.
    const corps = await prisma.agent.findMany({ where: { agentType: "C" }, include: { principalAgent: true } });
    expect(corps.length).toBeGreaterThanOrEqual(1);
    for (const c of corps) {
      expect(c.companyName).toBeTruthy();
      expect(c.principalAgent).not.toBeNull();
    }
    const yearAgo = new Date(Date.now() - 366 * 86_400_000);
    const deactivated = await prisma.agent.findMany({ where: { isActive: false } });
    expect(deactivated.length).toBeGreaterThanOrEqual(1);
    for (const d of deactivated) expect(d.terminationDate!.getTime()).toBeGreaterThan(yearAgo.getTime());

    // Schedules, levels, links and the schedule PDFs.
    const schedules = await prisma.commissionSchedule.findMany({ include: { levels: true, productType: true } });
    expect(schedules.length).toBeGreaterThanOrEqual(4);
    for (const s of schedules) {
      expect(s.levels.length).toBe(s.productType.productTypeCode === "LIFE" ? 17 : 9);
      for (const l of s.levels) expect(l.documentId).toBeTruthy();
    }
    expect(await prisma.appointmentLink.count({ where: { recruiterAgent: { userId: md.id } } })).toBeGreaterThanOrEqual(40);

    // Demo users: identity-provider accounts with the demo password, linked by externalId.
    for (const a of demoAccounts) {
      const user = await prisma.user.findUniqueOrThrow({ where: { userName: a.email } });
      const account = await prisma.idpAccount.findUniqueOrThrow({ where: { email: a.email } });
      expect(user.externalId).toBe(account.id);
      expect(a.password).toBe(DEMO_PASSWORD);
    }
    const adminAccount = await prisma.idpAccount.findUniqueOrThrow({ where: { email: "admin@portal.localhost" } });
    expect(await verifyPassword(DEMO_PASSWORD, adminAccount.passwordHash)).toBe(true);
    expect((await prisma.user.findUniqueOrThrow({ where: { userName: "admin@portal.localhost" } })).isInternal).toBe(true);

    // The appointed agent.
    const agentUser = await prisma.user.findUniqueOrThrow({ where: { userName: "agent@portal.localhost" } });
    const approved = await prisma.appointment.findFirstOrThrow({ where: { userId: agentUser.id } });
    expect(approved.appointmentStatusCode).toBe("APWF_STATUS_APPROVED");
    expect(approved.agentNumber).toMatch(/^\d+$/);
    expect(approved.agentId).not.toBeNull();

    // The prospect: invitation and an application in progress, SSN encrypted.
    const prospect = await prisma.user.findUniqueOrThrow({ where: { userName: "prospect@portal.localhost" } });
    const inProgress = await prisma.appointment.findFirstOrThrow({
      where: { userId: prospect.id },
      include: { personal: true, answers: true, addresses: true, invitation: true },
    });
    expect(inProgress.appointmentStatusCode).toBe("APWF_STATUS_INCOMPLETE");
    expect(inProgress.invitation?.prospectEmailAddress).toBe("prospect@portal.localhost");
    expect(inProgress.answers.length).toBeGreaterThan(0);
    expect(inProgress.addresses.length).toBe(1);
    const ssnCipher = inProgress.personal!.ssnEncrypted!;
    expect(isEncryptedField(ssnCipher)).toBe(true);
    expect(ssnCipher).not.toContain("900781234");
    expect(decryptField(ssnCipher)).toBe("900781234");
    expect(inProgress.personal!.ssnLast4).toBe("1234");
    const [plain] = await prisma.$queryRaw<Array<{ n: number }>>`
      SELECT count(*)::int AS n FROM appointment_personal WHERE ssn_encrypted LIKE '%900781234%'`;
    expect(plain.n).toBe(0);

    // Licenses (issue 23, decision 0070): every active position in good order; the paper application
    // awaiting approval and the prospect's NPN are licensed, so the demo's approvals go through.
    const standings = await prisma.agentCompliance.groupBy({ by: ["standing"], _count: true });
    expect(standings.map((x) => x.standing)).toEqual(["IN_GOOD_ORDER"]);
    expect(await prisma.producerLicence.count({ where: { npn: "20261850", stateCode: "TX" } })).toBe(1);
    const awaiting = await prisma.appointment.findFirstOrThrow({ where: { appointmentStatusCode: "APWF_STATUS_NEWCONTRACT" } });
    expect((await licenceCheck(prisma, awaiting.appointmentId, new Date().toISOString().slice(0, 10)))?.problems).toEqual([]);

    // Templates.
    const dft = await prisma.emailTemplate.findUniqueOrThrow({ where: { systemCode: "DFT_MLT_INVITE" } });
    expect(dft.html).toContain("[[ProspectFirstName]]");
    expect(dft.html).toContain("[[AppointmentLink]]");
    expect(await prisma.emailTemplate.count({ where: { userId: md.id } })).toBeGreaterThanOrEqual(1);
    expect(await prisma.templateField.count({ where: { templateTypeId: 1003 } })).toBeGreaterThanOrEqual(20);

    // Reference data.
    const questions = await prisma.question.findMany({ where: { questionType: "QUES_TYP_PERSONAL" } });
    expect(questions).toHaveLength(15);
    expect(questions.filter((q) => q.questionText[1] === ")").length).toBeGreaterThanOrEqual(2);
    expect(await prisma.question.count({ where: { questionType: "QUES_TYP_STATE_FEE" } })).toBe(1);
    const codes = (await prisma.stateFee.findMany()).map((s) => s.stateCode);
    for (const c of ["AL", "WY", "DC", "PR", "GU", "AA", "BC", "CN", "LT", "NB", "OC"]) expect(codes).toContain(c);
    expect(codes.length).toBe(62);
    const move = await prisma.listValue.findUniqueOrThrow({
      where: { listType_vleCode: { listType: "SVC_REQST_TYP", vleCode: "SVCREQ_LEVELCHG" } },
    });
    expect(move.vleValue).toBe("Request that an Agent be Moved");
    expect((await prisma.reportDefinition.findMany({ orderBy: { reportId: "asc" } })).map((r) => r.reportId)).toEqual([1, 2, 3, 4, 5]);
    expect(await prisma.documentRequirement.count({ where: { appointmentTypeCode: "APPTTYP_IND" } })).toBeGreaterThanOrEqual(10);

    // System documents: one current Document per catalogue entry, with real PDF bytes.
    const docs = await prisma.document.findMany({ where: { kindCode: "SYSTEM", isCurrent: true }, include: { storedFile: true } });
    for (const d of systemDocuments()) expect(docs.map((x) => x.documentKey)).toContain(d.documentTypeCode);
    expect(docs.filter((d) => d.documentTypeCode === "DOCTYP_COMSCHED_AGREE")).toHaveLength(schedules.length);
    for (const d of docs) {
      expect(d.storedFile.byteSize).toBeGreaterThan(1000);
      const bytes = await readFileBytes(d.storedFile);
      expect(bytes.byteLength).toBe(d.storedFile.byteSize);
      expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
      expect(createHash("sha256").update(bytes).digest("hex")).toBe(d.storedFile.sha256);
    }
  });

  it("changes nothing when run again", { timeout: 120_000 }, async () => {
    expect(await seedDemoData()).toEqual({ created: false });
    await seedReferenceData();
    expect(await tableCounts()).toEqual(firstCounts);
  });

  it("keeps the closure table consistent with the parent chain", async () => {
    const agents = await prisma.agent.findMany({ select: { id: true, parentId: true } });
    const parentOf = new Map(agents.map((a) => [a.id, a.parentId]));
    const rows = await prisma.agentClosure.findMany();
    const byDescendant = new Map<number, Array<{ ancestorId: number; depth: number }>>();
    for (const r of rows) {
      expect(r.ancestorId === r.descendantId).toBe(r.depth === 0);
      const list = byDescendant.get(r.descendantId) ?? [];
      list.push(r);
      byDescendant.set(r.descendantId, list);
    }
    for (const a of agents) {
      // The expected ancestors: walk the parent chain.
      const expected: Array<{ ancestorId: number; depth: number }> = [];
      let cur: number | null | undefined = a.id;
      let depth = 0;
      while (cur != null) {
        expected.push({ ancestorId: cur, depth });
        cur = parentOf.get(cur);
        depth++;
        if (depth > 100) throw new Error("cycle in the agent tree");
      }
      const actual = (byDescendant.get(a.id) ?? [])
        .map((r) => ({ ancestorId: r.ancestorId, depth: r.depth }))
        .sort((x, y) => x.depth - y.depth);
      expect(actual).toEqual(expected);
    }
  });

  it("factories place agents through insertAgent", async () => {
    const md = await prisma.agent.findFirstOrThrow({ where: { blockNumber: 72, parentId: null } });
    const child = await createAgent(prisma, { parentId: md.id });
    const grandchild = await createAgent(prisma, { parentId: child.id, agentType: "C", companyName: "Test Agency LLC" });
    expect(grandchild.blockNumber).toBe(72);
    expect(grandchild.directUpline).toBe(child.agentNumber);
    const rows = await prisma.agentClosure.findMany({ where: { descendantId: grandchild.id }, orderBy: { depth: "asc" } });
    expect(rows.map((r) => [r.ancestorId, r.depth])).toEqual([
      [grandchild.id, 0],
      [child.id, 1],
      [md.id, 2],
    ]);
  });
});
