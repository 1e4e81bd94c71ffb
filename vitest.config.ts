import path from "node:path";
import { defineConfig } from "vitest/config";
import LongestFirstSequencer from "./tests/support/sequencer";
import { UNIT, UNIT_MOCKING } from "./tests/support/unit-projects";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

/**
 * How many files of a project run at once: E2E_WORKERS, INTEGRATION_WORKERS, RELIABILITY_WORKERS
 * (1 runs them one after another). e2e keeps 2, one per core: its browsers compute all the time
 * (97 % busy, decision 0093). integration and reliability wait a quarter of their time (sign-in
 * delays, retries, restarts, cron ticks), so a third file fills the gaps (decision 0095).
 */
function workers(name: string, fallback: number): number {
  const raw = process.env[name] ?? String(fallback);
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 16) {
    throw new Error(`${name} must be a whole number from 1 to 16 (got ${JSON.stringify(raw)})`);
  }
  return n;
}


export default defineConfig({
  resolve: { alias },
  test: {
    // Longest file first, from the fresh-clone times in tests/support/file-durations.json.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: UNIT,
          exclude: UNIT_MOCKING,
          environment: "node",
          // One module graph for all unit files (threads, no isolation): each file imported the app's
          // modules afresh, 70 of its 94 CPU seconds (27 Nov: 94 -> 27 CPU s). Files that replace a
          // module with vi.mock run isolated in unit-isolated.
          pool: "threads",
          isolate: false,
          // Some unit tests hash with scrypt, start child processes or a local S3: on a busy 2-core
          // machine vitest's 5 s default ran out (11 of 1,212 on 27 Nov). Only a failing test waits longer.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // `npm test`'s unit stage runs both (--project 'unit*').
          name: "unit-isolated",
          include: UNIT_MOCKING,
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "tests/security/**/*.test.ts"],
          exclude: ["tests/security/**/*.e2e.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/global-postgres.ts"],
          pool: "forks",
          maxWorkers: workers("INTEGRATION_WORKERS", 3),
          // One process per worker for all its files; tests/support/file-isolation.ts gives each file
          // a fresh environment and fresh app modules (node_modules stay loaded).
          isolate: false,
          setupFiles: ["tests/support/file-isolation.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts", "tests/security/**/*.e2e.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/global-postgres.ts", "tests/support/global-app.ts"],
          pool: "forks",
          // One portal per worker (sharedApp() picks by VITEST_POOL_ID).
          maxWorkers: workers("E2E_WORKERS", 2),
          // The files of a worker share one module graph and one Chromium (tests/support/browser.ts):
          // each file imported the app's modules afresh (213 s of import time in a run) and
          // launched its own browser. Every test still has fresh browser contexts.
          isolate: false,
          // Its own group: in a run of every project, its worker ids are its own.
          sequence: { groupOrder: 1 },
          // Generous: with two workers on two cores a test's wall time can double (never a timed assertion).
          testTimeout: 180_000,
          hookTimeout: 240_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Crashes, kills and restarts of the built portal (child processes).
          name: "reliability",
          include: ["tests/reliability/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/global-postgres.ts", "tests/reliability/global-setup.ts"],
          pool: "forks",
          maxWorkers: workers("RELIABILITY_WORKERS", 3),
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // The image itself, built and run with podman (decision 0090): `npm test`'s container stage.
          name: "container",
          include: ["tests/container/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/container/global-setup.ts"],
          pool: "forks",
          // One container at a time: a build and a portal already fill two cores.
          maxWorkers: 1,
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
