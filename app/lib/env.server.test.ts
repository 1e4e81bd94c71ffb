// WEB_CONCURRENCY (decision 0034): 1 to 64 HTTP processes, 1 when unset; any
// other value stops the start-up with a SettingsError naming the setting.
import { afterEach, describe, expect, it } from "vitest";
import { env, resetEnvCache, SettingsError } from "./env.server";

const saved = process.env.WEB_CONCURRENCY;
afterEach(() => {
  if (saved === undefined) delete process.env.WEB_CONCURRENCY;
  else process.env.WEB_CONCURRENCY = saved;
  resetEnvCache();
});

function withWebConcurrency(value: string | undefined) {
  if (value === undefined) delete process.env.WEB_CONCURRENCY;
  else process.env.WEB_CONCURRENCY = value;
  resetEnvCache();
  return env;
}

describe("WEB_CONCURRENCY", () => {
  it("is 1 when unset or empty", () => {
    expect(withWebConcurrency(undefined)().WEB_CONCURRENCY).toBe(1);
    expect(withWebConcurrency("  ")().WEB_CONCURRENCY).toBe(1);
  });

  it("takes a whole number from 1 to 64", () => {
    expect(withWebConcurrency("2")().WEB_CONCURRENCY).toBe(2);
    expect(withWebConcurrency(" 64 ")().WEB_CONCURRENCY).toBe(64);
  });

  it.each(["0", "65", "-1", "1.5", "2x", "two", "1e1", "0x2"])("refuses %j with the setting's name and the allowed range", (value) => {
    const read = withWebConcurrency(value);
    expect(read).toThrow(SettingsError);
    expect(read).toThrow(
      `Invalid settings:\n  WEB_CONCURRENCY: the number of HTTP processes, a whole number from 1 to 64 (got ${JSON.stringify(value)})`,
    );
  });

  it("refuses auto and says why", () => {
    expect(withWebConcurrency("auto")).toThrow(/WEB_CONCURRENCY: .* \(got "auto": 'auto' is not accepted, choose the number, each process has its own DATABASE_POOL_MAX connections\)/);
  });
});

describe("REPORT_CONCURRENCY (decision 0067)", () => {
  const before = process.env.REPORT_CONCURRENCY;
  afterEach(() => {
    if (before === undefined) delete process.env.REPORT_CONCURRENCY;
    else process.env.REPORT_CONCURRENCY = before;
    resetEnvCache();
  });
  const withReports = (value: string | undefined) => {
    if (value === undefined) delete process.env.REPORT_CONCURRENCY;
    else process.env.REPORT_CONCURRENCY = value;
    resetEnvCache();
    return env;
  };

  it("is 1 when unset or blank, else a whole number from 1 to 64", () => {
    expect(withReports(undefined)().REPORT_CONCURRENCY).toBe(1);
    expect(withReports(" ")().REPORT_CONCURRENCY).toBe(1);
    expect(withReports("3")().REPORT_CONCURRENCY).toBe(3);
  });

  it.each(["0", "65", "-1", "1.5", "four"])("refuses %j, naming the setting", (value) => {
    expect(withReports(value)).toThrow(
      `Invalid settings:\n  REPORT_CONCURRENCY: the number of reports generated at once, a whole number from 1 to 64 (got ${JSON.stringify(value)})`,
    );
  });
});

