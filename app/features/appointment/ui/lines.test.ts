import { describe, expect, test } from "vitest";
import { appointmentLineLabel, appointmentLineName } from "./lines";

describe("appointment lines", () => {
  test("two schedules of one carrier can be told apart", () => {
    const a = appointmentLineLabel({ carrier: "MIAC", productType: "Health", scheduleName: "MIAC Health Advantage", levelNo: 7, levelName: "Manager" });
    const b = appointmentLineLabel({ carrier: "MIAC", productType: "Health", scheduleName: "MIAC Health Supplemental", levelNo: 7, levelName: "Manager" });
    expect(a).toBe("MIAC Health Advantage — Level 7 Manager");
    expect(b).toBe("MIAC Health Supplemental — Level 7 Manager");
    expect(a).not.toBe(b);
  });

  test("a schedule name that does not say the carrier keeps carrier and product first", () => {
    expect(appointmentLineName({ carrier: "SLAC", productType: "Life", scheduleName: "Legacy 2026", levelNo: 12, levelName: "Senior Manager" })).toBe("SLAC Life (Legacy 2026)");
    expect(appointmentLineName({ carrier: "MIAC", carrierName: "Mutual Insurance Assurance Company", productType: "Health", scheduleName: "Mutual Insurance Assurance Company Health Plus", levelNo: 1, levelName: "" })).toBe(
      "Mutual Insurance Assurance Company Health Plus",
    );
  });

  test("without a schedule name: carrier and product, as before", () => {
    expect(appointmentLineLabel({ carrier: "MIAC", productType: "Health", levelNo: 7, levelName: "Manager" })).toBe("MIAC Health — Level 7 Manager");
    expect(appointmentLineLabel({ carrier: "MIAC", productType: "Health", scheduleName: " ", levelNo: null, levelName: "" })).toBe("MIAC Health");
  });
});
