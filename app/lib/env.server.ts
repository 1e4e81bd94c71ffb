// Settings: read from the environment once, validated with zod, with
// defaults that make `npm start` work on a fresh machine. README.md has the
// table of every variable. Nothing else reads process.env directly.
import path from "node:path";
import { z } from "zod";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const int = (fallback: number) =>
  z.coerce.number().int().nonnegative().default(fallback);

/** The most HTTP processes WEB_CONCURRENCY may ask for. */
export const MAX_WEB_CONCURRENCY = 64;

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: int(3000),
  /**
   * Address the portal and the built-in provider listen on. Default:
   * 127.0.0.1 while APP_URL is a loopback address, every interface otherwise.
   */
  HOST: optionalString,
  /**
   * Proxies whose X-Forwarded-For is believed: addresses and CIDRs, comma- or
   * space-separated. Default none: the socket address is the client's.
   */
  TRUST_PROXY: optionalString,
  /** Public URL of the portal, used in emails and OpenID redirect URIs. */
  APP_URL: optionalString,
  /** Where the embedded database, generated secrets and uploads live. */
  DATA_DIR: z.string().default("./data"),
  /**
   * Object storage for stored files (s3://bucket[/prefix]?endpoint=…&region=…);
   * when unset, files live under DATA_DIR/files. Credentials: the AWS SDK's
   * standard chain (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, …). Decision 0033.
   */
  STORAGE_URL: optionalString,
  /** External PostgreSQL; when unset an embedded one runs under DATA_DIR. */
  DATABASE_URL: optionalString,
  /** Port of the embedded PostgreSQL (when DATABASE_URL is unset); 0 picks a free one. */
  EMBEDDED_PG_PORT: int(0),
  DATABASE_POOL_MAX: int(10),
  DATABASE_CONNECT_TIMEOUT_MS: int(5000),
  DATABASE_STATEMENT_TIMEOUT_MS: int(30000),
  /** Secrets: generated and kept under DATA_DIR when unset. */
  SESSION_SECRET: optionalString,
  ENCRYPTION_KEY: optionalString,
  SESSION_IDLE_MINUTES: int(60),
  SESSION_MAX_HOURS: int(12),
  /** External OpenID Connect provider; when unset the built-in one runs. */
  OIDC_ISSUER: optionalString,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_SCOPES: z.string().default("openid profile email phone"),
  /**
   * An external provider that verifies every email but sends no email_verified claim:
   * true counts its emails as verified. A claim that is present always wins.
   */
  OIDC_EMAIL_VERIFIED_DEFAULT: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** The provider's profile-edit page, if it has one. */
  OIDC_PROFILE_URL: optionalString,
  /** Port and public URL of the built-in provider. */
  IDP_PORT: int(3001),
  IDP_URL: optionalString,
  /** The built-in provider sits behind a proxy that sets X-Forwarded-*. */
  IDP_TRUST_PROXY: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** Outgoing mail; when unset, mail is captured and shown at /dev/mail. */
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("Appointment Portal <no-reply@portal.localhost>"),
  /**
   * Outgoing text messages: an HTTP gateway that takes POST {"to","text"} (app/lib/sms.server.ts);
   * when unset, messages are captured and shown at /dev/sms. SMS_AUTH_TOKEN: sent as a bearer token.
   */
  SMS_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SMS_AUTH_TOKEN: optionalString,
  /**
   * Run the seed of demo data (published passwords) at start-up (once;
   * idempotent). Off unless asked: `npm start` on a developer machine asks
   * (scripts/start.mjs), a deployment never has them by default.
   */
  SEED_DEMO_DATA: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** Start graphile-worker in this process. */
  RUN_WORKER: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  WORKER_CONCURRENCY: int(4),
  /**
   * HTTP processes serving PORT (node:cluster, decision 0034): 1 (default) serves in this process;
   * N > 1 forks N HTTP processes, this one keeps the start-up, the job runner and the built-in provider.
   */
  WEB_CONCURRENCY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const raw = v?.trim() ?? "";
      if (raw === "") return 1;
      const n = /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
      if (n >= 1 && n <= MAX_WEB_CONCURRENCY) return n;
      ctx.addIssue({
        code: "custom",
        message: `the number of HTTP processes, a whole number from 1 to ${MAX_WEB_CONCURRENCY} (got ${JSON.stringify(raw.slice(0, 40))}${
          raw.toLowerCase() === "auto" ? ": 'auto' is not accepted, choose the number, each process has its own DATABASE_POOL_MAX connections" : ""
        })`,
      });
      return z.NEVER;
    }),
  /** More schedules for the job runner, in graphile-worker's crontab format (one per line; tests, operations). */
  EXTRA_CRONTAB: optionalString,
  /**
   * `npm run bench:http` only: serve /bench/bare (a page with a trivial
   * loader) and /bench/jobs (when jobs started). Never set it on a deployment.
   */
  BENCH_ROUTES: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /**
   * Bearer token for /metrics from another address than loopback (Prometheus
   * on another machine): `Authorization: Bearer <token>`. Unset: loopback only.
   */
  METRICS_TOKEN: optionalString,
  /** Business settings withheld by the spec. */
  ABANDON_DAYS: int(90),
  /**
   * Agent numbers given on approval (issue 11, decision 0028): literal letters, digits, '-' or '_'
   * around one {n} (the agent_number counter) or {n:W} (zero-padded to W digits). "A{n:6}" gives A100070.
   */
  AGENT_NUMBER_FORMAT: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{0,10}\{n(:\d{1,2})?\}[A-Za-z0-9_-]{0,10}$/, "one {n} or {n:width} with letters, digits, - or _ around it")
    .default("{n:6}"),
  /** Finished report files (and their requests) older than this many days are purged daily. */
  REPORT_RETENTION_DAYS: int(30),
  DOCUMENT_FAX_NUMBER: z.string().default("(800) 555-0199"),
  MARKETING_PHONE: z.string().default("(800) 555-0142"),
  MARKETING_EMAIL: z.string().default("marketing@portal.localhost"),
  SUPPORT_URL: z.string().default("https://support.portal.localhost/"),
  ANNOUNCEMENT_HTML: z.string().default(""),
  DEFAULT_TITLE: z.string().default("Appointment Portal"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
});

export type Env = z.infer<typeof schema> & {
  appUrl: string;
  dataDir: string;
  secure: boolean;
};

/** A setting with a bad value: the message is the operator's whole answer (no stack shown). */
export class SettingsError extends Error {
  override name = "SettingsError";
}

let cached: Env | undefined;

/** The validated settings. Throws a SettingsError with a readable list on bad values. */
export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join(".")}: ${i.message}`,
    );
    throw new SettingsError(`Invalid settings:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  cached = {
    ...e,
    appUrl,
    dataDir: path.resolve(e.DATA_DIR),
    secure: appUrl.startsWith("https://"),
  };
  return cached;
}

/** Tests change process.env between cases; this forgets the cached copy. */
export function resetEnvCache() {
  cached = undefined;
}