describe("the license lookup's settings (decision 0072)", () => {
  const NAMES = ["LICENCE_LOOKUP", "LICENCE_LOOKUP_URL", "LICENCE_LOOKUP_TOKEN", "LICENCE_LOOKUP_TIMEOUT_MS", "LICENCE_LOOKUP_FILE"] as const;
  const before = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));
  afterEach(() => {
    for (const n of NAMES) {
      if (before[n] === undefined) delete process.env[n];
      else process.env[n] = before[n];
    }
    resetEnvCache();
  });
  const withLookup = (values: Partial<Record<(typeof NAMES)[number], string>>) => {
    for (const n of NAMES) delete process.env[n];
    Object.assign(process.env, values);
    resetEnvCache();
    return env;
  };

  it("is none by default; http takes a URL, a token and a timeout", () => {
    expect(withLookup({})().LICENCE_LOOKUP).toBe("none");
    const e = withLookup({ LICENCE_LOOKUP: "http", LICENCE_LOOKUP_URL: "https://licences.example.com/producers", LICENCE_LOOKUP_TOKEN: "t0ken", LICENCE_LOOKUP_TIMEOUT_MS: "2500" })();
    expect(e).toMatchObject({ LICENCE_LOOKUP: "http", LICENCE_LOOKUP_URL: "https://licences.example.com/producers", LICENCE_LOOKUP_TOKEN: "t0ken", LICENCE_LOOKUP_TIMEOUT_MS: 2500 });
    expect(withLookup({ LICENCE_LOOKUP: "http", LICENCE_LOOKUP_URL: "http://127.0.0.1:8080/x", LICENCE_LOOKUP_TOKEN: "t" })().LICENCE_LOOKUP).toBe("http");
    expect(withLookup({ LICENCE_LOOKUP: "file" })().LICENCE_LOOKUP).toBe("file");
  });

  it.each([
    [{ LICENCE_LOOKUP: "nipr" }, `LICENCE_LOOKUP: none, file or http (got "nipr")`],
    [{ LICENCE_LOOKUP: "http" }, "LICENCE_LOOKUP_URL: required when LICENCE_LOOKUP=http"],
    [{ LICENCE_LOOKUP: "http", LICENCE_LOOKUP_URL: "ftp://licences.example.com/x" }, "LICENCE_LOOKUP_URL: LICENCE_LOOKUP_URL must start with http:// or https:// (got ftp:)"],
    [{ LICENCE_LOOKUP: "http", LICENCE_LOOKUP_URL: "licences.example.com" }, "LICENCE_LOOKUP_URL: LICENCE_LOOKUP_URL must be a full URL"],
    [{ LICENCE_LOOKUP: "http", LICENCE_LOOKUP_URL: "http://licences.example.com/x", LICENCE_LOOKUP_TOKEN: "t" }, "LICENCE_LOOKUP_URL: must start with https:// when LICENCE_LOOKUP_TOKEN is set"],
    [{ LICENCE_LOOKUP: "http", LICENCE_LOOKUP_URL: "https://l.example.com/x", LICENCE_LOOKUP_TIMEOUT_MS: "0" }, "LICENCE_LOOKUP_TIMEOUT_MS: the license lookup's timeout in milliseconds, a whole number from 100 to 120000"],
    [{ LICENCE_LOOKUP: "file", LICENCE_LOOKUP_FILE: "/nonexistent/nipr.csv" }, "LICENCE_LOOKUP_FILE: cannot read /nonexistent/nipr.csv (ENOENT)"],
  ])("stops the start on %j, naming the setting", (values, message) => {
    const read = withLookup(values);
    expect(read).toThrow(SettingsError);
    expect(read).toThrow(message);
  });

  it("never shows the token in its messages", () => {
    expect(withLookup({ LICENCE_LOOKUP: "http", LICENCE_LOOKUP_URL: "http://licences.example.com/x", LICENCE_LOOKUP_TOKEN: "very-secret-token" })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining("very-secret-token") }),
    );
  });
});

