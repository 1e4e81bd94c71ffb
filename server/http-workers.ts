// WEB_CONCURRENCY=N > 1 (decision 0034): the primary process forks N HTTP
// processes (node:cluster, one shared listening socket on PORT) and keeps
// them running: a process that dies is started again after a back-off; too
// many deaths in a short time (a crash loop) is a failure of the whole
// portal, reported through onFatal. stop() is the HTTP side of the shutdown:
// SIGTERM to every HTTP process (each drains: server/http-drain.ts), SIGKILL
// to what is still running after the limit.
//
// The worker side: HTTP processes know they are one by PORTAL_HTTP_WORKER,
// take what the primary booted from PORTAL_HTTP_WORKER_CONFIG (server/boot.ts)
// and talk to the primary over the cluster's IPC channel (askPrimary).
import cluster, { type Worker } from "node:cluster";

/** Set in the environment of every forked HTTP process. */
export const HTTP_WORKER_ENV = "PORTAL_HTTP_WORKER";
/** JSON handed from the primary to its HTTP processes (secrets included: environment only, never argv or logs). */
export const HTTP_WORKER_CONFIG_ENV = "PORTAL_HTTP_WORKER_CONFIG";
/**
 * An HTTP process that exits with this code cannot work however often it is
 * started (its port is taken, its settings are refused): no restart, the
 * portal stops.
 */
export const HTTP_WORKER_FATAL_EXIT = 78;

export const isHttpWorker = () => process.env[HTTP_WORKER_ENV] === "1";

export type CrashLoop = { deaths: number; windowMs: number };
export const DEFAULT_CRASH_LOOP: CrashLoop = { deaths: 5, windowMs: 60_000 };

/** 0.5 s, 1 s, 2 s, 4 s, … at most 10 s, by the deaths within the crash-loop window. */
export const restartDelayMs = (recentDeaths: number) => Math.min(10_000, 500 * 2 ** Math.max(0, recentDeaths - 1));

export type PrimaryMessage = { type: "portal:worker-state"; state: string } | { type: "portal:reply"; id: number; value: unknown };
export type WorkerMessage = { type: "portal:ask"; id: number; kind: string };

export interface HttpWorkersOptions {
  count: number;
  /** The script each HTTP process runs (scripts/serve.mjs). */
  exec: string;
  /** Added to this process's environment for every HTTP process. */
  env: Record<string, string>;
  log?: (message: string) => void;
  crashLoop?: CrashLoop;
  restartDelayMs?: (recentDeaths: number) => number;
  /** The HTTP processes cannot be kept running (crash loop, fatal exit): the caller stops the portal. */
  onFatal: (reason: string) => void;
  /** Answers an HTTP process's askPrimary(kind) (a promise is awaited). */
  answer?: (kind: string) => unknown;
  /** Sent to every HTTP process once it listens (e.g. the job runner's state). */
  greeting?: () => PrimaryMessage | undefined;
}

export interface HttpWorkers {
  /** Resolves when the first `count` processes listen (rejects on onFatal before that). */
  ready: Promise<void>;
  pids(): number[];
  broadcast(message: PrimaryMessage): void;
  /** SIGTERM to each HTTP process; SIGKILL after timeoutMs; resolves when all have exited. */
  stop(timeoutMs: number): Promise<void>;
}

