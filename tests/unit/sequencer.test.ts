import { describe, expect, test } from "vitest";
import { durationKey, loadDurations, longestFirst } from "../support/sequencer";

describe("the test sequencer", () => {
  const key = (f: { project: string; file: string }) => ({ project: f.project, key: `${f.project}:${f.file}` });

  test("runs a project's longest file first, unknown (new) files before known ones, projects in vitest's order", () => {
    const files = [
      { project: "integration", file: "a" },
      { project: "integration", file: "b" },
      { project: "integration", file: "new" },
      { project: "reliability", file: "short" },
      { project: "reliability", file: "long" },
    ];
    const order = longestFirst(files, key, { "integration:a": 3, "integration:b": 30, "reliability:short": 5, "reliability:long": 99 });
    expect(order.map((f) => `${f.project}:${f.file}`)).toEqual([
      "integration:new",
      "integration:b",
      "integration:a",
      "reliability:long",
      "reliability:short",
    ]);
  });

  test("the committed table names files that exist, with the longest reliability file known", () => {
    const table = loadDurations();
    const keys = Object.keys(table);
    expect(keys.length).toBeGreaterThan(50);
    expect(durationKey("reliability", "/r", "/r/tests/reliability/x.test.ts")).toBe("reliability:tests/reliability/x.test.ts");
    expect(table["reliability:tests/reliability/several-processes.test.ts"]).toBeGreaterThan(30);
  });
});
