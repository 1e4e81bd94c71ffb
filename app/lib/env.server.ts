// Settings: read from the environment once, validated with zod, with
// defaults that make `npm start` work on a fresh machine. README.md has the
// table of every variable. Nothing else reads process.env directly.
import { accessSync, constants, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseAllowedHosts } from "./allowed-hosts.server";
// Used inside env() only (net.server.ts imports env the same way).
import { isLoopbackHostname } from "./net.server";
import { isTimeZone } from "./time-zone";
import { httpUrl, int, optionalString, port, urlSetting, wholeNumber } from "./env-fields.server";

export const FILE_SECRETS = [
  "SESSION_SECRET",
  "ENCRYPTION_KEY",
  "ENCRYPTION_KEY_PREVIOUS",
  "IDP_COOKIE_KEY",
  "OIDC_CLIENT_SECRET",
  "EMBEDDED_PG_SUPERUSER_PASSWORD",
  "EMBEDDED_PG_APP_PASSWORD",
  "DATABASE_URL",
  "SMTP_URL",
  "SMS_AUTH_TOKEN",
  "LICENCE_LOOKUP_TOKEN",
  "FILING_HTTP_TOKEN",
  "SCREENING_HTTP_TOKEN",
  "SCREENING_CALLBACK_SECRET",
  "METRICS_TOKEN",
] as const;

