// /healthz: is the database answering and is the job runner running?
import { prisma } from "./db.server";
import { workerState } from "./jobs.server";

export async function checkHealth() {
  let database: "up" | "down" = "down";
  try {
    await Promise.race([
      prisma.$queryRaw`SELECT 1`,
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 3000)),
    ]);
    database = "up";
  } catch {
    database = "down";
  }
  const worker = workerState();
  const ok = database === "up" && (worker === "running" || worker === "disabled");
  return { status: ok ? "ok" : "degraded", database, worker, time: new Date().toISOString() } as const;
}
