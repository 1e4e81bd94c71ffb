// The container tests' view of podman (decision 0090): run the image built by
// the project's globalSetup (scripts/container-image.mjs) as an operator runs
// it, read its logs, wait for it, stop it.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { IMAGE, PODMAN_FLAGS, PODMAN_RUN_FLAGS } from "../../scripts/container-image.mjs";
import { repoRoot } from "../support/app-server";
import { waitFor as sharedWaitFor } from "../support/wait";

export { IMAGE };

export type Podman = { status: number; stdout: string; stderr: string };

export function podman(args: string[], { allowFail = false } = {}): Podman {
  const r = spawnSync("podman", [...(PODMAN_FLAGS as string[]), ...args], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  const out = { status: r.status ?? 1, stdout: r.stdout, stderr: r.stderr };
  if (out.status !== 0 && !allowFail) throw new Error(`podman ${args.join(" ")} exited ${out.status}: ${(out.stderr || out.stdout).trim().slice(-2000)}`);
  return out;
}

/**
 * podman without blocking this process: what takes seconds (stop, exec, a health check) must leave the
 * test's own servers answering (the SMTP mailbox the container sends to lives in this process).
 */
export function podmanAsync(args: string[], { allowFail = false } = {}): Promise<Podman> {
  return new Promise((resolve, reject) => {
    const child = spawn("podman", [...(PODMAN_FLAGS as string[]), ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      const out = { status: code ?? 1, stdout, stderr };
      if (out.status !== 0 && !allowFail) reject(new Error(`podman ${args.join(" ")} exited ${out.status}: ${(stderr || stdout).trim().slice(-2000)}`));
      else resolve(out);
    });
  });
}

export const uniqueName = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}`;

/**
 * `podman run -d` of the image with the host's network and the ulimits podman accepts here, plus
 * `args` (volume, environment, --read-only…). Returns the container's name.
 */
export async function run(name: string, args: string[], command: string[] = []): Promise<string> {
  await podmanAsync(["run", "-d", "--name", name, ...(PODMAN_RUN_FLAGS as string[]), ...args, IMAGE, ...command]);
  return name;
}

export const logs = (name: string) => {
  const r = podman(["logs", name], { allowFail: true });
  return `${r.stdout}${r.stderr}`;
};

export function inspect(name: string, format: string): string {
  return podman(["inspect", "--format", format, name]).stdout.trim();
}

export function remove(name: string) {
  podman(["rm", "-f", "-t", "0", name], { allowFail: true });
}

/** waitFor of tests/support/wait.ts, with the container's last log lines in the error. */
export async function waitFor<T>(what: string, fn: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs: number, container?: string): Promise<T> {
  try {
    return await sharedWaitFor(what, async () => fn(), timeoutMs);
  } catch (error) {
    const tail = container ? `\n--- podman logs ${container} (end) ---\n${logs(container).slice(-4000)}` : "";
    throw new Error(`${error instanceof Error ? error.message : String(error)}${tail}`);
  }
}

/** Waits for GET url/healthz to answer 200 (or the container to exit); returns the milliseconds it took from `since`. */
export async function waitHealthy(name: string, url: string, since: number, timeoutMs = 120_000): Promise<number> {
  await waitFor(
    `${url}/healthz`,
    async () => {
      if (inspect(name, "{{.State.Status}}") === "exited") throw new Error(`the container exited (${inspect(name, "{{.State.ExitCode}}")})`);
      const r = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(3000) }).catch(() => undefined);
      return r?.status === 200;
    },
    timeoutMs,
    name,
  );
  return Date.now() - since;
}

/**
 * The README's `docker run` line (its 'Docker' section), as the tests run it: its read-only root, tmpfs,
 * volume (here a volume of the test's own) and stop timeout. Its -p flags and -e values are an
 * operator's: the container shares the host's network here, so ports and URLs are the test's.
 */
export function readmeRun(): { flags: (volume: string) => string[]; env: string[]; image: string; sizeMB: number } {
  const readme = readFileSync(path.join(repoRoot, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("\n## Docker\n"), readme.indexOf("\n## Running on more than one machine"));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error("no ```sh block in the README's Docker section");
  const line = block.replace(/\\\n/g, " ").split("\n").find((l) => l.startsWith("docker run "));
  if (!line) throw new Error("no `docker run` line in the README's Docker section");
  const tokens = line.trim().split(/\s+/).slice(2);
  const kept: string[] = [];
  const env: string[] = [];
  let volumeFlag: string | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t === "--read-only") kept.push(t);
    else if (t === "--tmpfs" || t === "--stop-timeout") kept.push(t, tokens[++i]!);
    else if (t === "-v") volumeFlag = tokens[++i];
    else if (t === "-e") env.push(tokens[++i]!.split("=")[0]!);
    else if (t === "-p" || t === "--name") i++;
    else if (t === "-d") continue;
    else if (!t.startsWith("-")) kept.push(`image:${t}`);
    else throw new Error(`the README's docker run has a flag the tests do not know: ${t}`);
  }
  const image = kept.find((k) => k.startsWith("image:"))!.slice(6);
  const flags = kept.filter((k) => !k.startsWith("image:"));
  const [, target] = /^[^:]+:(.+)$/.exec(volumeFlag ?? "") ?? [];
  const sizeMB = Number(/The image is \*\*([\d,]+) MB\*\*/.exec(section)?.[1]?.replace(/,/g, ""));
  return { flags: (volume: string) => [...flags, "-v", `${volume}:${target}`], env, image, sizeMB };
}
// podman adds tmpfs mounts of its own on /tmp, /var/tmp and /run under --read-only; Docker does not.
// Without them the container has exactly what the README gives it.
export const LIKE_DOCKER = ["--read-only-tmpfs=false"];

/**
 * The flags of a portal container as the README runs it (read-only, its tmpfs, `volume`, the stop
 * timeout), on loopback ports of the test's (the host's network is shared; the published addresses
 * are the operator's), mail to `smtpUrl`, and `env` (NAME=value) on top.
 */
export function portalRunArgs(volume: string, ports: { app: number; idp: number; pg: number }, smtpUrl: string, env: string[] = []): string[] {
  const args = [...LIKE_DOCKER, ...readmeRun().flags(volume)];
  const vars = [
    "HOST=127.0.0.1",
    `PORT=${ports.app}`,
    `IDP_PORT=${ports.idp}`,
    `EMBEDDED_PG_PORT=${ports.pg}`,
    `APP_URL=http://127.0.0.1:${ports.app}`,
    `IDP_URL=http://127.0.0.1:${ports.idp}`,
    `SMTP_URL=${smtpUrl}`,
    ...env,
  ];
  for (const v of vars) args.push("-e", v);
  return args;
}
