import { describe, expect, it } from "vitest";
import { addMonths, approvalProblems, daysBetween, expiryState, goodOrder, noticesDue, noticeThreshold, type LicenceFacts } from "./status";

const lic = (over: Partial<LicenceFacts> = {}): LicenceFacts => ({
  id: "l-" + (over.stateCode ?? "TX"),
  stateCode: "TX",
  status: "ACTIVE",
  effectiveDate: "2020-01-01",
  expiryDate: "2027-06-30",
  loaLife: true,
  loaAccidentHealth: true,
  loaVariable: false,
  ...over,
});
const eo = (expiryDate = "2027-12-31") => ({ id: "eo", kind: "EO", expiryDate });

describe("expiryState: the state of something valid through its expiry day", () => {
  it.each([
    ["2027-06-30", "2027-04-30", "VALID"], // 61 days left
    ["2027-06-30", "2027-05-01", "EXPIRING_60"], // 60
    ["2027-06-30", "2027-05-31", "EXPIRING_30"], // 30
    ["2027-06-30", "2027-06-23", "EXPIRING_7"], // 7
    ["2027-06-30", "2027-06-30", "EXPIRING_7"], // its last valid day
    ["2027-06-30", "2027-07-01", "EXPIRED"], // the day after
  ] as const)("expiry %s on %s: %s", (expiry, today, state) => {
    expect(expiryState(expiry, today)).toBe(state);
  });
  it("a license without expiry is valid", () => expect(expiryState(null, "2099-01-01")).toBe("VALID"));
  it("notices at 60, 30, 7 and on expiry", () => {
    expect(["VALID", "EXPIRING_60", "EXPIRING_30", "EXPIRING_7", "EXPIRED"].map((s) => noticeThreshold(s as never))).toEqual([null, 60, 30, 7, 0]);
  });
  it("counts days across a daylight-saving change and a leap day", () => {
    expect(daysBetween("2028-02-28", "2028-03-01")).toBe(2);
    expect(daysBetween("2027-03-13", "2027-03-15")).toBe(2);
  });
  it("adds months, clamping to the month's end", () => {
    expect(addMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(addMonths("2027-03-15", 12)).toBe("2028-03-15");
  });
});

describe("goodOrder: the standing of an agent position", () => {
  const agent = { npn: "123456", appointedStates: ["TX"], line: "LIFE" as const };
  it("in good order with a valid license of the line in each appointed state and E&O", () => {
    expect(goodOrder(agent, [lic()], [eo()], "2027-01-01")).toEqual({ standing: "IN_GOOD_ORDER", reasons: [], nextExpiry: "2027-06-30" });
  });
  it("not in good order when an appointed state's license lapses, with the state named", () => {
    const r = goodOrder(agent, [lic()], [eo()], "2027-07-01");
    expect(r.standing).toBe("NOT_IN_GOOD_ORDER");
    expect(r.reasons).toEqual([{ code: "LICENCE_EXPIRED", stateCode: "TX", subjectId: "l-TX" }]);
  });
  it("not in good order when E&O lapses or is missing", () => {
    expect(goodOrder(agent, [lic()], [eo("2026-12-31")], "2027-01-01").reasons).toEqual([{ code: "EO_EXPIRED", subjectId: "eo" }]);
    expect(goodOrder(agent, [lic()], [], "2027-01-01").reasons).toEqual([{ code: "EO_MISSING" }]);
  });
  it("the longest-running E&O counts", () => {
    expect(goodOrder(agent, [lic()], [eo("2026-12-31"), { ...eo("2027-12-31"), id: "eo2" }], "2027-01-01").standing).toBe("IN_GOOD_ORDER");
  });
  it("a missing state, an inactive license, one not yet in effect, one without the product's line", () => {
    const a = { ...agent, appointedStates: ["CA", "FL", "NV", "TX"] };
    const r = goodOrder(
      a,
      [lic({ stateCode: "FL", status: "INACTIVE" }), lic({ stateCode: "NV", effectiveDate: "2027-02-01" }), lic({ loaLife: false })],
      [eo()],
      "2027-01-01",
    );
    expect(r.reasons.map((x) => `${x.code}:${x.stateCode}`)).toEqual(["LICENCE_MISSING:CA", "LICENCE_INACTIVE:FL", "LICENCE_NOT_YET_EFFECTIVE:NV", "LINE_MISSING:TX"]);
  });
  it("unverified without an NPN or with nothing on record", () => {
    expect(goodOrder({ ...agent, npn: " " }, [], [], "2027-01-01").standing).toBe("UNVERIFIED");
    expect(goodOrder(agent, [], [], "2027-01-01")).toEqual({ standing: "UNVERIFIED", reasons: [], nextExpiry: null });
  });
  it("AML and training expiries count for the next expiry, not for the standing", () => {
    const r = goodOrder(agent, [lic()], [eo(), { id: "aml", kind: "AML", expiryDate: "2026-12-01" }, { id: "t", kind: "PRODUCT_TRAINING", expiryDate: "2027-02-01" }], "2027-01-01");
    expect(r).toEqual({ standing: "IN_GOOD_ORDER", reasons: [], nextExpiry: "2027-02-01" });
  });
});

describe("approvalProblems: what an application lacks", () => {
  it("needs every state with every line its products need", () => {
    const licences = [lic({ stateCode: "TX", loaAccidentHealth: false }), lic({ stateCode: "OK" })];
    expect(approvalProblems("123", ["TX", "OK", "KS"], ["LIFE", "ACCIDENT_HEALTH"], licences, "2027-01-01")).toEqual([
      { code: "LICENCE_MISSING", stateCode: "KS", line: "LIFE" },
      { code: "LINE_MISSING", stateCode: "TX", subjectId: "l-TX", line: "ACCIDENT_HEALTH" },
    ]);
  });
  it("nothing lacking", () => expect(approvalProblems("123", ["TX"], ["LIFE"], [lic()], "2027-01-01")).toEqual([]));
  it("no NPN", () => expect(approvalProblems(null, ["TX"], ["LIFE"], [lic()], "2027-01-01")).toEqual([{ code: "NO_NPN" }]));
});

describe("noticesDue: what the daily monitoring tells (decision 0071)", () => {
  const today = "2027-01-01";
  const agent = { npn: "123", appointedStates: ["TX", "OK"] };
  it("today's threshold of each license of an appointed state and each credential; nothing for the rest", () => {
    const licences = [
      lic({ stateCode: "TX", expiryDate: "2027-03-02" }), // 60 days
      lic({ stateCode: "OK", expiryDate: "2026-12-31" }), // expired yesterday
      lic({ stateCode: "CA", expiryDate: "2027-01-05" }), // not appointed there
    ];
    expect(noticesDue(agent, licences, [eo("2027-01-20"), { id: "aml", kind: "AML", expiryDate: "2028-01-01" }], today)).toEqual([
      { subjectKind: "LICENCE", subjectId: "l-OK", expiryDate: "2026-12-31", threshold: 0, stateCode: "OK" },
      { subjectKind: "LICENCE", subjectId: "l-TX", expiryDate: "2027-03-02", threshold: 60, stateCode: "TX" },
      { subjectKind: "CREDENTIAL", subjectId: "eo", expiryDate: "2027-01-20", threshold: 30, kind: "EO" },
    ]);
  });
  it("a superseded credential (a later one of its kind, or of its carrier for training) is not noticed; a perpetual license never", () => {
    const creds = [
      { id: "old", kind: "EO", expiryDate: "2026-06-30" },
      { id: "new", kind: "EO", expiryDate: "2028-06-30" },
      { id: "t1", kind: "PRODUCT_TRAINING", expiryDate: "2027-01-03", carrierId: 1 },
      { id: "t2", kind: "PRODUCT_TRAINING", expiryDate: "2028-01-03", carrierId: 2 },
    ];
    expect(noticesDue(agent, [lic({ stateCode: "TX", expiryDate: null })], creds, today).map((n) => [n.subjectId, n.threshold])).toEqual([["t1", 7]]);
  });
  it("no NPN: nothing", () => expect(noticesDue({ npn: null, appointedStates: ["TX"] }, [lic({ expiryDate: "2026-01-01" })], [], today)).toEqual([]));
});

describe("records from the application: to confirm (decision 0098)", () => {
  const today = "2027-01-01";
  const agent = { npn: "123", appointedStates: ["TX"], line: "LIFE" as const };
  const fromApp = lic({ source: "APPLICATION", loaLife: false, loaAccidentHealth: false, effectiveDate: null, expiryDate: null });
  const eoToConfirm = { id: "eo-app", kind: "EO", expiryDate: null, source: "APPLICATION" };
  it("an applicant's license does not satisfy the approval: to confirm, not missing", () => {
    expect(approvalProblems("123", ["TX"], ["LIFE"], [fromApp], today)).toEqual([{ code: "LICENCE_TO_CONFIRM", stateCode: "TX", subjectId: "l-TX" }]);
  });
  it("an applicant's certificate is one more problem until confirmed; a confirmed record is none", () => {
    expect(approvalProblems("123", ["TX"], ["LIFE"], [lic()], today, [eoToConfirm])).toEqual([{ code: "CREDENTIAL_TO_CONFIRM", kind: "EO", subjectId: "eo-app" }]);
    expect(approvalProblems("123", ["TX"], ["LIFE"], [lic({ source: "ADMIN" })], today, [{ ...eo(), source: "ADMIN" }])).toEqual([]);
  });
  it("a license to confirm of a state not asked for is listed too", () => {
    expect(approvalProblems("123", ["TX"], ["LIFE"], [lic(), { ...fromApp, id: "l-OK", stateCode: "OK" }], today)).toEqual([
      { code: "LICENCE_TO_CONFIRM", stateCode: "OK", subjectId: "l-OK" },
    ]);
  });
  it("the standing says the E&O certificate is to confirm, not that no E&O is on record", () => {
    const r = goodOrder(agent, [lic()], [eoToConfirm], today);
    expect(r.standing).toBe("NOT_IN_GOOD_ORDER");
    expect(r.reasons).toEqual([{ code: "CREDENTIAL_TO_CONFIRM", kind: "EO", subjectId: "eo-app" }]);
    expect(goodOrder(agent, [lic()], [eoToConfirm, eo()], today).standing).toBe("IN_GOOD_ORDER");
  });
  it("a certificate without an expiry is never noticed", () => {
    expect(noticesDue(agent, [lic()], [eoToConfirm], today)).toEqual([]);
  });
});
