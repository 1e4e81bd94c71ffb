#!/usr/bin/env node
// Prints the SQL that turns one Prisma schema into another, offline, exactly
// as Prisma would write it. Prisma 7's `migrate diff` needs a schema engine
// binary it cannot download here, so we run Prisma 6.19's CLI (devDependency
// `prisma-legacy`) with its WebAssembly engine (`engine: "js"` plus an
// adapter from `adapter-pg-legacy`; no database is contacted for
// schema-to-schema diffs).
//
//   node scripts/db-diff.mjs                      SQL from an empty database
//   node scripts/db-diff.mjs --from HEAD~1        diff from the schema at a git revision
//   node scripts/db-diff.mjs --from old.prisma    diff from a schema file
//   node scripts/db-diff.mjs --to other.prisma    target another schema (default prisma/schema.prisma)
//
// To add a migration (see docs/data-model.md):
//   node scripts/db-diff.mjs --from HEAD > /tmp/m.sql   # review it, then
//   mkdir prisma/migrations/$(date -u +%Y%m%d%H%M%S)_what && mv /tmp/m.sql that-folder/migration.sql
//
// Also importable: `import { diffSchemas } from "./db-diff.mjs"`.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "package.json"));

/**
 * Prisma 6.19 does not know the Prisma 7 generator options, and a diff does
 * not need a generator at all: drop every generator block. Prisma 6 also
 * insists on a datasource `url` (Prisma 7 keeps it in prisma.config.ts), so
 * give it a dummy one; nothing connects to it.
 */
export function toLegacySchema(text) {
  return text
    .replace(/^\s*generator\s+\w+\s*\{[^}]*\}[ \t]*$/gm, "")
    .replace(/(datasource\s+\w+\s*\{)([^}]*)\}/, (_m, head, body) =>
      /^\s*url\s*=/m.test(body) ? `${head}${body}}` : `${head}${body}  url = "postgresql://localhost:1/unused"\n}`,
    );
}

/**
 * Returns the SQL script that migrates `from` (schema text, or null for an
 * empty database) to `to` (schema text).
 */
export function diffSchemas(fromText, toText) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "db-diff-"));
  try {
    const toFile = path.join(dir, "to.prisma");
    writeFileSync(toFile, toLegacySchema(toText));
    const args = [require.resolve("prisma-legacy/build/index.js"), "migrate", "diff"];
    if (fromText == null) {
      args.push("--from-empty");
    } else {
      const fromFile = path.join(dir, "from.prisma");
      writeFileSync(fromFile, toLegacySchema(fromText));
      args.push("--from-schema-datamodel", fromFile);
    }
    args.push("--to-schema-datamodel", toFile, "--script");

    const configFile = path.join(dir, "prisma.config.mjs");
    const configUrl = pathToFileURL(require.resolve("prisma-legacy/config")).href;
    const adapterUrl = pathToFileURL(require.resolve("adapter-pg-legacy")).href;
    writeFileSync(
      configFile,
      `import { defineConfig } from ${JSON.stringify(configUrl)};
import adapterModule from ${JSON.stringify(adapterUrl)};
const { PrismaPg } = adapterModule;
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: ${JSON.stringify(toFile)},
  // A schema-to-schema diff needs no database: this stand-in adapter only
  // answers the version probe the schema engine sends when it connects.
  adapter: async () => {
    const real = new PrismaPg({ connectionString: "postgresql://localhost:1/unused" });
    const fail = async () => { throw new Error("db-diff: no database behind this adapter"); };
    const queryRaw = async (q) => {
      if (q.sql.includes("server_version_num")) {
        // columns: exists (Boolean=5), version (Text=7), numeric_version (Int32=0)
        return { columnNames: ["exists", "version", "numeric_version"], columnTypes: [5, 7, 0], rows: [[true, "PostgreSQL 16.0", 160000]] };
      }
      return fail();
    };
    return {
      provider: real.provider,
      adapterName: real.adapterName,
      connect: async () => ({
        provider: real.provider,
        adapterName: real.adapterName,
        queryRaw,
        executeRaw: fail,
        executeScript: fail,
        startTransaction: fail,
        getConnectionInfo: () => ({ supportsRelationJoins: true }),
        dispose: async () => {},
      }),
      connectToShadowDb: fail,
    };
  },
});
`,
    );
    args.push("--config", configFile);

    return execFileSync(process.execPath, args, {
      cwd: dir,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      maxBuffer: 64 * 1024 * 1024,
      env: {
        ...process.env,
        PRISMA_QUERY_ENGINE_LIBRARY: process.execPath,
        PRISMA_SCHEMA_ENGINE_BINARY: process.execPath,
        PRISMA_HIDE_UPDATE_MESSAGE: "1",
        PRISMA_DISABLE_WARNINGS: "1",
        CHECKPOINT_DISABLE: "1",
      },
    });
  } catch (err) {
    const e = /** @type {any} */ (err);
    throw new Error(`prisma migrate diff failed: ${e.stderr || e.message}${e.stdout ? `\n${e.stdout}` : ""}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Schema text from a file path or a git revision (of prisma/schema.prisma). */
export function readSchemaSource(spec) {
  if (existsSync(spec)) return readFileSync(spec, "utf8");
  return execFileSync("git", ["show", `${spec}:prisma/schema.prisma`], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

function main() {
  const argv = process.argv.slice(2);
  let from = null;
  let to = path.join(root, "prisma/schema.prisma");
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--from") from = argv[++i];
    else if (argv[i] === "--to") to = argv[++i];
    else if (argv[i] === "-h" || argv[i] === "--help") {
      console.log("usage: node scripts/db-diff.mjs [--from <git-rev|file>] [--to <file>]");
      return;
    } else throw new Error(`unknown argument ${argv[i]}`);
  }
  const fromText = from == null ? null : readSchemaSource(from);
  process.stdout.write(diffSchemas(fromText, readFileSync(to, "utf8")));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
