import { describe, expect, test } from "vitest";
import { addStateFormOf, addStateStep, isAddStateIntent, pendingAddState } from "./add-state";
import { FEES_MESSAGES } from "./messages";

const form = (over: Partial<{ states: string[]; addStateCode: string; addRowOpen: boolean }> = {}) => ({
  states: ["TX", "GA"],
  addStateCode: "",
  addRowOpen: true,
  ...over,
});

describe("the add-a-state row without JavaScript", () => {
  test("reads the list, the choice and the open row from the post", () => {
    const fd = new FormData();
    fd.append("states", "TX");
    fd.append("states", "");
    fd.append("states", "GA");
    fd.append("addStateCode", "FL");
    fd.append("addRowOpen", "1");
    expect(addStateFormOf(fd)).toEqual({ states: ["TX", "GA"], addStateCode: "FL", addRowOpen: true });
    expect(addStateFormOf(new FormData())).toEqual({ states: [], addStateCode: "", addRowOpen: false });
  });

  test("knows its intents", () => {
    for (const i of ["openAddState", "cancelAddState", "addState", "deleteState:TX"]) expect(isAddStateIntent(i)).toBe(true);
    for (const i of ["save", "submit", "saveContinue", "esignConsent", ""]) expect(isAddStateIntent(i)).toBe(false);
  });

  test("opens and cancels the row, keeping the list", () => {
    expect(addStateStep("openAddState", form({ addRowOpen: false }))).toEqual({ fees: { states: ["TX", "GA"], addRowOpen: true }, dialog: null });
    expect(addStateStep("cancelAddState", form({ addStateCode: "FL" }))).toEqual({ fees: { states: ["TX", "GA"], addRowOpen: false }, dialog: null });
  });

  test("adds the chosen state and closes the row", () => {
    expect(addStateStep("addState", form({ addStateCode: "FL" }))).toEqual({ fees: { states: ["TX", "GA", "FL"], addRowOpen: false }, dialog: null });
  });

  test("refuses an empty choice ('Add What State') and a state already in the list ('Already Configured') on the page, not in a dialog", () => {
    const empty = addStateStep("addState", form());
    expect(empty.dialog).toBeNull();
    expect(empty.fees).toEqual({ states: ["TX", "GA"], addRowOpen: true, addStateCode: "", refused: "addWhat" });
    const dup = addStateStep("addState", form({ addStateCode: "GA" }));
    expect(dup.dialog).toBeNull();
    expect(FEES_MESSAGES[dup.fees.refused!].title).toBe("Already Configured");
    expect(dup.fees.states).toEqual(["TX", "GA"]);
  });

  test("deletes a state, keeping the row as it was", () => {
    expect(addStateStep("deleteState:TX", form({ addStateCode: "FL" }))).toEqual({ fees: { states: ["GA"], addRowOpen: true, addStateCode: "FL" }, dialog: null });
    expect(addStateStep("deleteState:TX", form({ addRowOpen: false })).fees.addRowOpen).toBe(false);
  });

  test("a save with the row open asks 'Add the State?'; a closed row lets it through", () => {
    expect(pendingAddState(form({ addStateCode: "FL" }))).toEqual({
      fees: { states: ["TX", "GA"], addRowOpen: true, addStateCode: "FL" },
      dialog: { kind: "addTheState", ...FEES_MESSAGES.addTheState },
    });
    expect(pendingAddState(form({ addRowOpen: false }))).toBeNull();
  });
});