describe("the filing adapter's settings (decision 0112)", () => {
  const NAMES = ["FILING_ADAPTER", "FILING_HTTP_URL", "FILING_HTTP_TOKEN", "FILING_HTTP_TIMEOUT_MS", "FILING_FILE_RETENTION_DAYS"] as const;
  const before = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));
  afterEach(() => {
    for (const n of NAMES) {
      if (before[n] === undefined) delete process.env[n];
      else process.env[n] = before[n];
    }
    resetEnvCache();
  });
  const withFiling = (values: Partial<Record<(typeof NAMES)[number], string>>) => {
    for (const n of NAMES) delete process.env[n];
    Object.assign(process.env, values);
    resetEnvCache();
    return env;
  };

  it("is file by default, files kept 30 days; http takes a URL, a token and a timeout", () => {
    expect(withFiling({})()).toMatchObject({ FILING_ADAPTER: "file", FILING_FILE_RETENTION_DAYS: 30, FILING_HTTP_TIMEOUT_MS: 30000 });
    const e = withFiling({ FILING_ADAPTER: "HTTP", FILING_HTTP_URL: "https://filings.example.com/b", FILING_HTTP_TOKEN: "t0ken", FILING_HTTP_TIMEOUT_MS: "2500", FILING_FILE_RETENTION_DAYS: "7" })();
    expect(e).toMatchObject({ FILING_ADAPTER: "http", FILING_HTTP_URL: "https://filings.example.com/b", FILING_HTTP_TOKEN: "t0ken", FILING_HTTP_TIMEOUT_MS: 2500, FILING_FILE_RETENTION_DAYS: 7 });
    expect(withFiling({ FILING_ADAPTER: "http", FILING_HTTP_URL: "http://127.0.0.1:8080/x", FILING_HTTP_TOKEN: "t" })().FILING_ADAPTER).toBe("http");
  });

  it.each([
    [{ FILING_ADAPTER: "nipr" }, `FILING_ADAPTER: the filing adapter, file or http (got "nipr")`],
    [{ FILING_ADAPTER: "http", FILING_HTTP_TOKEN: "t" }, "FILING_HTTP_URL: required when FILING_ADAPTER=http"],
    [{ FILING_ADAPTER: "http", FILING_HTTP_URL: "https://f.example.com/x" }, "FILING_HTTP_TOKEN: required when FILING_ADAPTER=http"],
    [{ FILING_ADAPTER: "http", FILING_HTTP_URL: "http://f.example.com/x", FILING_HTTP_TOKEN: "t" }, "FILING_HTTP_URL: must start with https://"],
    [{ FILING_ADAPTER: "http", FILING_HTTP_URL: "f.example.com", FILING_HTTP_TOKEN: "t" }, "FILING_HTTP_URL: FILING_HTTP_URL must be a full URL"],
    [{ FILING_FILE_RETENTION_DAYS: "0" }, `FILING_FILE_RETENTION_DAYS: the days a filing file is kept, a whole number from 1 to 365 (got "0")`],
  ])("stops the start on %j, naming the setting", (values, message) => {
    const read = withFiling(values);
    expect(read).toThrow(SettingsError);
    expect(read).toThrow(message);
  });
});

