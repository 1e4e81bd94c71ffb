// Where code may import from (issue 21 item 10; docs/architecture.md, decision 0059).
//
// One home for the layer rules: eslint.config.js turns them into `no-restricted-imports` errors,
// `node scripts/boundaries.mjs` prints the feature graph, tests/unit/boundaries.test.ts holds both.
//
//   server/ ──> app/            (start-up sits above the app; nothing in app/ imports server/)
//   jobs/   ──> app/features, app/lib   (app/ never imports jobs/)
//   app/routes ──> app/features ──> app/components ──> app/lib   (lib imports nothing above it)
//
// Between features: a feature imports another feature's top-level modules only along an edge named
// in FEATURE_DEPENDENCIES (the map has no cycle; the test checks it), never its subfolders (ui/, rules/:
// its internals). Every feature may import the SHARED_KERNEL: the vocabulary (codes, models, labels,
// messages) and the one-rule modules that many domains read. Kernel modules import only app/lib,
// app/components, the generated Prisma client and other kernel modules.
import fs from "node:fs";
import path from "node:path";

/** Shared kernel, as `<feature>/<module>` without extension. */
export const SHARED_KERNEL = [
  // The application's vocabulary: types, section ids, status codes, document codes.
  "appointment/model",
  "appointment/codes",
  "appointment/paper-schema",
  "appointment/ui/lines",
  "appointment/status",
  "appointment/events",
  // The one access rule for an application (architecture: the only path to an application).
  "appointment/access.server",
  // The one hierarchy rule (decision 0038) and its lock; the move messages the Contact Us queue shows.
  "hierarchy/hierarchy.server",
  "hierarchy/lock.server",
  "hierarchy/move-messages",
  // Links: the code shape, the link form's schema and its messages.
  "links/codes",
  "links/schema",
  "links/messages",
  // Uploads: the policy (sizes, types, names), how a file is received, and the document messages.
  "documents/upload",
  "documents/view-messages",
  "documents/receive-upload.server",
  // The one typed way to queue a job (task names, payloads, keys, attempts: decision 0058).
  "jobs/queue.server",
  // A cut job and a run whose job can no longer run: the one rule, its messages, the requeue (decision 0083).
  "jobs/cut-offs.server",
  "jobs/stopped-runs.server",
  "jobs/stopped-messages",
  // Labels read on other domains' screens.
  "review/messages",
  "review/notes",
  "agents/messages",
  "preferences/schema",
  "preferences/messages",
  // Who is told under a communication-preference category (the application events, the licence notices).
  "preferences/recipients.server",
  // The agents' display rules (names, the director rule) that the licence rules and notices read.
  "agents/format",
  // What an erased value reads as on the screens of an application and its documents (decision 0120).
  "retention/messages",
  // The one way a change emits its webhook event, in its own transaction (decisions 0074, 0078).
  "webhooks/events",
  "webhooks/payloads",
  "webhooks/emit.server",
  "webhooks/event-data.server",
  // The state filings' events and the filing's state they carry, which the API serves too (decision 0116).
  "webhooks/filing-events.server",
  // The one termination rule (decision 0111): the deactivation form, the hierarchy import and the API read it.
  "state-filings/terminations",
  "state-filings/terminations.server",
  "state-filings/termination-email.server",
  // The FCRA consent's signature codes and texts (decision 0121): the application records them, the screening reads them (0122).
  "appointment/fcra",
];

/**
 * Feature -> features whose public (top-level) modules it may import, beyond the kernel.
 * Adding an edge is a design decision: the test refuses a map with a cycle.
 */
