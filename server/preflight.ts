// Checks before anything starts (decision 0042, issue 19 item 13): every
// setting's shape (env()), STORAGE_URL's form, the ports the portal will listen on,
// and the database role's privileges (server/prepare-database.ts runs them, decision 0086). Each failure names the variable or the
// privilege, and nothing (database, migrations, banner) has started yet.
import { createServer } from "node:net";
import pg from "pg";
import { env } from "~/lib/env.server";
import { listenHost } from "~/lib/net.server";

/** A start-up check failed: the message is the operator's whole answer (no stack shown). */
export class PreflightError extends Error {
  override name = "PreflightError";
}

function tryListen(port: number, host: string | undefined): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once("error", (error: NodeJS.ErrnoException) => resolve(error));
    srv.listen({ port, host, exclusive: true }, () => srv.close(() => resolve(undefined)));
  });
}

/** The settings, STORAGE_URL and the free ports: before the database starts. */
export async function checkSettingsBeforeStart({ httpPort = true, idpPort = true }: { httpPort?: boolean; idpPort?: boolean } = {}): Promise<void> {
  const e = env(); // throws SettingsError naming each bad variable
  if (e.STORAGE_URL) {
    const { parseStorageUrl } = await import("~/lib/storage-s3.server");
    parseStorageUrl(e.STORAGE_URL); // StorageUrlError names STORAGE_URL
  }
  if (e.OIDC_ISSUER && (!e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET)) {
    throw new PreflightError("OIDC_ISSUER is set: OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required too");
  }
  const host = listenHost();
  const ports: Array<[string, number]> = [];
  if (httpPort) ports.push(["PORT", e.PORT]);
  if (idpPort && !e.OIDC_ISSUER) ports.push(["IDP_PORT", e.IDP_PORT]);
  if (httpPort && !e.OIDC_ISSUER && e.PORT === e.IDP_PORT) {
    throw new PreflightError(`PORT and IDP_PORT are both ${e.PORT}: the portal and the built-in provider need a port each`);
  }
  for (const [name, port] of ports) {
    const error = await tryListen(port, host);
    if (!error) continue;
    const why = error.code === "EADDRINUSE" ? "is in use by another program" : error.code === "EACCES" ? "may not be used by this user" : `cannot be used (${error.message})`;
    throw new PreflightError(`${name}=${port}: port ${port} on ${host ?? "every interface"} ${why}. Set ${name} to a free port, or stop what uses it.`);
  }
}

/**
 * The database role may do what the start needs (README 'Database role'):
 * CREATE on the database (the pg_trgm extension, graphile-worker's schema),
 * CREATE on the schema public (migrations), and pg_trgm installed or
 * installable on the server. Connecting is checked too, naming DATABASE_URL.
 */
export async function checkDatabasePrivileges(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 30_000 });
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { code?: string };
    await client.end().catch(() => {});
    throw new PreflightError(`DATABASE_URL: cannot connect to the database (${e.code ? `${e.code}: ` : ""}${e.message}). Check the host, port, user, password and database name.`);
  }
  try {
    const { rows } = await client.query<{
      role: string;
      db: string;
      db_create: boolean;
      schema_create: boolean;
      trgm_installed: boolean;
      trgm_available: boolean;
      worker_schema: boolean;
    }>(`SELECT current_user AS role, current_database() AS db,
              has_database_privilege(current_database(), 'CREATE') AS db_create,
              has_schema_privilege('public', 'CREATE') AS schema_create,
              EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AS trgm_installed,
              EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') AS trgm_available,
              EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'graphile_worker') AS worker_schema`);
    const r = rows[0]!;
    const missing: string[] = [];
    const needsDbCreate = !r.trgm_installed || !r.worker_schema;
    if (needsDbCreate && !r.db_create) {
      missing.push(`CREATE on the database "${r.db}" (to create the pg_trgm extension and the graphile_worker schema): GRANT CREATE ON DATABASE "${r.db}" TO "${r.role}"`);
    }
    if (!r.schema_create) missing.push(`CREATE on the schema public (for the migrations): GRANT CREATE ON SCHEMA public TO "${r.role}"`);
    if (!r.trgm_installed && !r.trgm_available) {
      missing.push("the pg_trgm extension, which this PostgreSQL server does not have: install the server's contrib package (postgresql-contrib), or CREATE EXTENSION pg_trgm as a superuser");
    }
    if (missing.length) {
      throw new PreflightError(
        `The database role "${r.role}" (DATABASE_URL) lacks what the portal needs:\n${missing.map((m) => `  - ${m}`).join("\n")}\nSee README.md, 'Database role'.`,
      );
    }
  } finally {
    await client.end().catch(() => {});
  }
}
