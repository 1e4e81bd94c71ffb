// Child process of scripts/bench/reports.mjs: runs one report request through
// the portal's runReport (as the job runner does) and prints its wall time and
// peak RSS growth over the process's RSS just before the run, as JSON.
import { importTs } from "../../lib/import-ts.mjs";

const id = Number(process.argv[2]);
const lib = await importTs("scripts/bench/lib/reports-lib.ts");
await lib.prisma.$queryRawUnsafe("SELECT 1");
globalThis.gc?.();
const base = process.memoryUsage().rss;
let peak = base;
const timer = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 10);
const cpu0 = process.cpuUsage();
const started = process.hrtime.bigint();
const result = await lib.runReport(id);
const ms = Number(process.hrtime.bigint() - started) / 1e6;
const cpu = process.cpuUsage(cpu0);
clearInterval(timer);
peak = Math.max(peak, process.memoryUsage().rss);
await lib.disconnectPrisma();
process.stdout.write(JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000, baseMb: base / 2 ** 20, peakMb: peak / 2 ** 20, growthMb: (peak - base) / 2 ** 20, result }) + "\n");
