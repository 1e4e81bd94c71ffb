// The tree the image holds (Dockerfile): the built portal with production
// dependencies only (scripts/prune-production.sh, as the Dockerfile), in a temporary directory, to run
// as the image runs it (tests/reliability/production-tree.test.ts,
// sign-in-on-node-versions.test.ts). Needs `npm run build` first (the
// reliability project's global setup builds).
import { execFileSync } from "node:child_process";
import { chmodSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "./app-server";

/** The files the Dockerfile copies into the image. */
export const IMAGE_FILES = ["build", "public", "scripts", "prisma", "package.json", "package-lock.json", "remix.config.js"];

/** Makes the tree (about 8 s here); remove() deletes it. */
export function productionTree(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "portal-rel-image-"));
  chmodSync(dir, 0o755);
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    for (const f of IMAGE_FILES) cpSync(path.join(repoRoot, f), path.join(dir, f), { recursive: true });
    // node_modules as hard links (fast; npm prune only removes links), and
    // npm's own bookkeeping as a real copy so nothing of the checkout changes.
    execFileSync("cp", ["-al", path.join(repoRoot, "node_modules"), path.join(dir, "node_modules")]);
    const hidden = path.join(dir, "node_modules/.package-lock.json");
    rmSync(hidden, { force: true });
    cpSync(path.join(repoRoot, "node_modules/.package-lock.json"), hidden);
    // The image's own prune (the Dockerfile runs the same script).
    execFileSync("sh", [path.join(dir, "scripts/prune-production.sh"), "--offline"], { cwd: dir, stdio: "pipe" });
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}
