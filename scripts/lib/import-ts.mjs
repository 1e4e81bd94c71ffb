// Imports a TypeScript module of the portal from a plain Node script
// (seed:large, benchmarks): esbuild (the one Remix's compiler uses) bundles
// the entry with the project's tsconfig paths (~/...) and leaves packages
// external, into node_modules/.cache/portal-scripts/, then it is imported.
import { build } from "esbuild";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** @param {string} entry path relative to the project root */
export async function importTs(entry) {
  const outDir = path.join(root, "node_modules/.cache/portal-scripts");
  mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, `${entry.replace(/[^a-zA-Z0-9]+/g, "_")}.mjs`);
  await build({
    entryPoints: [path.join(root, entry)],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // Packages stay external (node_modules); `~/...` is ours (tsconfig paths).
    plugins: [{ name: "external-packages", setup(b) { b.onResolve({ filter: /^[^./~]/ }, (a) => ({ path: a.path, external: true })); } }],
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
    jsx: "automatic",
  });
  return import(`${pathToFileURL(outfile).href}?t=${Date.now()}`);
}
