#!/usr/bin/env node
// `npm run audit:check`: recomputes the audit log's daily digests and names the first day that does
// not match (decision 0119). See docs/operations.md, 'The audit digest and the chain check'.
import { importTs } from "./lib/import-ts.mjs";
import { requireSupportedNode } from "./lib/node-version.mjs";

requireSupportedNode();

const { runAuditCheckCli } = await importTs("scripts/lib/audit-check-cli.ts");
process.exit(await runAuditCheckCli(process.argv.slice(2)));
