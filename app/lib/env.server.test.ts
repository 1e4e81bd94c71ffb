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
