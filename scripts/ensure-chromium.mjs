#!/usr/bin/env node
// Finds a Chromium for the end-to-end tests and, on a clean Debian machine
// where we run as root, installs Debian's `chromium` package.
//
//   node scripts/ensure-chromium.mjs        prints the path of the binary
//
// Order: $CHROMIUM_PATH, /usr/bin/chromium, /usr/bin/chromium-browser,
// `chromium` / `chromium-browser` on PATH. Exits non-zero with a message
// saying what to install when none is found and none can be installed.
// Also importable: `import { findChromium, ensureChromium } from ...`.
import { execFileSync, spawnSync } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name) {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    if (executable(file)) return file;
  }
  return undefined;
}

/** The path of an installed Chromium, or undefined. */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH?.trim();
  if (fromEnv) {
    if (executable(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH=${fromEnv} is not an executable file`);
  }
  for (const file of CANDIDATES) if (executable(file)) return file;
  return onPath("chromium") ?? onPath("chromium-browser");
}

function log(message) {
  process.stderr.write(`[ensure-chromium] ${message}\n`);
}

function run(command, args) {
  log(`$ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} exited with ${result.status}`);
  }
}

const HOW_TO =
  "Install Chromium, e.g. on Debian/Ubuntu: " +
  "`sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium`, " +
  "or set CHROMIUM_PATH to a Chromium or Chrome binary.";

/** Finds Chromium, installing Debian's package when possible. Returns its path. */
export function ensureChromium() {
  const found = findChromium();
  if (found) return found;

  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (!isRoot || !hasApt) {
    throw new Error(
      `Chromium was not found (looked at CHROMIUM_PATH, ${CANDIDATES.join(", ")} and PATH)` +
        (isRoot ? " and apt-get is not available" : " and this is not root, so it cannot be installed") +
        `. ${HOW_TO}`,
    );
  }

  log("Chromium was not found; installing Debian's `chromium` package (this takes a minute or two).");
  try {
    run("apt-get", ["update"]);
    run("apt-get", ["install", "-y", "--no-install-recommends", "chromium"]);
  } catch (error) {
    throw new Error(`Installing chromium with apt-get failed: ${error.message}. ${HOW_TO}`);
  }
  const installed = findChromium();
  if (!installed) throw new Error(`apt-get installed chromium but no binary was found. ${HOW_TO}`);
  try {
    const version = execFileSync(installed, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    log(`installed ${version.trim()}`);
  } catch {
    /* the version is only informative */
  }
  return installed;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const file = ensureChromium();
    process.stdout.write(`${file}\n`);
  } catch (error) {
    log(`error: ${error.message}`);
    process.exit(1);
  }
}
