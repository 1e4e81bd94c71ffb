// Prisma 7 configuration. The CLI is only used for `prisma generate` here
// (see scripts/setup.mjs); migrations are committed SQL applied by
// server/migrate.ts at start-up.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: {
    url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/portal",
  },
});
