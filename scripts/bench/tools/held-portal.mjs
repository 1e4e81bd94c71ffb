// What the in-process tools (render-cpu, ab-cpu, ab-post-cpu) share: the
// options that name a held `BENCH_HOLD=1 npm run bench:http` (its data
// folder, database, address and a session cookie), the environment the
// portal's server code reads, and the loading of a build with its hooks.
// A developer's tool, never a test.
import path from "node:path";

/** parseArgs options for the held portal, plus the tool's own. */
export const heldOptions = (own) => ({
  "data-dir": { type: "string" },
  db: { type: "string" },
  "app-url": { type: "string" },
  cookie: { type: "string", default: "" },
  ...own,
});

/** Point the portal's server code at the held portal; returns @remix-run/node's handler maker. */
export async function useHeldPortal(opt) {
  Object.assign(process.env, {
    NODE_ENV: "production",
    DATA_DIR: opt["data-dir"],
    DATABASE_URL: opt.db,
    APP_URL: opt["app-url"],
    BENCH_ROUTES: "1",
    RUN_WORKER: "false",
  });
  // Node's own fetch globals, as server/serve.ts (no installGlobals: decision 0088).
  const { createRequestHandler } = await import("@remix-run/node");
  const { register } = await import("prom-client");
  return async function loadBuild(file) {
    // A second build (ab-cpu: A and B in one process) registers the same metric names again in
    // prom-client's one registry, which refuses them: the earlier build's metrics leave the registry
    // (they still count; nothing here reads /metrics).
    register.clear();
    // The server's main module (server/index.ts): the Remix build, its hooks and the database to configure.
    const main = await import(path.resolve(file));
    main.configureDatabase(opt.db);
    // Served as start() serves it (wrapBuild: each loader's Request tied to the request's load context, so
    // perRequest() shares the session and shell between the root's and the page's loaders); a build without
    // the export (before 2026-11-27) is served bare.
    const served = main.wrapBuild ? main.wrapBuild(main.build) : main.build;
    return { build: main.build, hooks: main.httpServerHooks(), handle: createRequestHandler(served, "production") };
  };
}
