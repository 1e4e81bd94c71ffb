import { describe, expect, it } from "vitest";
import { DEFAULT_AGENT_NUMBER_FORMAT, formatAgentNumber, parseAgentNumberFormat } from "./agent-number";

describe("agent number format", () => {
  it("pads {n:W} with zeros and keeps literal text around it", () => {
    expect(formatAgentNumber("A{n:6}", 70)).toBe("A000070");
    expect(formatAgentNumber("A{n:6}", 100070n)).toBe("A100070");
    expect(formatAgentNumber("{n}", 42)).toBe("42");
    expect(formatAgentNumber("HM-{n:4}-X", 12345)).toBe("HM-12345-X");
    expect(formatAgentNumber(DEFAULT_AGENT_NUMBER_FORMAT, 100070)).toBe("100070");
  });

  it("refuses formats without exactly one {n} or with other characters", () => {
    for (const bad of ["A", "{n}{n}", "A {n}", "{n:}", "{n:123}", "{m}", "<{n}>", "{n:19}"]) {
      expect(parseAgentNumberFormat(bad), bad).toBeNull();
    }
    expect(() => formatAgentNumber("nope", 1)).toThrow();
    expect(() => formatAgentNumber("{n}", 0)).toThrow();
  });
});
