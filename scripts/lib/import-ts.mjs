// Imports a TypeScript module of the portal from a plain Node script
// (the operator's CLIs, seed:large, benchmarks): esbuild (the one Remix's
// compiler uses) bundles the entry with the project's tsconfig paths (~/...)
// and leaves packages external, into node_modules/.cache/portal-scripts/,
// then it is imported. A production tree (the image) has no esbuild: there
// the CLIs run from build/cli/, which `npm run build` bundles the same way
// (scripts/build-cli.mjs), so backup, restore, rotate-key and the imports
// work inside the container too.
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The operator's CLIs, bundled into build/cli/ by `npm run build` (scripts/build-cli.mjs). */
export const CLI_ENTRIES = [
  "scripts/lib/backup-cli.ts",
  "scripts/lib/rotate-key-cli.ts",
  "scripts/lib/audit-check-cli.ts",
  "scripts/lib/import-agents-cli.ts",
  "scripts/lib/import-licences-cli.ts",
];

const fileName = (entry) => `${entry.replace(/[^a-zA-Z0-9]+/g, "_")}.mjs`;

/** Bundles `entry` (relative to the project root) into `outfile` with esbuild. */
export async function bundleTs(entry, outfile) {
  const { build } = await import("esbuild");
  await build({
    entryPoints: [path.join(root, entry)],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    // Packages stay external (node_modules); `~/...` is ours (tsconfig paths).
    plugins: [{ name: "external-packages", setup(b) { b.onResolve({ filter: /^[^./~]/ }, (a) => ({ path: a.path, external: true })); } }],
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
    jsx: "automatic",
  });
}

export function builtCliFile(entry) {
  return path.join(root, "build/cli", fileName(entry));
}

/** @param {string} entry path relative to the project root */
export async function importTs(entry) {
  const hasEsbuild = existsSync(path.join(root, "node_modules/esbuild"));
  if (!hasEsbuild) {
    const built = builtCliFile(entry);
    if (!existsSync(built)) throw new Error(`${entry}: no esbuild here (production dependencies only) and no ${path.relative(root, built)}: run \`npm run build\` where the build tools are`);
    return import(pathToFileURL(built).href);
  }
  const outDir = path.join(root, "node_modules/.cache/portal-scripts");
  mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, fileName(entry));
  await bundleTs(entry, outfile);
  return import(`${pathToFileURL(outfile).href}?t=${Date.now()}`);
}
