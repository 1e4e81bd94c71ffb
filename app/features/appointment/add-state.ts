// The add-a-state row of States & Fees without JavaScript (spec part 2 §4):
// the row's buttons are submit buttons of the section form (intents
// openAddState, addState, cancelAddState, deleteState:XX) and the server
// answers with the new list, nothing saved. The browser does the same in
// the page. Pure functions of the posted form; no database.
import { FEES_MESSAGES, type FeesDialog } from "./messages";

/** A refused check mark: shown beside the row's select and in the summary above, not in a dialog (decision 0103). */
export type AddStateRefusal = "addWhat" | "alreadyConfigured";

/** What the States & Fees form shows after a step: the list, the open row, its choice and a refusal of it. */
export type AddStateView = { states: string[]; addRowOpen: boolean; addStateCode?: string; refused?: AddStateRefusal };
export type AddStateStep = { fees: AddStateView; dialog: { kind: FeesDialog; title: string; message: string } | null };

/** The add-a-state part of a posted States & Fees form. */
export type AddStateForm = { states: string[]; addStateCode: string; addRowOpen: boolean };

export function addStateFormOf(formData: FormData): AddStateForm {
  return {
    states: formData.getAll("states").filter((v): v is string => typeof v === "string" && v !== ""),
    addStateCode: String(formData.get("addStateCode") ?? ""),
    addRowOpen: formData.get("addRowOpen") === "1",
  };
}

const DELETE = "deleteState:";
const dialog = (kind: FeesDialog) => ({ kind, ...FEES_MESSAGES[kind] });

/** True for the intents of the add-a-state row. */
export function isAddStateIntent(intent: string): boolean {
  return intent === "openAddState" || intent === "cancelAddState" || intent === "addState" || intent.startsWith(DELETE);
}

/** The refusal of the check mark for `code`, if any (the same rule in the browser and here). */
export function addStateRefusal(states: string[], code: string): AddStateRefusal | null {
  return !code ? "addWhat" : states.includes(code) ? "alreadyConfigured" : null;
}

/** One step of the row: open, cancel, delete a state, or add the chosen one (refused when empty or already in the list). */
export function addStateStep(intent: string, f: AddStateForm): AddStateStep {
  if (intent === "openAddState") return { fees: { states: f.states, addRowOpen: true }, dialog: null };
  if (intent.startsWith(DELETE)) {
    const gone = intent.slice(DELETE.length);
    return { fees: { states: f.states.filter((s) => s !== gone), addRowOpen: f.addRowOpen, addStateCode: f.addStateCode }, dialog: null };
  }
  if (intent === "addState") {
    const code = f.addStateCode;
    const refused = addStateRefusal(f.states, code);
    if (refused) return { fees: { states: f.states, addRowOpen: true, addStateCode: code, refused }, dialog: null };
    return { fees: { states: [...f.states, code], addRowOpen: false }, dialog: null };
  }
  return { fees: { states: f.states, addRowOpen: false }, dialog: null };
}

/** A SAVE or SUBMIT while the row is still open must first confirm or cancel it ('Add the State?'). */
export function pendingAddState(f: AddStateForm): AddStateStep | null {
  return f.addRowOpen ? { fees: { states: f.states, addRowOpen: true, addStateCode: f.addStateCode }, dialog: dialog("addTheState") } : null;
}
