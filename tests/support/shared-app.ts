// The e2e stage's portals (tests/support/global-app.ts starts one per vitest
// worker) and the one this test file uses: worker N (VITEST_POOL_ID, 1-based,
// unique among the files running at the same moment) always gets portal N,
// so the files of one worker run one after another against their own portal
// and database, never against another worker's.
import { inject } from "vitest";

export interface SharedApp {
  appUrl: string;
  idpUrl: string;
  /** The portal's own database (cloned from the migrated template). */
  databaseUrl: string;
  dataDir: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** One portal per e2e worker, in worker order (index 0 is VITEST_POOL_ID 1). */
    e2eApps: SharedApp[];
  }
}

/** This worker's portal. */
export function sharedApp(): SharedApp {
  const apps = inject("e2eApps");
  if (!apps || apps.length === 0) {
    throw new Error("No shared portal: run this file in the e2e project (tests/support/global-app.ts starts them)");
  }
  const poolId = Number(process.env.VITEST_POOL_ID ?? "1");
  const index = Number.isInteger(poolId) && poolId >= 1 ? (poolId - 1) % apps.length : 0;
  return apps[index]!;
}
