// Prometheus metrics (issue 19 item 11; docs/operations.md 'Metrics'), with
// prom-client, served at /metrics to loopback or with METRICS_TOKEN:
// - portal_http_requests_total{method,route,status} and
//   portal_http_request_duration_seconds{method,route}: every request the
//   HTTP server answers, refusals (403, 413, 421, …) included. `route` is the
//   Remix route id the path matches ('static' for files), never the path, so
//   the number of series stays bounded whatever is requested;
// - portal_jobs{task,state} (queued, scheduled, running, failed) and
//   portal_job_oldest_waiting_seconds{task}, read from graphile-worker's
//   tables at each scrape (the same for every process of one database);
// - portal_mail_messages{status} (SENT, FAILED, …) from mail_messages;
// - portal_db_pool_connections{state} (total, idle, waiting) of this process;
// - Node's own (CPU, memory, event loop, GC), prefixed portal_.
// With WEB_CONCURRENCY > 1 an HTTP process asks the primary, which adds up
// every process's registry (prom-client's AggregatorRegistry).
import type { IncomingMessage, ServerResponse } from "node:http";
import cluster from "node:cluster";
import client from "prom-client";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { dbPoolStats, queryRows } from "./db.server";

const register = client.register;
let defaultsCollected = false;

const requests = new client.Counter({
  name: "portal_http_requests_total",
  help: "HTTP requests answered, by method, route (Remix route id) and status",
  labelNames: ["method", "route", "status"] as const,
});
const durations = new client.Histogram({
  name: "portal_http_request_duration_seconds",
  help: "Time from the request's arrival to the end of its answer",
  labelNames: ["method", "route"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

// Registered before the gauges that read the database: a scrape collects in registration order, so
// the pool is read before the scrape's own statements queue for a connection (pg-pool counts a
// statement as waiting until the next tick even with idle connections): an idle portal shows 0.
new client.Gauge({
  name: "portal_db_pool_connections",
  help: "Database connections of this process's pool: total, idle, and requests waiting for one",
  labelNames: ["state"] as const,
  collect() {
    const s = dbPoolStats();
    this.set({ state: "total" }, s.total);
    this.set({ state: "idle" }, s.idle);
    this.set({ state: "waiting" }, s.waiting);
  },
});

// Read from the database at each scrape: the same in every process, so the cluster's sum takes one.
new client.Gauge({
  name: "portal_jobs",
  help: "Jobs by task and state: queued (due, waiting for a runner), scheduled (due later, retries included), running, failed (no attempt left)",
  labelNames: ["task", "state"] as const,
  aggregator: "max",
  async collect() {
    this.reset();
    const rows = await jobRows();
    for (const r of rows) {
      for (const state of ["queued", "scheduled", "running", "failed"] as const) this.set({ task: r.task, state }, Number(r[state]));
    }
  },
});
new client.Gauge({
  name: "portal_job_oldest_waiting_seconds",
  help: "Age of the oldest queued (due, unlocked) job by task",
  labelNames: ["task"] as const,
  aggregator: "max",
  async collect() {
    this.reset();
    for (const r of await jobRows()) this.set({ task: r.task }, Number(r.oldest_waiting_seconds ?? 0));
  },
});
new client.Gauge({
  name: "portal_mail_messages",
  help: "Email messages by delivery status (mail_messages)",
  labelNames: ["status"] as const,
  aggregator: "max",
  async collect() {
    this.reset();
    const rows = await queryRows<{ status: string; n: string }>("SELECT status, count(*)::text AS n FROM mail_messages GROUP BY status", []);
    for (const r of rows) this.set({ status: r.status }, Number(r.n));
  },
});

type JobRow = { task: string; queued: string; scheduled: string; running: string; failed: string; oldest_waiting_seconds: string | null };
/** One statement per scrape, shared by the two job gauges. */
let jobRowsOnce: { at: number; rows: Promise<JobRow[]> } | undefined;
function jobRows(): Promise<JobRow[]> {
  if (jobRowsOnce && Date.now() - jobRowsOnce.at < 1000) return jobRowsOnce.rows;
  const rows = queryRows<JobRow>(`
    SELECT t.identifier AS task,
           count(*) FILTER (WHERE j.locked_at IS NULL AND j.attempts < j.max_attempts AND j.run_at <= now())::text AS queued,
           count(*) FILTER (WHERE j.locked_at IS NULL AND j.attempts < j.max_attempts AND j.run_at > now())::text AS scheduled,
           count(*) FILTER (WHERE j.locked_at IS NOT NULL)::text AS running,
           count(*) FILTER (WHERE j.locked_at IS NULL AND j.attempts >= j.max_attempts)::text AS failed,
           extract(epoch FROM now() - min(j.run_at) FILTER (WHERE j.locked_at IS NULL AND j.attempts < j.max_attempts AND j.run_at <= now()))::text AS oldest_waiting_seconds
      FROM graphile_worker._private_tasks t
      LEFT JOIN graphile_worker._private_jobs j ON j.task_id = t.id
     GROUP BY t.identifier`, []);
  jobRowsOnce = { at: Date.now(), rows };
  rows.catch(() => {
    if (jobRowsOnce?.rows === rows) jobRowsOnce = undefined;
  });
  return rows;
}

// ---------------------------------------------------------------- the route label

type BuildRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };
let routeTree: AgnosticRouteObject[] | undefined;
const labelCache = new Map<string, string>();
const LABEL_CACHE_MAX = 5000;

/** The server build's routes (scripts/serve.mjs passes them at start). */
export function setMetricsRoutes(routes: Record<string, BuildRoute | undefined>) {
  const byParent = new Map<string | undefined, BuildRoute[]>();
  for (const r of Object.values(routes)) {
    if (!r) continue;
    const list = byParent.get(r.parentId) ?? [];
    list.push(r);
    byParent.set(r.parentId, list);
  }
  const build = (parentId: string | undefined): AgnosticRouteObject[] =>
    (byParent.get(parentId) ?? []).map((r) =>
      r.index
        ? { id: r.id, path: r.path, index: true, caseSensitive: r.caseSensitive }
        : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: build(r.id) },
    );
  routeTree = build(undefined);
  labelCache.clear();
}

export function routeLabel(pathname: string): string {
  if (pathname.startsWith("/build/")) return "static";
  const cached = labelCache.get(pathname);
  if (cached) return cached;
  let label = "unmatched";
  if (routeTree) {
    const matches = matchRoutes(routeTree, pathname);
    if (matches?.length) label = matches[matches.length - 1]!.route.id!;
  }
  if (labelCache.size >= LABEL_CACHE_MAX) labelCache.clear();
  labelCache.set(pathname, label);
  return label;
}

/** First of the HTTP server's middleware: counts and times every answer. */
export function metricsMiddleware(req: IncomingMessage, res: ServerResponse, next: () => void) {
  const start = process.hrtime.bigint();
  res.once("finish", () => {
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const pathname = (req.url ?? "/").split("?")[0]!;
    const route = routeLabel(pathname);
    const method = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].includes(req.method ?? "") ? req.method! : "OTHER";
    requests.inc({ method, route, status: String(res.statusCode) });
    durations.observe({ method, route }, seconds);
  });
  next();
}

function collectDefaults() {
  if (defaultsCollected) return;
  defaultsCollected = true;
  client.collectDefaultMetrics({ prefix: "portal_" });
}
collectDefaults();
// An HTTP process of WEB_CONCURRENCY answers the primary's request for its
// metrics: prom-client installs that listener when an AggregatorRegistry is made.
if (cluster.isWorker) new client.AggregatorRegistry();

/** This process's metrics in Prometheus's text format. */
export async function processMetrics(): Promise<{ contentType: string; text: string }> {
  return { contentType: register.contentType, text: await register.metrics() };
}

let aggregator: client.AggregatorRegistry<client.PrometheusContentType> | undefined;
/** In the primary of WEB_CONCURRENCY > 1: every HTTP process's metrics added up (prom-client's cluster support). */
export async function clusterMetricsText(): Promise<string> {
  if (!cluster.isPrimary) throw new Error("clusterMetricsText() is for the primary");
  aggregator ??= new client.AggregatorRegistry();
  const workers = await aggregator.clusterMetrics();
  return workers;
}
