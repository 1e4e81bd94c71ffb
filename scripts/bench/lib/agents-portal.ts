// The portal functions the agents benchmark measures (bundled by
// scripts/lib/import-ts.mjs for scripts/bench/agents.mjs).
export { childrenPage, deactivatedAgents, ownPositions, searchDownline } from "~/features/agents/agents.server";
export { loadAgentDetail } from "~/features/agents/detail.server";
export { searchSchema } from "~/features/agents/schema";
export { migrate } from "../../../server/migrate";
export { disconnectPrisma, prisma } from "~/lib/db.server";
export { seedLargeData } from "../../../prisma/seed/large";
import { configureDatabase as useBenchDatabase } from "~/lib/db.server";
import { env as benchEnv } from "~/lib/env.server";

// The bench's database: bench-db.mjs set DATABASE_URL before this module was imported (start() configures the portal's).
useBenchDatabase(benchEnv().DATABASE_URL!);
