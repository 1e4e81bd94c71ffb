// `npm start` / `npm run worker`: npm does not pass SIGTERM on to the script
// it runs (measured with npm 11: `kill -TERM <npm>` ends npm and leaves node
// serving, holding the port and DATA_DIR). So a portal started by npm watches
// the npm process and, when it is gone, stops itself as on SIGTERM (drain,
// jobs, provider, database). Only the primary process watches (the HTTP
// processes of WEB_CONCURRENCY are stopped by it). Linux only (/proc);
// elsewhere, or started without npm, nothing changes. docs/operations.md, 'Signals'.
import cluster from "node:cluster";
import { readFileSync } from "node:fs";

function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // pid (comm) state ppid … : comm may hold spaces and parentheses.
    const rest = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { state: rest[0], ppid: Number(rest[1]), startTime: rest[19] };
  } catch {
    return undefined;
  }
}

function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
  } catch {
    return "";
  }
}

/** The npm process this one was started by (its parent, or the parent of the `sh -c` in between). */
export function findNpmAncestor(pid = process.pid) {
  let current = stat(pid)?.ppid;
  for (let depth = 0; current && current > 1 && depth < 4; depth++) {
    if (/(^|[/ ])npm(-cli\.js)?( |$)|npm-cli\.js/.test(commandLine(current))) return current;
    current = stat(current)?.ppid;
  }
  return undefined;
}

export function stopWithNpm({ intervalMs = 500 } = {}) {
  if (!process.env.npm_lifecycle_event || process.platform !== "linux" || !cluster.isPrimary) return;
  const npmPid = findNpmAncestor();
  if (!npmPid) return;
  const started = stat(npmPid)?.startTime;
  const timer = setInterval(() => {
    const now = stat(npmPid);
    if (now && now.startTime === started && now.state !== "Z") return;
    clearInterval(timer);
    console.log(`[portal] npm (pid ${npmPid}) has ended: stopping as on SIGTERM`);
    process.kill(process.pid, "SIGTERM");
  }, intervalMs);
  timer.unref();
}
