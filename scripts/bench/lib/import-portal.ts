// The portal functions the import benchmark uses (bundled by
// scripts/lib/import-ts.mjs for scripts/bench/import.mjs).
export { importAgentsCsv } from "~/features/hierarchy/import.server";
export { migrate } from "~/lib/migrate.server";
export { disconnectPrisma, prisma } from "~/lib/db.server";
export { createCarrierWithBlocks } from "../../../prisma/seed/factories";
