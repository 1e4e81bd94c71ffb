import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { UNIT, UNIT_MOCKING } from "../support/unit-projects";

const root = path.resolve(import.meta.dirname, "../..");

describe("unit projects", () => {
  it("every unit file that mocks a module with vi.mock runs isolated (listed in UNIT_MOCKING)", () => {
    // UNIT's patterns: test files under app/ and jobs/, and under tests/unit/.
    expect(UNIT).toEqual(["app/**/*.test.{ts,tsx}", "jobs/**/*.test.ts", "tests/unit/**/*.test.{ts,tsx}"]);
    const under = (dir: string, pattern: RegExp) =>
      readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
        .filter((f) => pattern.test(f))
        .map((f) => `${dir}/${f}`);
    const files = [...under("app", /\.test\.tsx?$/), ...under("jobs", /\.test\.ts$/), ...under("tests/unit", /\.test\.tsx?$/)];
    expect(files.length).toBeGreaterThan(50);
    const mocking = files.filter((f) => /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(root, f), "utf8")));
    expect(mocking.sort()).toEqual([...UNIT_MOCKING].sort());
  });
});
