// The portal functions the import benchmark uses (bundled by
// scripts/lib/import-ts.mjs for scripts/bench/import.mjs).
export { importAgentsCsv } from "~/features/hierarchy/import.server";
export { migrate } from "../../../server/migrate";
export { disconnectPrisma, prisma } from "~/lib/db.server";
export { createCarrierWithBlocks } from "../../../prisma/seed/factories";
import { configureDatabase as useBenchDatabase } from "~/lib/db.server";
import { env as benchEnv } from "~/lib/env.server";

// The bench's database: bench-db.mjs set DATABASE_URL before this module was imported (start() configures the portal's).
useBenchDatabase(benchEnv().DATABASE_URL!);
