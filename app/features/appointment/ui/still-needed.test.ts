import { describe, expect, test } from "vitest";
import { stillNeededText } from "./Chrome";

describe("stillNeededText", () => {
  test("every entry reads as a sentence, the words kept as the rule gives them", () => {
    expect(stillNeededText("Q&A Signature Required")).toBe("Q&A Signature Required.");
    expect(stillNeededText("NPN is required")).toBe("NPN is required.");
    expect(stillNeededText("Your selected state has already been added to the list.")).toBe("Your selected state has already been added to the list.");
    expect(stillNeededText("at least one")).toBe("At least one.");
  });
});
