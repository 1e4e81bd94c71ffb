// One advisory lock per hierarchy (company and block: an agent position is
// identified by agent number within a company and block, and a tree never
// spans two blocks). Writers of the closure table take it inside their
// transaction (decision 0030):
//   - a subtree move takes it EXCLUSIVE: two moves, or a move and an insert,
//     in the same hierarchy run one after the other;
//   - an insert takes it SHARED: inserts do not wait for each other, only for
//     a move (an insert reads its parent's ancestors and must not read them
//     while a move rewrites them).
// Outside a transaction the lock is released at once (harmless, useless):
// call these inside prisma.$transaction.
import type { Prisma } from "~/generated/prisma/client";

export type HierarchyRef = { companyNumber: string; blockNumber: number };

/** The lock's text key (hashed by Postgres into the advisory lock's number). */
export function hierarchyLockKey(h: HierarchyRef): string {
  return `hierarchy:${h.companyNumber}:${h.blockNumber}`;
}

export async function lockHierarchy(tx: Pick<Prisma.TransactionClient, "$executeRaw">, h: HierarchyRef): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${hierarchyLockKey(h)}))`;
}

export async function lockHierarchyShared(tx: Pick<Prisma.TransactionClient, "$executeRaw">, h: HierarchyRef): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(hashtext(${hierarchyLockKey(h)}))`;
}
