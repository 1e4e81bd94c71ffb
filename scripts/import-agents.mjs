#!/usr/bin/env node
// `npm run import:agents FILE.csv`: imports a CSV book of agents into the
// database `npm start` uses (the embedded PostgreSQL under DATA_DIR, or
// DATABASE_URL). Stop the portal first when it runs on the embedded one.
// Format and rules: docs/decisions/0032-hierarchy-import.md. Exit code 1 when
// the file has bad rows (then nothing is imported; every bad line is listed).
import { importTs } from "./lib/import-ts.mjs";
import { requireSupportedNode } from "./lib/node-version.mjs";

requireSupportedNode();

const { runImportCli } = await importTs("scripts/lib/import-agents-cli.ts");
process.exit(await runImportCli(process.argv.slice(2)));