export function startHttpWorkers(opts: HttpWorkersOptions): HttpWorkers {
  const log = opts.log ?? ((m: string) => console.log(`[portal] ${m}`));
  const loop = opts.crashLoop ?? DEFAULT_CRASH_LOOP;
  const delayFor = opts.restartDelayMs ?? restartDelayMs;
  const live = new Map<Worker, Promise<void>>();
  const restarts = new Set<NodeJS.Timeout>();
  const deaths: number[] = [];
  let stopping = false;
  let failed = false;
  let listening = 0;
  let resolveReady!: () => void;
  let rejectReady!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  ready.catch(() => undefined);

  cluster.setupPrimary({ exec: opts.exec, args: [] });

  const fatal = (reason: string) => {
    if (failed || stopping) return;
    failed = true;
    for (const t of restarts) clearTimeout(t);
    restarts.clear();
    rejectReady(new Error(reason));
    opts.onFatal(reason);
  };

  function fork() {
    const worker = cluster.fork({ ...opts.env, [HTTP_WORKER_ENV]: "1" });
    const pid = worker.process.pid;
    live.set(
      worker,
      new Promise<void>((resolve) => {
        worker.once("exit", (code, signal) => {
          live.delete(worker);
          resolve();
          onExit(pid, code, signal);
        });
      }),
    );
    worker.once("listening", () => {
      // Now, not at "online": by the time it listens the process has its message handler (a message
      // that arrives before is dropped), and whatever changed since its fork reaches it.
      const greeting = opts.greeting?.();
      if (greeting) send(worker, greeting);
      listening++;
      if (listening === opts.count) resolveReady();
    });
    worker.on("message", (message: WorkerMessage) => {
      if (message?.type !== "portal:ask") return;
      void Promise.resolve()
        .then(() => opts.answer?.(message.kind))
        .catch(() => undefined)
        .then((value) => send(worker, { type: "portal:reply", id: message.id, value }));
    });
    // An IPC write to a process that is exiting: nothing to do.
    worker.on("error", () => undefined);
  }

  function onExit(pid: number | undefined, code: number | null, signal: string | null) {
    if (stopping || failed) return;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (code === HTTP_WORKER_FATAL_EXIT) {
      fatal(`an HTTP process (pid ${pid}) could not start (exit ${how}; its reason is above): stopping the portal`);
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths.length && deaths[0]! <= now - loop.windowMs) deaths.shift();
    if (deaths.length >= loop.deaths) {
      fatal(
        `${deaths.length} HTTP processes died within ${loop.windowMs / 1000} s (the last: pid ${pid}, ${how}): a crash loop, stopping the portal. The reason is in the lines above.`,
      );
      return;
    }
    const delay = delayFor(deaths.length);
    log(`HTTP process ${pid} exited (${how}); starting a new one in ${(delay / 1000).toFixed(1)} s`);
    const timer = setTimeout(() => {
      restarts.delete(timer);
      if (!stopping && !failed) fork();
    }, delay);
    restarts.add(timer);
  }

  function send(worker: Worker, message: PrimaryMessage) {
    if (!worker.isConnected()) return;
    try {
      worker.send(message);
    } catch {
      /* exiting */
    }
  }

  for (let i = 0; i < opts.count; i++) fork();

  return {
    ready,
    pids: () => [...live.keys()].map((w) => w.process.pid).filter((p): p is number => typeof p === "number"),
    broadcast: (message) => {
      for (const w of live.keys()) send(w, message);
    },
    async stop(timeoutMs) {
      stopping = true;
      for (const t of restarts) clearTimeout(t);
      restarts.clear();
      const exits = [...live.values()];
      for (const w of live.keys()) {
        try {
          w.process.kill("SIGTERM");
        } catch {
          /* gone */
        }
      }
      let timer: NodeJS.Timeout | undefined;
      const all = Promise.all(exits).then(() => "done" as const);
      const late = await Promise.race([all, new Promise<"late">((r) => (timer = setTimeout(() => r("late"), timeoutMs)))]);
      clearTimeout(timer);
      if (late === "late") {
        log(`HTTP processes still running ${timeoutMs / 1000} s after SIGTERM: killing ${[...live.keys()].map((w) => w.process.pid).join(", ")}`);
        for (const w of live.keys()) {
          try {
            w.process.kill("SIGKILL");
          } catch {
            /* gone */
          }
        }
        await all;
      }
    },
  };
}

// ------------------------------------------------------------------ the HTTP process's side

let nextAsk = 1;
const pending = new Map<number, (value: unknown) => void>();
let listeningToPrimary = false;
const stateListeners: Array<(state: string) => void> = [];

function listenToPrimary() {
  if (listeningToPrimary) return;
  listeningToPrimary = true;
  process.on("message", (message: PrimaryMessage) => {
    if (message?.type === "portal:reply") {
      pending.get(message.id)?.(message.value);
      pending.delete(message.id);
    } else if (message?.type === "portal:worker-state") {
      for (const l of stateListeners) l(message.state);
    }
  });
}

/** In an HTTP process: calls back with the primary's job runner state, whenever it changes. */
export function onPrimaryWorkerState(listener: (state: string) => void) {
  stateListeners.push(listener);
  listenToPrimary();
}

/** In an HTTP process: the primary's answer to `kind` (undefined after timeoutMs or without a primary). */
export function askPrimary(kind: string, timeoutMs = 2000): Promise<unknown> {
  if (!process.send || !process.connected) return Promise.resolve(undefined);
  listenToPrimary();
  const id = nextAsk++;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      resolve(undefined);
    }, timeoutMs);
    pending.set(id, (value) => {
      clearTimeout(timer);
      resolve(value);
    });
    process.send!({ type: "portal:ask", id, kind } satisfies WorkerMessage);
  });
}
