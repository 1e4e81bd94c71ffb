import { describe, expect, it } from "vitest";
import { secondsToNextMinute } from "./rate-window";

describe("Retry-After / RateLimit-Reset: seconds to the next minute", () => {
  it.each([
    [0, 60],
    [0.2, 60],
    [30, 30],
    [59.2, 1],
    // The end of a minute: an integer cast said 0 ('retry now', still refused); CI met it on 2 Dec.
    [59.7, 1],
    [59.999, 1],
  ])("at second %s: %s", (second, expected) => {
    expect(secondsToNextMinute(second)).toBe(expected);
  });
});
