import { describe, expect, it } from "vitest";
import { formatDateTimeIn } from "./format-time";

describe("formatDateTimeIn (decision 0050)", () => {
  it("names the zone: UTC on the server, the viewer's own in the browser", () => {
    expect(formatDateTimeIn("2026-11-26T21:50:00.000Z", "UTC")).toBe("11/26/2026 09:50 PM UTC");
    expect(formatDateTimeIn("2026-11-26T21:50:00.000Z", "America/New_York")).toBe("11/26/2026 04:50 PM EST");
    expect(formatDateTimeIn("2026-07-01T00:05:00.000Z", "America/Los_Angeles")).toBe("06/30/2026 05:05 PM PDT");
    expect(formatDateTimeIn("2026-11-26T09:05:00.000Z", "UTC")).toBe("11/26/2026 09:05 AM UTC");
  });
  it("is empty for nothing or an invalid value", () => {
    expect(formatDateTimeIn(null, "UTC")).toBe("");
    expect(formatDateTimeIn("not a date", "UTC")).toBe("");
  });
});