/** process.env with every NAME_FILE read into NAME; problems are named. */
function withSecretFiles(source: NodeJS.ProcessEnv): { values: Record<string, string | undefined>; problems: string[] } {
  const values: Record<string, string | undefined> = { ...source };
  const problems: string[] = [];
  for (const name of FILE_SECRETS) {
    const file = source[`${name}_FILE`]?.trim();
    if (!file) continue;
    if (source[name]?.trim()) {
      problems.push(`  ${name}_FILE: ${name} is set too; give one of them`);
      continue;
    }
    try {
      // A file written by `echo` ends with a newline: it is no part of the secret.
      const text = readFileSync(file, "utf8").replace(/\r?\n$/, "");
      if (text.trim() === "") problems.push(`  ${name}_FILE: ${file} is empty`);
      else values[name] = text;
    } catch (error) {
      problems.push(`  ${name}_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
  // NAME_FILE of a setting that is no secret would be ignored without a word: refused, named.
  const fileable = new Set<string>(FILE_SECRETS);
  const settings = new Set<string>(SETTING_NAMES);
  for (const [key, value] of Object.entries(source)) {
    const name = key.endsWith("_FILE") ? key.slice(0, -5) : undefined;
    if (!name || !value?.trim() || settings.has(key) || !settings.has(name) || fileable.has(name)) continue;
    problems.push(`  ${key}: ${name} cannot be given as a file (only the secrets can: ${FILE_SECRETS.join(", ")}); set ${name} itself`);
  }
  return { values, problems };
}

/** The most HTTP processes WEB_CONCURRENCY may ask for. */
export const MAX_WEB_CONCURRENCY = 64;

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: port(3000),
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
  APP_URL: httpUrl("APP_URL", "https://portal.example.com", { pathAllowed: false }),
  /**
   * More Host names the portal and the built-in provider answer (issue 18 item 3, decision 0036):
   * names (any port) or name:port, comma- or space-separated, e.g. the name a proxy passes on.
   * The host of APP_URL (portal) and IDP_URL (provider) is always allowed; any other Host gets 421.
   */
  ALLOWED_HOSTS: optionalString.transform((v, ctx) => {
    try {
      return parseAllowedHosts(v);
    } catch (error) {
      ctx.addIssue({ code: "custom", message: (error as Error).message });
      return z.NEVER;
    }
  }),
  /** Where the embedded database, generated secrets and uploads live. */
  DATA_DIR: z.string().default("./data"),
  /**
   * Object storage for stored files (s3://bucket[/prefix]?endpoint=…&region=…);
   * when unset, files live under DATA_DIR/files. Credentials: the AWS SDK's
   * standard chain (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, …). Decision 0033.
   */
  STORAGE_URL: optionalString,
  /** External PostgreSQL; when unset an embedded one runs under DATA_DIR. */
  DATABASE_URL: urlSetting("DATABASE_URL", "postgresql://portal:secret@db.example.com:5432/portal", (url) => {
    if (url.protocol !== "postgresql:" && url.protocol !== "postgres:") return `DATABASE_URL must start with postgresql:// (got ${url.protocol})`;
    if (!url.hostname && !url.searchParams.get("host")) return "DATABASE_URL has no host name";
    if (url.pathname.replace(/^\//, "") === "") return "DATABASE_URL names no database (…/portal at the end)";
    return undefined;
  }),
  /** Port of the embedded PostgreSQL (when DATABASE_URL is unset); 0 picks a free one. */
  EMBEDDED_PG_PORT: port(0, { zero: true }),
  DATABASE_POOL_MAX: int(10),
  DATABASE_CONNECT_TIMEOUT_MS: int(5000),
  DATABASE_STATEMENT_TIMEOUT_MS: int(30000),
  /**
   * Secrets (each also as NAME_FILE): generated and kept under DATA_DIR when unset on a new
   * database; a production start on an existing database refuses instead (secrets.server.ts).
   */
  SESSION_SECRET: optionalString,
  ENCRYPTION_KEY: optionalString,
  /** The key being replaced during a key rotation (`npm run rotate-key`): still read, never written. */
  ENCRYPTION_KEY_PREVIOUS: optionalString,
  IDP_COOKIE_KEY: optionalString,
  EMBEDDED_PG_SUPERUSER_PASSWORD: optionalString,
  EMBEDDED_PG_APP_PASSWORD: optionalString,
  SESSION_IDLE_MINUTES: int(60),
  SESSION_MAX_HOURS: int(12),
  /** External OpenID Connect provider; when unset the built-in one runs. */
  OIDC_ISSUER: httpUrl("OIDC_ISSUER", "https://login.example.com/"),
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
  OIDC_PROFILE_URL: httpUrl("OIDC_PROFILE_URL", "https://login.example.com/profile"),
  /** Port and public URL of the built-in provider. */
  IDP_PORT: port(3001),
  IDP_URL: httpUrl("IDP_URL", "https://login.portal.example.com"),
  /** The built-in provider sits behind a proxy that sets X-Forwarded-*. */
  IDP_TRUST_PROXY: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** Outgoing mail; when unset, mail is captured and shown at /dev/mail. */
  SMTP_URL: urlSetting("SMTP_URL", "smtp://user:password@mail.example.com:587 or smtps://mail.example.com:465", (url) => {
    if (url.protocol !== "smtp:" && url.protocol !== "smtps:") return `SMTP_URL must start with smtp:// or smtps:// (got ${url.protocol})`;
    if (!url.hostname) return "SMTP_URL has no host name";
    return undefined;
  }),
  MAIL_FROM: z.string().default("Appointment Portal <no-reply@portal.localhost>"),
  /**
   * Outgoing text messages: an HTTP gateway that takes POST {"to","text"} (app/lib/sms.server.ts);
   * when unset, messages are captured and shown at /dev/sms. SMS_AUTH_TOKEN: sent as a bearer token.
   */
  SMS_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SMS_AUTH_TOKEN: optionalString,
  /**
   * The licence lookup (issue 23 item 6, decision 0072): none (default), file (a NIPR file uploaded
   * for the lookup at /admin/licences/import, or LICENCE_LOOKUP_FILE) or http (GET
   * LICENCE_LOOKUP_URL?npn=<npn>, Authorization: Bearer LICENCE_LOOKUP_TOKEN when set).
   */
  LICENCE_LOOKUP: optionalString.transform((v, ctx) => {
    const value = (v ?? "none").toLowerCase();
    if (value === "none" || value === "file" || value === "http") return value;
    ctx.addIssue({ code: "custom", message: `none, file or http (got ${JSON.stringify(v!.slice(0, 40))})` });
    return z.NEVER;
  }),
  LICENCE_LOOKUP_URL: httpUrl("LICENCE_LOOKUP_URL", "https://licences.example.com/producer-licences"),
  LICENCE_LOOKUP_TOKEN: optionalString,
  LICENCE_LOOKUP_TIMEOUT_MS: wholeNumber("the license lookup's timeout in milliseconds", 100, 120000, 10000),
  /** LICENCE_LOOKUP=file: a NIPR-format csv on disk to read instead of the last uploaded one. */
  LICENCE_LOOKUP_FILE: optionalString,
  /**
   * Filing with the states (issue 37 item 4, decision 0112): file (default: the period's files for
   * an administrator to upload) or http (POST per batch to FILING_HTTP_URL with FILING_HTTP_TOKEN).
   */
  FILING_ADAPTER: optionalString.transform((v, ctx) => {
    const value = (v ?? "file").toLowerCase();
    if (value === "file" || value === "http") return value;
    ctx.addIssue({ code: "custom", message: `the filing adapter, file or http (got ${JSON.stringify(v!.slice(0, 40))})` });
    return z.NEVER;
  }),
  FILING_HTTP_URL: httpUrl("FILING_HTTP_URL", "https://filings.example.com/batches"),
  FILING_HTTP_TOKEN: optionalString,
  FILING_HTTP_TIMEOUT_MS: wholeNumber("the filing service's timeout in milliseconds", 100, 120000, 30000),
  /**
   * Background screening (issue 38 item 1, decision 0122): file (default: the administrator uploads
   * the vendor's report and records the result) or http (POST SCREENING_HTTP_URL; signed callbacks).
   */
  SCREENING_ADAPTER: optionalString.transform((v, ctx) => {
    // Off unless the carrier screens through the portal (decision 0122): a vendor is a contract first.
    const value = (v ?? "none").toLowerCase();
    if (value === "none" || value === "file" || value === "http") return value;
    ctx.addIssue({ code: "custom", message: `the screening adapter, none, file or http (got ${JSON.stringify(v!.slice(0, 40))})` });
    return z.NEVER;
  }),
  SCREENING_HTTP_URL: httpUrl("SCREENING_HTTP_URL", "https://screening.example.com/orders"),
  SCREENING_HTTP_TOKEN: optionalString,
  SCREENING_CALLBACK_SECRET: optionalString,
  /** The consumer reporting agency as the FCRA notices name it (name, and address or telephone). */
  SCREENING_VENDOR_NAME: optionalString.transform((v) => v ?? "our background screening vendor"),
  SCREENING_HTTP_TIMEOUT_MS: wholeNumber("the screening vendor's timeout in milliseconds", 100, 120000, 30000),
  /**
   * The retention schedule (issue 38 item 2, decision 0120): an abandoned or rejected applicant's
   * sensitive numbers, birth date and files are erased this many days after the abandonment or
   * rejection; an agent position's (and its approved application's) this many days after termination.
   */
  RETENTION_APPLICANT_DAYS: wholeNumber("the days an abandoned or rejected applicant's sensitive data is kept", 1, 36500, 730),
  RETENTION_AGENT_DAYS: wholeNumber("the days a terminated agent's sensitive data is kept", 1, 36500, 2555),
  /** Applications (or agent positions) the nightly erase-expired job erases per transaction. */
  RETENTION_BATCH_SIZE: wholeNumber("the applications erased per transaction", 1, 1000, 100),
  /** Days a filing file (with SSNs) is kept before the daily job purges it. */
  FILING_FILE_RETENTION_DAYS: wholeNumber("the days a filing file is kept", 1, 365, 30),
  /**
   * Run the seed of demo data (published passwords) at start-up (once;
   * idempotent). Off unless asked: `npm start` on a developer machine asks
   * (scripts/start.mjs sets "local": only while APP_URL is a loopback
   * address, decision 0042), a deployment never has them by default.
   * env() turns "local" into true or false.
   */
  SEED_DEMO_DATA: z
    .enum(["true", "false", "1", "0", "local"])
    .default("false")
    .transform((v): boolean | "local" => (v === "local" ? "local" : v === "true" || v === "1")),
  /** Start graphile-worker in this process. */
  RUN_WORKER: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  WORKER_CONCURRENCY: int(4),
  /**
   * Reports (spreadsheets) generated at once, by all job runners together (decision 0067): the others
   * wait, RPTSTATUS_PENDING. A report keeps a core busy; raise it on a machine with cores to spare.
   */
  REPORT_CONCURRENCY: wholeNumber("the number of reports generated at once", 1, 64, 1),
  /**
   * HTTP processes serving PORT (node:cluster, decision 0034): 1 (default) serves in this process;
   * N > 1 forks N HTTP processes, this one keeps the start-up, the job runner and the built-in provider.
   */
  WEB_CONCURRENCY: wholeNumber("the number of HTTP processes", 1, MAX_WEB_CONCURRENCY, 1, (raw) =>
    raw.toLowerCase() === "auto" ? ": 'auto' is not accepted, choose the number, each process has its own DATABASE_POOL_MAX connections" : "",
  ),
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
  /** API calls a minute each API token may make (issue 24, decision 0074); over it: 429 with Retry-After. */
  API_RATE_LIMIT: wholeNumber("API calls a minute per token", 1, 1_000_000, 600),
  /** Days the API_CALL audit rows are kept (decision 0075); 0 keeps them for ever. */
  API_CALL_AUDIT_DAYS: wholeNumber("the days API_CALL audit rows are kept (0: for ever)", 0, 36_500, 400),
  /**
   * Webhook endpoints: loopback and private addresses are refused unless this is true (a test or a
   * receiver on the same host). A portal should not post the company's events into its own network.
   */
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** How long one webhook delivery waits for the receiver's answer (decision 0077); longer: a failed attempt, retried. */
  WEBHOOK_TIMEOUT_MS: wholeNumber("a webhook delivery's timeout in milliseconds", 1000, 60000, 10000),
  /** Business settings withheld by the spec. */
  ABANDON_DAYS: int(90),
  /** How many days a review usually takes, as the confirmation page and the receipt email say (decision 0099). */
  REVIEW_USUAL_DAYS: wholeNumber("the days a review usually takes", 1, 90, 3),
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
  /** The zone times are shown in until a viewer's browser names its own, and in email and PDFs (decision 0102). */
  TIME_ZONE: z
    .string()
    .trim()
    .default("America/New_York")
    .refine(isTimeZone, "an IANA time zone such as America/New_York, America/Chicago or UTC"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /** The log's format (log.server.ts): json (one JSON object a line) or pretty (readable); default json when NODE_ENV=production, pretty otherwise. */
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
});

export type Env = Omit<z.infer<typeof schema>, "SEED_DEMO_DATA"> & {
  SEED_DEMO_DATA: boolean;
  /** SEED_DEMO_DATA=true given while APP_URL is not a loopback address: seeded, with a warning. */
  demoDataOnPublicUrl: boolean;
  appUrl: string;
  dataDir: string;
  secure: boolean;
};

/** A setting with a bad value: the message is the operator's whole answer (no stack shown). */
export class SettingsError extends Error {
  override name = "SettingsError";
}

let cached: Env | undefined;

/** Every setting env() reads (app/lib/env-documented.server.test.ts compares the docs with it). */
export const SETTING_NAMES: readonly string[] = schema.keyof().options;

/** The validated settings. Throws a SettingsError with a readable list on bad values. */
export function env(): Env {
  if (cached) return cached;
  const { values, problems } = withSecretFiles(process.env);
  const parsed = schema.safeParse(values);
  if (parsed.success) problems.push(...licenceLookupProblems(parsed.data), ...filingAdapterProblems(parsed.data), ...screeningAdapterProblems(parsed.data));
  if (!parsed.success || problems.length) {
    const lines = [
      ...problems,
      ...(parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`)),
    ];
    throw new SettingsError(`Invalid settings:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const local = isLoopbackHostname(new URL(appUrl).hostname);
  cached = {
    ...e,
    SEED_DEMO_DATA: e.SEED_DEMO_DATA === "local" ? local : e.SEED_DEMO_DATA,
    demoDataOnPublicUrl: e.SEED_DEMO_DATA === true && !local,
    appUrl,
    dataDir: path.resolve(e.DATA_DIR),
    secure: appUrl.startsWith("https://"),
  };
  return cached;
}

/** The licence lookup's settings that only make sense together (decision 0072). */
function licenceLookupProblems(e: z.infer<typeof schema>): string[] {
  const out: string[] = [];
  if (e.LICENCE_LOOKUP === "http") {
    if (!e.LICENCE_LOOKUP_URL) out.push("  LICENCE_LOOKUP_URL: required when LICENCE_LOOKUP=http (the license service's URL, such as https://licences.example.com/producer-licences)");
    else if (e.LICENCE_LOOKUP_TOKEN && new URL(e.LICENCE_LOOKUP_URL).protocol !== "https:" && !isLoopbackHostname(new URL(e.LICENCE_LOOKUP_URL).hostname)) {
      out.push("  LICENCE_LOOKUP_URL: must start with https:// when LICENCE_LOOKUP_TOKEN is set (the token would travel in clear)");
    }
  }
  if (e.LICENCE_LOOKUP === "file" && e.LICENCE_LOOKUP_FILE) {
    try {
      accessSync(e.LICENCE_LOOKUP_FILE, constants.R_OK);
      if (!statSync(e.LICENCE_LOOKUP_FILE).isFile()) throw new Error("not a file");
    } catch (error) {
      out.push(`  LICENCE_LOOKUP_FILE: cannot read ${e.LICENCE_LOOKUP_FILE} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
  return out;
}

/** The filing adapter's settings that only make sense together (decision 0112). */
function filingAdapterProblems(e: z.infer<typeof schema>): string[] {
  if (e.FILING_ADAPTER !== "http") return [];
  const out: string[] = [];
  if (!e.FILING_HTTP_URL) out.push("  FILING_HTTP_URL: required when FILING_ADAPTER=http (the filing service's URL, such as https://filings.example.com/batches)");
  if (!e.FILING_HTTP_TOKEN) out.push("  FILING_HTTP_TOKEN: required when FILING_ADAPTER=http (the filing service's token, sent as Authorization: Bearer)");
  else if (e.FILING_HTTP_URL && new URL(e.FILING_HTTP_URL).protocol !== "https:" && !isLoopbackHostname(new URL(e.FILING_HTTP_URL).hostname)) {
    out.push("  FILING_HTTP_URL: must start with https:// (the token and the SSN-free filings would travel in clear)");
  }
  return out;
}

/** The screening adapter's settings that only make sense together (decision 0122). */
function screeningAdapterProblems(e: z.infer<typeof schema>): string[] {
  if (e.SCREENING_ADAPTER !== "http") return [];
  const out: string[] = [];
  if (!e.SCREENING_HTTP_URL) out.push("  SCREENING_HTTP_URL: required when SCREENING_ADAPTER=http (the vendor's order URL, such as https://screening.example.com/orders)");
  if (!e.SCREENING_HTTP_TOKEN) out.push("  SCREENING_HTTP_TOKEN: required when SCREENING_ADAPTER=http (the vendor's token, sent as Authorization: Bearer)");
  else if (e.SCREENING_HTTP_URL && new URL(e.SCREENING_HTTP_URL).protocol !== "https:" && !isLoopbackHostname(new URL(e.SCREENING_HTTP_URL).hostname)) {
    out.push("  SCREENING_HTTP_URL: must start with https:// (the token and the applicant's SSN would travel in clear)");
  }
  if (!e.SCREENING_CALLBACK_SECRET || e.SCREENING_CALLBACK_SECRET.length < 32) out.push("  SCREENING_CALLBACK_SECRET: required when SCREENING_ADAPTER=http, at least 32 characters (signs the vendor's callbacks)");
  return out;
}

/** Tests change process.env between cases; this forgets the cached copy. */
export function resetEnvCache() {
  cached = undefined;
}
