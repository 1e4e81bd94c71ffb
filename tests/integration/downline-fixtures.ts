// A small hierarchy for tests of what uplines see (in progress, reports,
// the dashboard's pipeline): a director md with b under md, c under b, a
// sibling s under md, and a director of another hierarchy; md, b, s and
// other have users, c has none. One life schedule; level(n) is its level n.
import type { Agent, User } from "~/generated/prisma/client";
import { prisma } from "~/lib/db.server";
import { createAgent, createCarrierWithBlocks, createSchedule, createUser } from "../support/factories";

export type Downline = {
  md: Agent;
  b: Agent;
  c: Agent;
  s: Agent;
  other: Agent;
  mdUser: User;
  bUser: User;
  sUser: User;
  otherUser: User;
  /** The schedule level id of level n. */
  level(n: number): number;
};

export async function makeDownline(o: { carrierCode: string; carrierName: string; companyNumber: string; blockNumber: number }): Promise<Downline> {
  const { carrier } = await createCarrierWithBlocks(prisma, {
    carrierCode: o.carrierCode,
    name: o.carrierName,
    companyNumber: o.companyNumber,
    blocks: [{ blockNumber: o.blockNumber, productTypeCode: "LIFE" }],
  });
  const schedule = await createSchedule(prisma, { carrierId: carrier.carrierId, productTypeCode: "LIFE" });
  const level = (n: number) => schedule.levels.find((l) => l.levelNo === n)!.scheduleLevelId;

  const mdUser = await createUser(prisma, { userRoleCode: "USRROLE_MD", firstName: "Mara", lastName: "Director" });
  const bUser = await createUser(prisma, { userRoleCode: "USRROLE_AGENT", firstName: "Ben", lastName: "Upline" });
  const sUser = await createUser(prisma, { userRoleCode: "USRROLE_AGENT", firstName: "Sia", lastName: "Sibling" });
  const otherUser = await createUser(prisma, { userRoleCode: "USRROLE_MD", firstName: "Otto", lastName: "Other" });
  const md = await createAgent(prisma, { blockNumber: o.blockNumber, userId: mdUser.id, firstName: "Mara", lastName: "Director" });
  const b = await createAgent(prisma, { parentId: md.id, userId: bUser.id, firstName: "Ben", lastName: "Upline" });
  const c = await createAgent(prisma, { parentId: b.id, firstName: "Cleo", lastName: "Recruiter" });
  const s = await createAgent(prisma, { parentId: md.id, userId: sUser.id, firstName: "Sia", lastName: "Sibling" });
  const other = await createAgent(prisma, { blockNumber: o.blockNumber, userId: otherUser.id, firstName: "Otto", lastName: "Other" });
  return { md, b, c, s, other, mdUser, bUser, sUser, otherUser, level };
}
