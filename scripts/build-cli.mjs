#!/usr/bin/env node
// Part of `npm run build`: the operator's CLIs (backup, restore, rotate-key,
// the imports) bundled into build/cli/, so a production tree without esbuild
// (the image) runs them (scripts/lib/import-ts.mjs).
import { bundleTs, builtCliFile, CLI_ENTRIES } from "./lib/import-ts.mjs";

for (const entry of CLI_ENTRIES) await bundleTs(entry, builtCliFile(entry));
