// What README.md and docs/*.md tell operators to set must be what env() reads: every
// variable of the README's settings table is a setting, and every NAME_FILE the docs name
// gives NAME its file's content. A NAME_FILE of a setting that is no secret stops the start
// (it would otherwise be ignored without a word).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { env, resetEnvCache, SETTING_NAMES, SettingsError } from "./env.server";

const root = path.resolve(import.meta.dirname, "../..");
const docs = [path.join(root, "README.md"), ...readdirSync(path.join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => path.join(root, "docs", f))];
const text = docs.map((f) => readFileSync(f, "utf8")).join("\n");
const settings = new Set<string>(SETTING_NAMES);

const dir = mkdtempSync(path.join(os.tmpdir(), "portal-env-files-"));
const touched = new Set<string>();
function set(name: string, value: string | undefined) {
  touched.add(name);
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  resetEnvCache();
}
const saved = { ...process.env };
afterEach(() => {
  for (const name of touched) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  touched.clear();
  resetEnvCache();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The variables in the first column of README's settings table (`A`, `B` (note) | …). */
function readmeTableVariables(): string[] {
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const table = readme.slice(readme.indexOf("| variable | default | meaning |"));
  const out: string[] = [];
  for (const line of table.split("\n")) {
    if (!line.startsWith("|")) break;
    const first = line.split("|")[1] ?? "";
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) out.push(m[1]!);
  }
  return out;
}

describe("the documented settings are the ones env() reads", () => {
  it("every variable of README's settings table is a setting", () => {
    const documented = readmeTableVariables();
    expect(documented.length).toBeGreaterThan(40);
    expect(documented.filter((name) => !settings.has(name))).toEqual([]);
  });

  // PORT_FILE: the docs' example of a refused one (the last case). TO_FILE: a filing's status
  // (docs/state-filings.md), no setting.
  const fileVariables = [...new Set([...text.matchAll(/\b([A-Z][A-Z0-9_]*)_FILE\b/g)].map((m) => m[1]!))].filter(
    (name) => name !== "NAME" && name !== "PORT" && name !== "TO" && !settings.has(`${name}_FILE`),
  );

  it("the docs name NAME_FILE variables", () => {
    expect(fileVariables).toContain("SESSION_SECRET");
  });

  it.each(fileVariables)("%s_FILE is read into its setting", (name) => {
    const file = path.join(dir, name.toLowerCase());
    // A value of the setting's shape: URLs for the URL settings, a token otherwise.
    const value = name === "DATABASE_URL" ? "postgresql://portal:pw@db.example.com:5432/portal" : name === "SMTP_URL" ? "smtp://u:p@mail.example.com:587" : `secret-of-${name}`;
    writeFileSync(file, `${value}\n`);
    set(name, undefined);
    set(`${name}_FILE`, file);
    expect((env() as unknown as Record<string, unknown>)[name]).toBe(value);
  });

  it("a NAME_FILE of a setting that cannot come from a file stops the start, naming it", () => {
    const file = path.join(dir, "port");
    writeFileSync(file, "3999\n");
    set("PORT_FILE", file);
    expect(() => env()).toThrow(SettingsError);
    expect(() => env()).toThrow(/PORT_FILE: PORT cannot be given as a file/);
    // Empty counts as unset (the start blanks the ones it resolved for its HTTP processes).
    set("PORT_FILE", "");
    expect(() => env()).not.toThrow();
  });
});
