#!/usr/bin/env node
// `npm run import:licences FILE.csv`: imports a licence csv (our columns or NIPR's PDB detail
// report) into the database `npm start` uses (the embedded PostgreSQL under DATA_DIR, or
// DATABASE_URL). Stop the portal first when it runs on the embedded one. Format and rules:
// docs/decisions/0072-licence-import-and-lookup.md. Exit code 1 when the file has bad rows (then
// nothing is imported; every bad line is listed).
import { importTs } from "./lib/import-ts.mjs";
import { requireSupportedNode } from "./lib/node-version.mjs";

requireSupportedNode();

const { runLicenceImportCli } = await importTs("scripts/lib/import-licences-cli.ts");
process.exit(await runLicenceImportCli(process.argv.slice(2)));
