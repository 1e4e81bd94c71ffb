// The viewer's time zone (decision 0102): the tz cookie names a known IANA zone or is ignored;
// TIME_ZONE is one, or the start stops naming it.
import { afterEach, describe, expect, it } from "vitest";
import { env, resetEnvCache, SettingsError } from "./env.server";
import { formatDateTimeIn } from "./format-time";
import { isTimeZone, timeZoneFromCookies } from "./time-zone";

describe("the tz cookie", () => {
  it("gives the zone it names, among other cookies", () => {
    expect(timeZoneFromCookies("__session=abc; tz=America%2FChicago; x=1")).toBe("America/Chicago");
    expect(timeZoneFromCookies("tz=UTC")).toBe("UTC");
  });
  it("is ignored when absent, unknown, malformed or huge", () => {
    for (const header of [null, "", "x=1", "tz=Mars%2FOlympus", "tz=%E0%A4%A", "tz=<script>", `tz=${"A".repeat(5000)}`, "tz=America/../../etc"]) {
      expect(timeZoneFromCookies(header)).toBe(null);
    }
  });
  it("knows the zones of the United States", () => {
    for (const z of ["America/New_York", "America/Chicago", "America/Denver", "America/Phoenix", "America/Los_Angeles", "America/Anchorage", "Pacific/Honolulu"]) {
      expect(isTimeZone(z)).toBe(true);
    }
  });
});

describe("formatDateTimeIn with seconds (signature evidence, the application PDF)", () => {
  it("adds the seconds and keeps the one format", () => {
    expect(formatDateTimeIn("2026-02-03T09:58:07.000Z", "America/New_York", { seconds: true })).toBe("02/03/2026 04:58:07 AM EST");
    expect(formatDateTimeIn("2026-02-03T09:58:07.000Z", "America/New_York")).toBe("02/03/2026 04:58 AM EST");
  });
});

describe("TIME_ZONE", () => {
  const saved = process.env.TIME_ZONE;
  afterEach(() => {
    if (saved === undefined) delete process.env.TIME_ZONE;
    else process.env.TIME_ZONE = saved;
    resetEnvCache();
  });
  function withZone(value: string | undefined) {
    if (value === undefined) delete process.env.TIME_ZONE;
    else process.env.TIME_ZONE = value;
    resetEnvCache();
    return env;
  }
  it("is America/New_York when unset, else the zone given", () => {
    expect(withZone(undefined)().TIME_ZONE).toBe("America/New_York");
    expect(withZone(" America/Chicago ")().TIME_ZONE).toBe("America/Chicago");
  });
  it("stops the start naming the setting when it is not a zone", () => {
    const read = withZone("Eastern");
    expect(read).toThrow(SettingsError);
    expect(read).toThrow(/TIME_ZONE: an IANA time zone such as America\/New_York/);
  });
});
