#!/usr/bin/env node
// `npm run rotate-key`: re-encrypts every encrypted column under a new key
// (ENCRYPTION_KEY=<new>, ENCRYPTION_KEY_PREVIOUS=<old>), in batches, resumable:
// run it again after a stop and it goes on where it was. Portals started with
// both keys keep working meanwhile. See docs/operations.md, 'Encryption key'.
import { importTs } from "./lib/import-ts.mjs";
import { requireSupportedNode } from "./lib/node-version.mjs";

requireSupportedNode();

const { runRotateKeyCli } = await importTs("scripts/lib/rotate-key-cli.ts");
process.exit(await runRotateKeyCli(process.argv.slice(2)));
