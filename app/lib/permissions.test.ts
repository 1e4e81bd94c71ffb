// The compliance officer in the role table (decision 0119): the audit log and their own portal
// pages, nothing of the back office; an administrator acting as the officer does not read the log.
import { describe, expect, it } from "vitest";
import { can, capabilitiesOf, rolesOf } from "./permissions";

const officer = { userRoleCode: "USRROLE_COMPLIANCE", isInternal: false, impersonator: null };

describe("the compliance officer", () => {
  it("reads the audit log, the retention queue and the screening results, and nothing else of anyone's, whatever else the user row says", () => {
    for (const user of [officer, { ...officer, isInternal: true }]) {
      for (const rules of [null, { showConfigure: true }]) {
        const caps = capabilitiesOf(rolesOf(user, rules));
        expect(caps.sort()).toEqual(["read:audit-log", "read:retention", "read:screening", "use:portal"]);
      }
    }
  });

  it("impersonated: a plain portal, not the log; no one else reads it", () => {
    expect(rolesOf({ ...officer, impersonator: { id: "admin" } }, null)).toEqual(["prospect", "impersonator"]);
    expect(can(capabilitiesOf(rolesOf({ ...officer, impersonator: { id: "admin" } }, null)), "read:audit-log")).toBe(false);
    for (const user of [
      { userRoleCode: "USRROLE_AGENT", isInternal: true, impersonator: null },
      { userRoleCode: "USRROLE_MD", isInternal: false, impersonator: null },
    ]) {
      expect(can(capabilitiesOf(rolesOf(user, { showConfigure: true })), "read:audit-log")).toBe(false);
    }
  });
});
