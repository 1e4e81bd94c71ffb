// The server build as remix-serve sees it: the compiled Remix build, booted
// (database, migrations, seed, identity provider, job runner) and with every
// action behind the same-origin check. See app/lib/server-hooks.server.ts.
import * as compiled from "../build/server/index.js";

const build = await compiled.entry.module.prepareServerBuild(compiled);

export const { assets, assetsBuildDirectory, basename, entry, future, isSpaMode, mode, publicPath, routes } = build;
