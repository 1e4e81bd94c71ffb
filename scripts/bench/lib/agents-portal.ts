// The portal functions the agents benchmark measures (bundled by
// scripts/lib/import-ts.mjs for scripts/bench/agents.mjs).
export { childrenPage, deactivatedAgents, ownPositions, searchDownline } from "~/features/agents/agents.server";
export { loadAgentDetail } from "~/features/agents/detail.server";
export { searchSchema } from "~/features/agents/schema";
export { migrate } from "~/lib/migrate.server";
export { disconnectPrisma, prisma } from "~/lib/db.server";
export { seedLargeData } from "../../../prisma/seed/large";
