// setupFiles of the integration project, which runs its files in one process per worker
// (isolate: false, decision 0101): each file still starts as if alone. The process's environment
// goes back to what it was before the first file, and the project's own modules are evaluated
// afresh (their caches: env, secrets, the database client, the provider, the job runner), while
// node_modules stay loaded: those imports were most of a file's start.
import { afterAll, vi } from "vitest";

const g = globalThis as { __envBeforeFirstFile?: Record<string, string | undefined> };
if (!g.__envBeforeFirstFile) {
  g.__envBeforeFirstFile = { ...process.env };
} else {
  const before = g.__envBeforeFirstFile;
  for (const key of Object.keys(process.env)) if (!(key in before)) delete process.env[key];
  for (const [key, value] of Object.entries(before)) if (value !== undefined) process.env[key] = value;
}
vi.resetModules();

// A job runner a file left running would poll its dropped database for the rest of the worker's
// files (a process of its own used to end with the file).
afterAll(async () => {
  const { stopWorker } = await import("~/lib/jobs.server");
  await stopWorker();
});
