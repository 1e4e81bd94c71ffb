#!/usr/bin/env node
// `npm run seed:large`: 100,000 agents (AGENTS=n for another size) into the
// database `npm start` uses (the embedded PostgreSQL under DATA_DIR, or
// DATABASE_URL). Stop the portal first when it runs on the embedded one.
// Runs once: a second run says so and changes nothing. See prisma/seed/large.ts.
import { importTs } from "./lib/import-ts.mjs";
import { requireSupportedNode } from "./lib/node-version.mjs";

requireSupportedNode();

const { runLargeSeed } = await importTs("prisma/seed/large-cli.ts");
const code = await runLargeSeed({ agents: process.env.AGENTS ? Number(process.env.AGENTS) : undefined });
process.exit(code);
