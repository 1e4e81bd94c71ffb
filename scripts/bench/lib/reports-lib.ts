// The portal code the reports bench calls (bundled by scripts/lib/import-ts.mjs).
import pg from "pg";
import { inProgressArgs, inProgressPage, IN_PROGRESS_SQL } from "../../../app/features/inprog/inprog.server";
import { runReport } from "../../../app/features/reports/run.server";
import { reportQuery } from "../../../app/features/reports/sql.server";
import { disconnectPrisma, prisma } from "../../../app/lib/db.server";
import { migrate } from "../../../server/migrate";
import { LARGE_AGENT_EMAIL, LARGE_DIRECTOR_EMAIL, seedLargeData } from "../../../prisma/seed/large";
import { seedReferenceData } from "../../../prisma/seed/reference";
import { configureDatabase as useBenchDatabase } from "../../../app/lib/db.server";
import { env as benchEnv } from "../../../app/lib/env.server";

// The bench's database: bench-db.mjs set DATABASE_URL before this module was imported (start() configures the portal's).
useBenchDatabase(benchEnv().DATABASE_URL!);

export { disconnectPrisma, inProgressArgs, inProgressPage, IN_PROGRESS_SQL, prisma, reportQuery, runReport };

/** Migrations, reference data and the 100,000-agent data set of `npm run seed:large`. */
export async function prepare(url: string, agents: number, log: (m: string) => void) {
  await migrate(url, { log: () => {} });
  await seedReferenceData();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await seedLargeData(client, { agents, passwordHash: null, log });
    log(`seed:large: ${r.agents} agents, ${r.closureRows} closure rows, ${r.appointments} applications in ${r.ms} ms`);
  } finally {
    await client.end();
  }
  const director = await prisma.user.findUniqueOrThrow({ where: { userName: LARGE_DIRECTOR_EMAIL }, select: { id: true } });
  const agent = await prisma.user.findUniqueOrThrow({ where: { userName: LARGE_AGENT_EMAIL }, select: { id: true } });
  return { directorId: director.id, agentId: agent.id };
}

/** A pending downline report request of the user (no job: the bench runs it itself). */
export async function newDownlineRequest(userId: string): Promise<number> {
  const r = await prisma.reportRequest.create({
    data: { requestedById: userId, reportId: 1, inputJson: { reportId: "1", appointmentStatusId: "0" }, filterText: "None" },
    select: { reportRequestId: true },
  });
  return r.reportRequestId;
}
