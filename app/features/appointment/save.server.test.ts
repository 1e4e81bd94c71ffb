// What a posted section means before it is parsed: absent fields keep their
// stored values, blank sensitive inputs keep the stored number, and only a
// whole form (allFields=1) can uncheck a box or empty the state list.
import { describe, expect, test } from "vitest";
import { ALL_FIELDS } from "./form-data";
import { withStoredValues } from "./save.server";
import { storedMasks } from "./sensitive.server";

const masks = { ...storedMasks({}), ssn: "*****6789", "ccInfo.cardNumber": "*****1111" };
const entries = (fd: FormData) => [...fd.entries()].map(([k, v]) => [k, String(v)]);
const post = (pairs: Array<[string, string]>) => {
  const fd = new FormData();
  for (const [k, v] of pairs) fd.append(k, v);
  return fd;
};

describe("withStoredValues", () => {
  const stored = { firstName: "Jay", lastName: "Lee", ssn: "*****6789", home: { city: "Austin" }, answers: [{ questionId: "1", answer: "N" }], willFax: true, states: ["TX", "GA"] };

  test("an empty post is the stored section", () => {
    expect(entries(withStoredValues(new FormData(), stored, masks))).toEqual([
      ["firstName", "Jay"],
      ["lastName", "Lee"],
      ["ssn", "*****6789"],
      ["home.city", "Austin"],
      ["answers[0].questionId", "1"],
      ["answers[0].answer", "N"],
      ["willFax", "on"],
      ["states", "TX"],
      ["states", "GA"],
    ]);
  });

  test("what is posted wins; a blank sensitive input keeps the stored mask", () => {
    const out = withStoredValues(post([["lastName", "Forged"], ["ssn", " "], ["states", "FL"]]), stored, masks);
    expect(out.getAll("lastName")).toEqual(["Forged"]);
    expect(out.getAll("ssn")).toEqual(["*****6789"]);
    expect(out.getAll("states")).toEqual(["FL"]);
    expect(out.get("firstName")).toBe("Jay");
  });

  test("a whole form unchecks boxes and empties the state list; other fields still keep their values", () => {
    const out = withStoredValues(post([[ALL_FIELDS, "1"], ["lastName", "Lee"]]), stored, masks);
    expect(out.has("willFax")).toBe(false);
    expect(out.has("states")).toBe(false);
    expect(out.get("firstName")).toBe("Jay");
  });
});
