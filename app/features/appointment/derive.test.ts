// Derived data (spec part 2 §4).
import { describe, expect, test } from "vitest";
import {
  agentName,
  applyPersonalDerivations,
  copyHomeToBusiness,
  digitsOnly,
  formatMoney,
  isBeforeNow,
  normalizeEmail,
  parseIsoDate,
  routingNumberValid,
  stateFeeAmount,
  stripFormatting,
  totalFees,
  w9Name,
} from "./derive";

describe("names", () => {
  test.each([
    ["john", "quincy", "public", "John Q Public"],
    ["John", "", "Public", "John Public"],
    ["  mary ann ", "b", "mcDonald", "Mary Ann B McDonald"],
    ["", undefined, "lee", "Lee"],
  ])("agentName(%j, %j, %j) → %j", (f, m, l, out) => expect(agentName(f, m, l)).toBe(out));

  test.each([
    ["John", "Quincy", "Public", "John Quincy Public"],
    ["John", "", "Public", "John Public"],
    [" John ", null, " Public", "John Public"],
    ["jay", "quincy", "tester-smith", "Jay Quincy Tester-smith"],
  ])("w9Name(%j, %j, %j) → %j", (f, m, l, out) => expect(w9Name(f, m, l)).toBe(out));
});

describe("formatting", () => {
  test.each([
    ["(512) 555-0100", "5125550100"],
    ["900-78-1234", "900781234"],
    ["", ""],
  ])("digitsOnly(%j) → %j", (v, out) => expect(digitsOnly(v)).toBe(out));
  test("stripFormatting keeps letters so a typo is still caught", () => expect(stripFormatting("512-555-01OO")).toBe("51255501OO"));
  test("email is lowercased and trimmed", () => expect(normalizeEmail(" Jordan.Lee@Example.COM ")).toBe("jordan.lee@example.com"));
  test("money", () => {
    expect(formatMoney(15)).toBe("$15.00");
    expect(formatMoney("0")).toBe("$0.00");
  });
});

describe("personal derivations", () => {
  const home = { address1: "1 Main", address2: "Apt 2", city: "Austin", stateCode: "TX", zipCode: "78701" };
  test("same as mailing copies the home address", () => {
    expect(copyHomeToBusiness(home)).toEqual(home);
    const p = applyPersonalDerivations({ home, sameAsMailing: true, business: { city: "Dallas" } }, "APPTTYP_CORP");
    expect(p.business).toEqual(home);
  });
  test("corporate types mirror tax id ↔ employer id and business name; email lowercased", () => {
    const p = applyPersonalDerivations({ businessTaxID: "123456789", businessName: "Lee LLC", emailAddress: "A@B.CO" }, "APPTTYP_CORP");
    expect(p.apptIRSInfo).toMatchObject({ employerIdNumber: "123456789", businessName: "Lee LLC" });
    expect(p.emailAddress).toBe("a@b.co");
    const back = applyPersonalDerivations({ apptIRSInfo: { employerIdNumber: "987654321", businessName: "W9 Co" } }, "APPTTYP_VB_CORP");
    expect(back).toMatchObject({ businessTaxID: "987654321", businessName: "W9 Co" });
  });
  test("individual types do not mirror", () => {
    const p = applyPersonalDerivations({ businessTaxID: "123456789" }, "APPTTYP_IND");
    expect(p.apptIRSInfo?.employerIdNumber).toBeUndefined();
  });
});

describe("state fees", () => {
  const tx = { stateCode: "TX", residentFeeAmount: "10.00", nonResidentFeeAmount: 25 };
  test.each([
    ["TX", 10],
    ["tx", 10],
    ["FL", 25],
    [null, 25],
  ])("TX for a resident of %j costs %s", (resident, fee) => expect(stateFeeAmount(tx, resident)).toBe(fee));
  test("total is the sum of feeAmount", () => {
    expect(totalFees([{ feeAmount: 15 }, { feeAmount: "0.10" }, { feeAmount: "0.20" }])).toBe(15.3);
    expect(totalFees([])).toBe(0);
  });
});

describe("routing numbers (weights 7, 3, 9)", () => {
  test.each([
    ["011000015", true],
    ["021000021", true],
    ["111000025", true],
    ["011000016", false],
    ["021000022", false],
    ["500000005", false], // good checksum, first digit 5
    ["01100001", false],
    ["0110000150", false],
    ["01100001a", false],
    ["", false],
  ])("%j → %s", (n, ok) => expect(routingNumberValid(n)).toBe(ok));
});

describe("dates", () => {
  const now = new Date("2026-03-15T12:00:00Z");
  test.each([
    ["2026-03-14", true],
    ["1990-09-03", true],
    ["2026-03-16", false],
    ["2026-02-30", false],
    ["15/03/1990", false],
    ["", false],
  ])("isBeforeNow(%j) → %s", (d, ok) => expect(isBeforeNow(d, now)).toBe(ok));
  test("parseIsoDate refuses impossible dates", () => {
    expect(parseIsoDate("2024-02-29")?.toISOString()).toBe("2024-02-29T00:00:00.000Z");
    expect(parseIsoDate("2023-02-29")).toBeNull();
  });
});
