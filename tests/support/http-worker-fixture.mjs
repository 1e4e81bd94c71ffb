// A stand-in HTTP process for tests/unit/http-workers.test.ts (run by
// node:cluster from startHttpWorkers): answers its pid on FIXTURE_PORT, and
// behaves as FIXTURE_MODE says:
//   serve        serve until SIGTERM, then close and exit 0
//   crash        exit 1 before listening (a start-up that fails)
//   fatal        exit 78 before listening (cannot work: no restart)
//   stubborn     serve, and ignore SIGTERM (killed after the stop limit)
// It speaks the primary's messages as server/http-workers.ts does:
// GET /state answers the last job-runner state the primary sent, GET /ask the
// primary's answer to askPrimary("fixture").
import http from "node:http";

const mode = process.env.FIXTURE_MODE ?? "serve";
if (mode === "crash") setTimeout(() => process.exit(1), 20);
if (mode === "fatal") setTimeout(() => process.exit(78), 20);

let state = "none";
const replies = new Map();
const onMessage = (message) => {
  if (message?.type === "portal:worker-state") state = message.state;
  if (message?.type === "portal:reply") replies.get(message.id)?.(message.value);
};
let nextId = 1;
const ask = (kind) =>
  new Promise((resolve) => {
    const id = nextId++;
    replies.set(id, resolve);
    process.send({ type: "portal:ask", id, kind });
  });

const server = http.createServer(async (req, res) => {
  if (req.url === "/state") return res.end(state);
  if (req.url === "/ask") return res.end(JSON.stringify(await ask("fixture")));
  res.end(String(process.pid));
});
// Like the portal, which loads its build first: the message handler comes 300 ms after the start, just before listening.
if (mode !== "crash" && mode !== "fatal") {
  setTimeout(() => {
    process.on("message", onMessage);
    server.listen(Number(process.env.FIXTURE_PORT), "127.0.0.1");
  }, 300);
}
process.on("SIGTERM", () => {
  if (mode === "stubborn") return;
  server.close(() => process.exit(0));
});
