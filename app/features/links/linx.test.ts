// The links page's parameters and recruiter box (spec part 1 §2 'linx').
import { describe, expect, it } from "vitest";
import { hierarchyParams, hierarchyQuery, recruiterBox, type RecruiterRow } from "./linx.server";

describe("hierarchyParams", () => {
  const p = (s: string) => hierarchyParams(new URLSearchParams(s));
  it("reads the three parameters or the dropdown's one field", () => {
    expect(p("agentNumber=100001&companyNumber=MI01&blockNumber=72")).toEqual({ agentNumber: "100001", companyNumber: "MI01", blockNumber: 72 });
    expect(p("hierarchy=100001%7CSL01%7C501")).toEqual({ agentNumber: "100001", companyNumber: "SL01", blockNumber: 501 });
    expect(hierarchyQuery({ agentNumber: "1", companyNumber: "C", blockNumber: 2 })).toBe("agentNumber=1&companyNumber=C&blockNumber=2");
  });
  it("none given (or an empty dropdown choice) is null; anything partial or malformed is refused", () => {
    expect(p("")).toBeNull();
    expect(p("hierarchy=")).toBeNull();
    expect(p("useLocalStorage=true")).toBeNull();
    expect(p("agentNumber=100001")).toBe("bad");
    expect(p("agentNumber=%3Cx%3E&companyNumber=MI01&blockNumber=72")).toBe("bad");
    expect(p("agentNumber=1&companyNumber=MI01&blockNumber=7.2")).toBe("bad");
    expect(p(`agentNumber=${"9".repeat(21)}&companyNumber=MI01&blockNumber=72`)).toBe("bad");
  });
});

describe("recruiterBox", () => {
  const base = {
    agentNumber: "1",
    companyNumber: "MI01",
    blockNumber: 72,
    agentType: "I",
    firstName: "Ann",
    middleName: null,
    lastName: "Lee",
    companyName: null,
    businessName: "Lee Agency",
    address1: "1 Main St",
    address2: null,
    city: "Austin",
    stateCode: "TX",
    zipCode: "78701",
    phoneNumber: null,
    businessPhone: "5125550100",
    company: { name: "Heritage" },
    block: { name: null, carrier: { name: "MIAC" }, productType: { name: "Health" } },
  } as unknown as RecruiterRow;
  it("shows name or business name, address and phone", () => {
    expect(recruiterBox(base)).toMatchObject({ name: "Ann Lee", addressLines: ["1 Main St", "Austin, TX 78701"], phone: "5125550100", blockName: "MIAC Health" });
    expect(recruiterBox({ ...base, firstName: null, lastName: null }).name).toBe("Lee Agency");
    expect(recruiterBox({ ...base, agentType: "C", companyName: "Lee Corp" }).name).toBe("Lee Corp");
  });
});
