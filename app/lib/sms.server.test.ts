import { describe, expect, it } from "vitest";
import { maskNumber, toE164 } from "./sms.server";

describe("SMS numbers", () => {
  it("turns the preferences' 10-digit numbers into E.164 (+1)", () => {
    expect(toE164("5125550111")).toBe("+15125550111");
    expect(toE164("(512) 555-0111")).toBe("+15125550111");
    expect(toE164("512.555.0111")).toBe("+15125550111");
    expect(toE164("+1 512 555 0111")).toBe("+15125550111");
    expect(toE164("15125550111")).toBe("+15125550111");
    expect(toE164("555-0111")).toBeNull();
    expect(toE164("25125550111")).toBeNull();
    expect(toE164("51255501xx")).toBeNull();
  });

  it("shows only the last two digits in logs", () => {
    expect(maskNumber("+15125550111")).toBe("…11");
  });
});
