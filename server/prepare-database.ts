// The database a start (web or worker) and the operator's seed:large use, made ready the one way
// (decision 0086): everything that can fail outside the portal is checked first, and only then is
// anything written, so a start that stops on a bad STORAGE_URL, an unreachable database, a missing
// secret or another key leaves the database as it found it, and the next start is a first start.
//   checks:  every setting and the ports, the stored files' place (STORAGE_URL or DATA_DIR/files),
//            the database reachable with its privileges, each secret present or allowed to be made,
//            the encryption key against the check value already stored (if any);
//   writes:  migrations, the generated secrets (DATA_DIR/secrets.json), the key check value.
// The embedded PostgreSQL (DATABASE_URL unset) is the one exception: it must exist to be checked,
// so its data folder and its two passwords are made under DATA_DIR first.
import { openDataDirDatabase } from "./data-dir-database";
import type { EmbeddedDatabase } from "./embedded-postgres";
import { migrate } from "./migrate";
import { checkDatabasePrivileges, checkSettingsBeforeStart } from "./preflight";
import { prisma } from "~/lib/db.server";
import { databaseHasPortalData, verifyEncryptionKey } from "~/lib/encryption-key.server";
import { env } from "~/lib/env.server";
import { assertSecretMayBeMade, findSecret, getSecret, isProductionStart, MissingSecretError, refuseSecretGeneration, type SecretName } from "~/lib/secrets.server";
import { checkStorage } from "~/lib/storage.server";

/** The secrets a web start resolves (and the HTTP processes and job thread are given). */
export function startSecretNames(): SecretName[] {
  return env().OIDC_ISSUER ? ["SESSION_SECRET", "ENCRYPTION_KEY"] : ["SESSION_SECRET", "ENCRYPTION_KEY", "IDP_COOKIE_KEY", "OIDC_CLIENT_SECRET"];
}

export async function prepareDatabase({
  log,
  secrets,
  ports = { http: true, idp: true },
}: {
  log: (msg: string) => void;
  secrets: SecretName[];
  /** Which ports this command will listen on (checked free before anything starts). */
  ports?: { http: boolean; idp: boolean };
}): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  // Checks: nothing below writes until the migrations.
  await checkSettingsBeforeStart({ httpPort: ports.http, idpPort: ports.idp });
  log(`Files: ${await checkStorage()}`);
  const database = await openDataDirDatabase(log);
  try {
    await checkDatabasePrivileges(database.url);
    await checkSecrets(database.url, secrets, { record: false, log });

    // Writes.
    const { applied } = await migrate(database.url, { log });
    log(applied.length ? `Applied migrations: ${applied.join(", ")}` : "Database schema is up to date");
    await warnIfSuperuser();
    await checkSecrets(database.url, secrets, { record: true, log });
  } catch (error) {
    // The caller exits on the error; a command (seed:large) must not leave the embedded server running.
    if (database.embedded) await database.embedded.stop().catch(() => undefined);
    throw error;
  }
  return database;
}

/**
 * Decision 0042: in production (NODE_ENV=production or a public APP_URL) a
 * database an earlier start set up gets no made-up secrets: each missing one
 * is named and the start stops. Then the encryption key must be the key of
 * the data already there (ENCRYPTION_KEY named otherwise). `record: false`
 * generates and records nothing (a key still to be generated is compared once made).
 */
async function checkSecrets(databaseUrl: string, names: SecretName[], { record, log }: { record: boolean; log: (msg: string) => void }) {
  if (isProductionStart() && (await databaseHasPortalData(databaseUrl))) {
    refuseSecretGeneration("this database was set up by an earlier start (it has accounts or an encryption key check value)");
  }
  const missing: string[] = [];
  for (const name of names) {
    try {
      if (record) getSecret(name);
      else assertSecretMayBeMade(name);
    } catch (error) {
      if (!(error instanceof MissingSecretError)) throw error;
      missing.push(error.message);
    }
  }
  if (missing.length) throw new MissingSecretError(missing.join("\n"));
  const current = record ? getSecret("ENCRYPTION_KEY") : findSecret("ENCRYPTION_KEY");
  if (current) await verifyEncryptionKey(databaseUrl, { current, previous: env().ENCRYPTION_KEY_PREVIOUS, log, record });
}

/** An external DATABASE_URL should not be a superuser either (decision 0014): say so, once per start. */
async function warnIfSuperuser() {
  const [row] = await prisma.$queryRaw<Array<{ rolsuper: boolean; name: string }>>`
    SELECT rolsuper, rolname AS name FROM pg_roles WHERE rolname = current_user`;
  if (row?.rolsuper) {
    console.warn(
      `[portal] warning: the database role "${row.name}" is a superuser. Give the portal a role that owns its database but is no superuser (see docs/decisions/0014-crash-safety-and-deployment.md).`,
    );
  }
}