describe("the screening adapter's settings (decision 0122)", () => {
  const NAMES = ["SCREENING_ADAPTER", "SCREENING_HTTP_URL", "SCREENING_HTTP_TOKEN", "SCREENING_CALLBACK_SECRET", "SCREENING_HTTP_TIMEOUT_MS"] as const;
  const before = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));
  afterEach(() => {
    for (const n of NAMES) {
      if (before[n] === undefined) delete process.env[n];
      else process.env[n] = before[n];
    }
    resetEnvCache();
  });
  const withScreening = (values: Partial<Record<(typeof NAMES)[number], string>>) => {
    for (const n of NAMES) delete process.env[n];
    Object.assign(process.env, values);
    resetEnvCache();
    return () => env();
  };
  const SECRET = "s".repeat(32);

  it("is file by default; http takes a URL, a token and a callback secret", () => {
    expect(withScreening({})()).toMatchObject({ SCREENING_ADAPTER: "none", SCREENING_HTTP_TIMEOUT_MS: 30000 });
    expect(withScreening({ SCREENING_ADAPTER: "File" })()).toMatchObject({ SCREENING_ADAPTER: "file" });
    expect(withScreening({ SCREENING_ADAPTER: "HTTP", SCREENING_HTTP_URL: "https://v.example.com/o", SCREENING_HTTP_TOKEN: "t", SCREENING_CALLBACK_SECRET: SECRET })()).toMatchObject({ SCREENING_ADAPTER: "http" });
  });

  it.each([
    [{ SCREENING_ADAPTER: "checkr" }, `SCREENING_ADAPTER: the screening adapter, none, file or http (got "checkr")`],
    [{ SCREENING_ADAPTER: "http", SCREENING_HTTP_TOKEN: "t", SCREENING_CALLBACK_SECRET: SECRET }, "SCREENING_HTTP_URL: required when SCREENING_ADAPTER=http"],
    [{ SCREENING_ADAPTER: "http", SCREENING_HTTP_URL: "https://v.example.com/o", SCREENING_CALLBACK_SECRET: SECRET }, "SCREENING_HTTP_TOKEN: required when SCREENING_ADAPTER=http"],
    [{ SCREENING_ADAPTER: "http", SCREENING_HTTP_URL: "http://v.example.com/o", SCREENING_HTTP_TOKEN: "t", SCREENING_CALLBACK_SECRET: SECRET }, "SCREENING_HTTP_URL: must start with https://"],
    [{ SCREENING_ADAPTER: "http", SCREENING_HTTP_URL: "https://v.example.com/o", SCREENING_HTTP_TOKEN: "t", SCREENING_CALLBACK_SECRET: "short" }, "SCREENING_CALLBACK_SECRET: required when SCREENING_ADAPTER=http, at least 32 characters"],
  ])("stops the start on %j, naming the setting", (values, message) => {
    const read = withScreening(values);
    expect(read).toThrow(SettingsError);
    expect(read).toThrow(message);
  });
});

describe("the retention schedule's settings (decision 0120)", () => {
  const NAMES = ["RETENTION_APPLICANT_DAYS", "RETENTION_AGENT_DAYS", "RETENTION_BATCH_SIZE"] as const;
  const before = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));
  afterEach(() => {
    for (const n of NAMES) {
      if (before[n] === undefined) delete process.env[n];
      else process.env[n] = before[n];
    }
    resetEnvCache();
  });
  const withRetention = (values: Partial<Record<(typeof NAMES)[number], string>>) => {
    for (const n of NAMES) delete process.env[n];
    Object.assign(process.env, values);
    resetEnvCache();
    return env;
  };

  it("keeps an applicant's data 730 days and an agent's 2555 by default, 100 per batch", () => {
    expect(withRetention({})()).toMatchObject({ RETENTION_APPLICANT_DAYS: 730, RETENTION_AGENT_DAYS: 2555, RETENTION_BATCH_SIZE: 100 });
    expect(withRetention({ RETENTION_APPLICANT_DAYS: "365", RETENTION_AGENT_DAYS: "3650", RETENTION_BATCH_SIZE: "1" })()).toMatchObject({
      RETENTION_APPLICANT_DAYS: 365,
      RETENTION_AGENT_DAYS: 3650,
      RETENTION_BATCH_SIZE: 1,
    });
  });

  it.each([
    [{ RETENTION_APPLICANT_DAYS: "0" }, `RETENTION_APPLICANT_DAYS: the days an abandoned or rejected applicant's sensitive data is kept, a whole number from 1 to 36500 (got "0")`],
    [{ RETENTION_AGENT_DAYS: "seven years" }, `RETENTION_AGENT_DAYS: the days a terminated agent's sensitive data is kept, a whole number from 1 to 36500 (got "seven years")`],
    [{ RETENTION_BATCH_SIZE: "5000" }, `RETENTION_BATCH_SIZE: the applications erased per transaction, a whole number from 1 to 1000 (got "5000")`],
  ])("stops the start on %j, naming the setting", (values, message) => {
    const read = withRetention(values);
    expect(read).toThrow(SettingsError);
    expect(read).toThrow(message);
  });
});
