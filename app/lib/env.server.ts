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

let cached: Env | undefined;

/** The validated settings. Throws with a readable list on bad values. */
export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join(".")}: ${i.message}`,
    );
    throw new Error(`Invalid settings:\n${lines.join("\n")}`);
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
