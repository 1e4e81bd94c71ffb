#!/usr/bin/env node
// `npm run backup`: see scripts/lib/backup.ts and docs/operations.md ('Backups').
import { importTs } from "./lib/import-ts.mjs";
import { requireSupportedNode } from "./lib/node-version.mjs";

requireSupportedNode();

const { runBackupCli } = await importTs("scripts/lib/backup-cli.ts");
process.exit(await runBackupCli(process.argv.slice(2)));
