// The import boundaries (issue 21 item 10; docs/architecture.md, decision 0059) are kept by
// `npm run lint`: each forbidden direction below is a one-line file linted with the project's own
// eslint.config.js, which must answer with a no-restricted-imports error; the allowed directions
// must lint clean. The feature graph itself must have no cycle outside the shared kernel.
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import {
  cycles,
  FEATURE_DEPENDENCIES,
  featureEdges,
  featureImports,
  KNOWN_LAYER_BREAKS,
  SHARED_KERNEL,
} from "../../scripts/boundaries.mjs";

const root = path.resolve(import.meta.dirname, "../..");
let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  await eslint.calculateConfigForFile(path.join(root, "app/root.tsx"));
}, 120_000);

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const probe = x;\n`, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

// Loading the config (typescript-eslint) takes a while on a busy machine: a limit, not an assertion.
describe("npm run lint refuses an import against the layers", { timeout: 120_000 }, () => {
  const forbidden: [string, string, string, RegExp][] = [
    ["lib imports a feature", "app/lib/probe.server.ts", 'import { x } from "~/features/links/links.server";', /bottom layer/],
    ["lib imports a component", "app/lib/probe.ts", 'import { x } from "~/components/Dialog";', /bottom layer/],
    ["lib imports a route", "app/lib/probe.ts", 'import { x } from "~/routes/home";', /bottom layer/],
    ["a component imports a feature", "app/components/Probe.tsx", 'import { x } from "~/features/pipeline/chart";', /components import only/],
    ["the form kit imports a feature", "app/components/form/probe.tsx", 'import { x } from "~/features/appointment/model";', /components import only/],
    ["a feature imports a route", "app/features/links/probe.ts", 'import { x } from "~/routes/home";', /never import routes/],
    ["app imports jobs/", "app/features/reports/probe.server.ts", 'import { x } from "../../../jobs/tasks/generate-report";', /never imports jobs/],
    ["lib imports jobs/", "app/lib/probe.server.ts", 'import { x } from "../../jobs";', /never imports jobs/],
    ["app imports server/", "app/lib/probe.server.ts", 'import { x } from "../../server/start";', /never imports jobs\/ or server/],
    ["the root module imports server/", "app/probe.tsx", 'import { x } from "../server/start";', /never imports jobs\/ or server/],
    ["a job imports a route", "jobs/tasks/probe.ts", 'import { x } from "~/routes/home";', /app\/features and app\/lib only/],
    ["a job imports a component", "jobs/tasks/probe.ts", 'import { x } from "../../app/components/Dialog";', /app\/features and app\/lib only/],
    ["a job imports server/", "jobs/tasks/probe.ts", 'import { x } from "../../server/start";', /never import server/],
    // Between features: the edge dashboard -> appointment exists, so appointment -> dashboard would close a loop.
    ["a feature imports a feature off the named edges", "app/features/appointment/probe.server.ts", 'import { x } from "~/features/dashboard/dashboard.server";', /FEATURE_DEPENDENCIES/],
    ["a feature's ui imports a feature off the named edges", "app/features/appointment/ui/Probe.tsx", 'import { x } from "~/features/review/review.server";', /FEATURE_DEPENDENCIES/],
    ["a feature imports another's internals along a named edge", "app/features/dashboard/probe.ts", 'import { x } from "~/features/appointment/ui/SectionForm";', /internals/],
    ["a feature reaches another by a relative path", "app/features/appointment/probe.ts", 'import { x } from "../dashboard/dashboard.server";', /Relative imports stay inside/],
    ["a feature's ui reaches another by a relative path", "app/features/links/ui/Probe.tsx", 'import { x } from "../../review/review.server";', /Relative imports stay inside/],
  ];
  it.each(forbidden)("%s", async (_name, file, code, message) => {
    expect(await boundaryErrors(file, code)).toEqual(expect.arrayContaining([expect.stringMatching(message)]));
  });

  const allowed: [string, string, string][] = [
    ["a route imports a feature's ui", "app/routes/probe.tsx", 'import { x } from "~/features/appointment/ui/SectionForm";'],
    ["a feature imports a component and lib", "app/features/links/probe.ts", 'import { x } from "~/components/form/fields";\nimport { y } from "~/lib/db.server";'],
    ["a feature imports the shared kernel", "app/features/reports/probe.ts", 'import { x } from "~/features/appointment/model";\nimport { y } from "~/features/appointment/ui/lines";'],
    ["a feature imports along a named edge", "app/features/dashboard/probe.server.ts", 'import { x } from "~/features/links/links.server";'],
    ["a feature imports its own modules", "app/features/appointment/ui/Probe.tsx", 'import { x } from "../model";\nimport { y } from "~/features/appointment/ui/types";'],
    ["a job imports a feature and lib", "jobs/tasks/probe.ts", 'import { x } from "~/features/appointment/abandon.server";\nimport { y } from "../../app/lib/env.server";'],
    ["server/ imports app/", "server/probe.ts", 'import { x } from "../app/lib/env.server";\nimport { y } from "~/features/idp/provider.server";'],
    ["a test imports anything", "app/features/appointment/probe.test.ts", 'import { x } from "~/features/dashboard/dashboard.server";'],
  ];
  it.each(allowed)("%s", async (_name, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});

describe("the feature graph", () => {
  const imports = featureImports(root);

  it("has no cycle once the shared kernel is left out", () => {
    expect(cycles(featureEdges(imports, { withKernel: false }))).toEqual([]);
  });

  it("uses only the named edges, and the named edges have no cycle", () => {
    const dependencies: Record<string, string[]> = FEATURE_DEPENDENCIES;
    const named = Object.entries(dependencies).flatMap(([from, tos]) => tos.map((to) => [from, to]));
    expect(cycles(named)).toEqual([]);
    const undeclared = featureEdges(imports, { withKernel: false }).filter(([from, to]) => !dependencies[from]?.includes(to));
    expect(undeclared).toEqual([]);
  });

  it("has a kernel that imports only the kernel, lib and components", () => {
    for (const module of SHARED_KERNEL) {
      const file = ["ts", "tsx"].map((ext) => path.join(root, "app/features", `${module}.${ext}`)).find((f) => fs.existsSync(f));
      expect(file, `${module} is missing`).toBeDefined();
    }
    const outside = imports.filter((i) => SHARED_KERNEL.includes(i.fromModule) && !SHARED_KERNEL.includes(i.to));
    expect(outside).toEqual([]);
  });

  // Each exception must still be needed: the file, linted under another name in the same folder (so the
  // exception does not apply), still breaks a layer. Delete the entry once its branch has fixed it.
  it("names only known layer breaks that still break a layer", { timeout: 120_000 }, async () => {
    for (const file of Object.keys(KNOWN_LAYER_BREAKS)) {
      const full = path.join(root, file);
      expect(fs.existsSync(full), `${file} is gone: delete its KNOWN_LAYER_BREAKS entry`).toBe(true);
      const probe = path.join(path.dirname(file), `known-break-probe${path.extname(file)}`);
      const [result] = await eslint.lintText(fs.readFileSync(full, "utf8"), { filePath: path.join(root, probe) });
      const errors = result.messages.filter((m) => m.ruleId === "no-restricted-imports");
      expect(errors.length, `${file} no longer breaks a layer: delete its KNOWN_LAYER_BREAKS entry`).toBeGreaterThan(0);
    }
  });
});