export const FEATURE_DEPENDENCIES = {
  // state-filings: the agent detail lists each state's appointment filing (decision 0113).
  agents: ["dashboard", "documents", "licences", "state-filings"],
  // The read API (decision 0076): documents served by the download rule, licences' expiry states;
  // the agent import as an API call queues the screen's import run (decision 0075); state-filings:
  // the filings' statuses and the first business's rule, recordFirstBusiness (decision 0116).
  api: ["documents", "hierarchy", "licences", "state-filings"],
  "compliance-officer": [],
  // licences: at submission the application's licence and certificates become records (decision 0098);
  // screening: an FCRA-authorised application is ordered in the submit's transaction (decision 0122).
  appointment: ["documents", "licences", "screening"],
  dashboard: ["appointment", "links", "pipeline", "licences"],
  documents: [],
  hierarchy: [],
  idp: [],
  inprog: ["pipeline"],
  invitations: ["appointment", "licences"],
  // hierarchy: the licence import reuses the agent import's csv upload, error list and messages (0072).
  licences: ["hierarchy"],
  links: ["appointment"],
  pipeline: [],
  preferences: [],
  profile: [],
  // The retention schedule erases the application's card data by the card rule (decisions 0087, 0120).
  retention: ["appointment"],
  // The Compliance report (report 3) reads the compliance view's filters and rows (decision 0073);
  // the fee report (report 4) the filings' fee rule, request schema and sheets (decision 0117); the
  // audit log's export (report 5) the officer's filters and rows (decision 0119).
  reports: ["compliance-officer", "invitations", "licences", "state-filings"],
  // state-filings: the approval creates the appointment filings in its transaction (decision 0109).
  // screening: the approval's screening hold (decision 0122).
  review: ["agents", "appointment", "invitations", "licences", "screening", "state-filings"],
  // Background screening (decision 0122): the jobs' kernel only.
  screening: [],
  "service-requests": ["hierarchy"],
  // The filings read the licence rules (a hold) and the application's fee rule (decision 0109).
  "state-filings": ["appointment", "licences"],
  templates: [],
  users: ["idp"],
};

/**
 * Imports that break a layer today and are being removed on another branch of issue 21
 * (start-up to server/, one typed queueJob). Each entry switches the import rules off for ONE file;
 * delete the entry when its import is gone (the test fails while an entry names a file that is gone or no
 * longer breaks a layer).
 */
export const KNOWN_LAYER_BREAKS = {
  "app/lib/jobs.server.ts": "imports jobs/ (task list, payload types): the worker's start moves to server/",
};

export function kernelModule(spec) {
  const m = /^~\/features\/(.+)$/.exec(spec);
  return m !== null && SHARED_KERNEL.includes(m[1].replace(/\.(tsx?|js)$/, ""));
}

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The `no-restricted-imports` patterns for a file in one layer (see eslint.config.js). */
export function restrictedPatterns({ layer, feature, depth }) {
  const up = depth + 1; // `../` this many times leaves the file's own folder of its layer
  const climbsOut = `^(\\.\\./){${up},}`;
  const appOnly = [
    { regex: "^(\\.\\./)+(jobs|server)(/|$)|^~/\\.\\./", message: "app/ never imports jobs/ or server/ (they import app/)." },
  ];
  if (layer === "lib") {
    return [
      ...appOnly,
      { regex: "^~/(routes|features|components)/", message: "app/lib is the bottom layer: it imports nothing from routes, features or components." },
      { regex: climbsOut, message: "app/lib imports only app/lib (relative paths stay inside it)." },
    ];
  }
  if (layer === "components") {
    return [
      ...appOnly,
      { regex: "^~/(routes|features)/", message: "app/components import only app/lib and other components: pass a feature's data in as props, or move the component into the feature's ui/." },
      { regex: climbsOut, message: "Relative imports stay inside app/components; use ~/lib/..." },
    ];
  }
  if (layer === "feature") {
    const allowed = [feature, ...(FEATURE_DEPENDENCIES[feature] ?? [])];
    const kernel = SHARED_KERNEL.map(esc).join("|");
    return [
      ...appOnly,
      { regex: "^~/routes/", message: "Features never import routes." },
      {
        regex: `^~/features/(?!(${allowed.map(esc).join("|")})/)(?!(${kernel})$)`,
        message: `${feature} may import another feature only along an edge named in FEATURE_DEPENDENCIES (scripts/boundaries.mjs; no cycles) or from its SHARED_KERNEL.`,
      },
      {
        regex: `^~/features/(?!${esc(feature)}/)(?!(${kernel})$)[^/]+/[^/]+/`,
        message: "A feature's subfolders (ui/, rules/) are its internals: import its top-level modules instead.",
      },
      { regex: climbsOut, message: `Relative imports stay inside features/${feature}; use ~/features/<other>/... along an allowed edge.` },
    ];
  }
  if (layer === "routes") {
    return [...appOnly, { regex: climbsOut, message: "Routes import through ~/ (features, components, lib)." }];
  }
  if (layer === "app") return appOnly;
  if (layer === "jobs") {
    return [
      { regex: "^~/(routes|components)/|^(\\.\\./)+app/(routes|components)(/|$)", message: "jobs/ import app/features and app/lib only." },
      { regex: "^(\\.\\./)+server(/|$)", message: "jobs/ never import server/ (start-up imports jobs/)." },
    ];
  }
  throw new Error(`unknown layer ${layer}`);
}

