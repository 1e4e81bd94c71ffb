// A stand-in HTTP process for tests/unit/http-workers.test.ts (run by
// node:cluster from startHttpWorkers): answers its pid on FIXTURE_PORT, and
// behaves as FIXTURE_MODE says:
//   serve        serve until SIGTERM, then close and exit 0
//   crash        exit 1 before listening (a start-up that fails)
//   fatal        exit 78 before listening (cannot work: no restart)
//   stubborn     serve, and ignore SIGTERM (killed after the stop limit)
import http from "node:http";

const mode = process.env.FIXTURE_MODE ?? "serve";
if (mode === "crash") setTimeout(() => process.exit(1), 20);
if (mode === "fatal") setTimeout(() => process.exit(78), 20);
const server = http.createServer((_req, res) => res.end(String(process.pid)));
if (mode !== "crash" && mode !== "fatal") server.listen(Number(process.env.FIXTURE_PORT), "127.0.0.1");
process.on("SIGTERM", () => {
  if (mode === "stubborn") return;
  server.close(() => process.exit(0));
});