/** The flat-config blocks, one per file group (a later block would replace an earlier one's options). */
export function boundaryConfigs(root = process.cwd()) {
  const features = fs
    .readdirSync(path.join(root, "app/features"), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const src = "{ts,tsx,js,mjs}";
  const block = (files, opts) => ({
    files,
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: restrictedPatterns(opts) }] },
  });
  const configs = [
    block([`app/*.${src}`], { layer: "app", depth: 0 }),
    block([`app/routes/**/*.${src}`], { layer: "routes", depth: 0 }),
    block([`app/lib/*.${src}`], { layer: "lib", depth: 0 }),
    block([`app/lib/*/**/*.${src}`], { layer: "lib", depth: 1 }),
    block([`app/components/*.${src}`], { layer: "components", depth: 0 }),
    block([`app/components/*/*.${src}`], { layer: "components", depth: 1 }),
    block([`jobs/**/*.${src}`], { layer: "jobs", depth: 0 }),
  ];
  for (const feature of features) {
    configs.push(block([`app/features/${feature}/*.${src}`], { layer: "feature", feature, depth: 0 }));
    configs.push(block([`app/features/${feature}/*/*.${src}`], { layer: "feature", feature, depth: 1 }));
    configs.push(block([`app/features/${feature}/*/*/**/*.${src}`], { layer: "feature", feature, depth: 2 }));
  }
  configs.push({ files: Object.keys(KNOWN_LAYER_BREAKS), rules: { "no-restricted-imports": "off" } });
  return configs;
}

/** Today's feature -> feature imports, resolved from the sources (tests left out). */
export function featureImports(root = process.cwd()) {
  const base = path.join(root, "app/features");
  const files = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) files.push(p);
    }
  };
  walk(base);
  const imports = [];
  const re = /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+["']([^"']+)["']/g;
  for (const file of files) {
    const from = path.relative(base, file).split(path.sep);
    for (const m of fs.readFileSync(file, "utf8").matchAll(re)) {
      const spec = m[1];
      let target;
      if (spec.startsWith("~/")) target = path.join(root, "app", spec.slice(2));
      else if (spec.startsWith(".")) target = path.resolve(path.dirname(file), spec);
      else continue;
      const rel = path.relative(base, target);
      if (rel.startsWith("..")) continue;
      const to = rel.split(path.sep).join("/").replace(/\.(tsx?|js)$/, "");
      imports.push({ file: path.relative(root, file), fromFeature: from[0], fromModule: from.join("/").replace(/\.(tsx?)$/, ""), to, toFeature: to.split("/")[0] });
    }
  }
  return imports;
}

/** Strongly connected groups of more than one feature. */
export function cycles(edges) {
  const adj = new Map();
  for (const [a, b] of edges) {
    if (!adj.has(a)) adj.set(a, []);
    if (!adj.has(b)) adj.set(b, []);
    adj.get(a).push(b);
  }
  let index = 0;
  const stack = [];
  const onStack = new Set();
  const idx = new Map();
  const low = new Map();
  const groups = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of adj.get(v)) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of adj.keys()) if (!idx.has(v)) visit(v);
  return groups;
}

/** Feature edges: all imports, or only those that are not into the shared kernel. */
export function featureEdges(imports, { withKernel }) {
  const edges = new Set();
  for (const i of imports) {
    if (i.fromFeature === i.toFeature) continue;
    if (!withKernel && SHARED_KERNEL.includes(i.to)) continue;
    edges.add(`${i.fromFeature} -> ${i.toFeature}`);
  }
  return [...edges].sort().map((e) => e.split(" -> "));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const imports = featureImports();
  const verbose = process.argv.includes("-v");
  for (const withKernel of [true, false]) {
    const edges = featureEdges(imports, { withKernel });
    console.log(withKernel ? "# every feature -> feature import" : "\n# without the imports of the shared kernel");
    for (const [a, b] of edges) {
      console.log(`${a} -> ${b}`);
      if (verbose) {
        for (const i of imports) {
          if (i.fromFeature === a && i.toFeature === b && (withKernel || !SHARED_KERNEL.includes(i.to))) console.log(`    ${i.file} -> ${i.to}`);
        }
      }
    }
    console.log("cycles:", JSON.stringify(cycles(edges)));
  }
  const impure = imports.filter((i) => SHARED_KERNEL.includes(i.fromModule) && !SHARED_KERNEL.includes(i.to));
  console.log("\nkernel modules importing outside the kernel:", impure.length === 0 ? "none" : "");
  for (const i of impure) console.log(`    ${i.file} -> ${i.to}`);
}
