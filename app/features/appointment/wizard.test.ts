import { describe, expect, test } from "vitest";
import { MESSAGES } from "./messages";
import { wizardStep2Schema, wizardStep3SchemaFor } from "./schema";
import {
  chosenType,
  readWizardIntent,
  readWizardParams,
  shownStep,
  stepAfter,
  stepBefore,
  WIZARD_MESSAGES,
  wizardMove,
  wizardSteps,
  wizardUrl,
  type WizardFacts,
} from "./wizard";

const STANDARD: WizardFacts = { enrollRep: false, flavour: "STANDARD" };
const ENROLL_REP: WizardFacts = { enrollRep: true, flavour: "STANDARD" };
const VB: WizardFacts = { enrollRep: false, flavour: "VB" };

const params = (q: string) => readWizardParams(new URLSearchParams(q));
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe("wizard parameters", () => {
  test("read from the query string, odd values read as absent", () => {
    expect(params("link=EXTabc&step=3&good=Y&type=APPTTYP_IND")).toEqual({
      link: "EXTabc",
      multiLinkId: "",
      multiLinks: "",
      step: 3,
      good: "Y",
      type: "APPTTYP_IND",
    });
    expect(params("link=x&step=9&good=maybe").step).toBe(1);
    expect(params("link=x&step=2.5").step).toBe(2);
    expect(params("link=x&step=-1").step).toBe(1);
    expect(params("link=x&good=maybe").good).toBe("");
    expect(params(`link=${"a".repeat(5000)}`).link).toHaveLength(200);
  });

  test("read from a posted form, and the URL they make round-trips", () => {
    const p = readWizardParams(form({ link: " EXTabc ", multiLinkId: "7", step: "2", good: "N" }));
    expect(p).toMatchObject({ link: "EXTabc", multiLinkId: "7", step: 2, good: "N" });
    expect(readWizardParams(new URL(`http://x${wizardUrl(p, { step: 3 })}`).searchParams)).toEqual({ ...p, step: 3 });
    expect(wizardUrl(params("link=EXTabc"))).toBe("/wizard?link=EXTabc&step=1");
  });

  test("the button pressed: anything unknown is NEXT", () => {
    expect(readWizardIntent(form({ intent: "previous" }))).toBe("previous");
    expect(readWizardIntent(form({ intent: "cancel" }))).toBe("cancel");
    expect(readWizardIntent(form({ intent: "decline" }))).toBe("decline");
    expect(readWizardIntent(form({ intent: "delete-everything" }))).toBe("next");
    expect(readWizardIntent(form({}))).toBe("next");
  });
});

describe("steps", () => {
  test("enrollRep skips step 3 both ways", () => {
    expect(wizardSteps(STANDARD)).toEqual([1, 2, 3, 4]);
    expect(wizardSteps(ENROLL_REP)).toEqual([1, 2, 4]);
    expect(stepAfter(2, ENROLL_REP)).toBe(4);
    expect(stepBefore(4, ENROLL_REP)).toBe(2);
    expect(stepAfter(2, STANDARD)).toBe(3);
    expect(stepBefore(4, STANDARD)).toBe(3);
    expect(stepBefore(1, STANDARD)).toBe(1);
  });

  test.each([
    ["link=x&step=1", STANDARD, 1],
    ["link=x&step=2", STANDARD, 2],
    ["link=x&step=3", STANDARD, 2],
    ["link=x&step=3&good=N", STANDARD, 2],
    ["link=x&step=3&good=Y", STANDARD, 3],
    ["link=x&step=4&good=Y", STANDARD, 3],
    ["link=x&step=4&good=Y&type=APPTTYP_WVB", STANDARD, 3],
    ["link=x&step=4&type=APPTTYP_IND", STANDARD, 2],
    ["link=x&step=4&good=Y&type=APPTTYP_IND", STANDARD, 4],
    ["link=x&step=3&good=Y", ENROLL_REP, 4],
    ["link=x&step=4&good=Y", ENROLL_REP, 4],
    ["link=x&step=4&good=Y&type=APPTTYP_WVB", VB, 4],
    ["link=x&step=4&good=Y&type=APPTTYP_IND", VB, 3],
  ] as const)("%s (%j) shows step %i", (q, f, step) => expect(shownStep(params(q), f)).toBe(step));
});

describe("moves", () => {
  test("CANCEL goes home, PREVIOUS one step back", () => {
    expect(wizardMove("cancel", params("link=x&step=3"), STANDARD)).toEqual({ kind: "redirect", to: "/home" });
    expect(wizardMove("previous", params("link=x&step=3&good=Y"), STANDARD)).toEqual({ kind: "redirect", to: "/wizard?link=x&step=2&good=Y" });
    expect(wizardMove("previous", params("link=x&step=4&good=Y"), ENROLL_REP)).toEqual({ kind: "redirect", to: "/wizard?link=x&step=2&good=Y" });
  });

  test("step 2: no answer is the spec's dialog, No asks to confirm, Yes goes on", () => {
    expect(wizardMove("next", params("link=x&step=2"), STANDARD)).toEqual({ kind: "dialog", dialog: "lookGood", status: 400 });
    expect(wizardMove("next", params("link=x&step=2&good=N"), STANDARD)).toEqual({ kind: "dialog", dialog: "confirmDecline", status: 200 });
    expect(wizardMove("next", params("link=x&step=2&good=Y"), STANDARD)).toEqual({ kind: "redirect", to: "/wizard?link=x&step=3&good=Y" });
    expect(wizardMove("next", params("link=x&step=2&good=Y"), ENROLL_REP)).toEqual({ kind: "redirect", to: "/wizard?link=x&step=4&good=Y" });
  });

  test("declining happens from step 2 only", () => {
    expect(wizardMove("decline", params("link=x&step=2"), STANDARD)).toEqual({ kind: "decline" });
    expect(wizardMove("decline", params("link=x&step=4&good=Y&type=APPTTYP_IND"), STANDARD)).toEqual({
      kind: "redirect",
      to: "/wizard?link=x&step=2&type=APPTTYP_IND",
    });
  });

  test("step 3 needs a type the invitation offers", () => {
    expect(wizardMove("next", params("link=x&step=3&good=Y"), STANDARD)).toEqual({ kind: "dialog", dialog: "chooseType", status: 400 });
    expect(wizardMove("next", params("link=x&step=3&good=Y&type=APPTTYP_WVB"), STANDARD)).toEqual({ kind: "dialog", dialog: "chooseType", status: 400 });
    expect(wizardMove("next", params("link=x&step=3&good=Y&type=APPTTYP_CORP"), STANDARD)).toEqual({
      kind: "redirect",
      to: "/wizard?link=x&step=4&good=Y&type=APPTTYP_CORP",
    });
  });

  test("leaving step 4 creates the application with the chosen (or fixed) type, or goes back to what is missing", () => {
    expect(wizardMove("next", params("link=x&step=4&good=Y&type=APPTTYP_BOTH"), STANDARD)).toEqual({ kind: "create", appointmentTypeCode: "APPTTYP_BOTH" });
    expect(wizardMove("next", params("link=x&step=4&good=Y"), ENROLL_REP)).toEqual({ kind: "create", appointmentTypeCode: "APPTTYP_REP" });
    expect(wizardMove("next", params("link=x&step=4&type=APPTTYP_IND"), STANDARD)).toEqual({ kind: "redirect", to: "/wizard?link=x&step=2&type=APPTTYP_IND" });
    expect(wizardMove("next", params("link=x&step=4&good=Y&type=APPTTYP_REP"), STANDARD)).toEqual({ kind: "redirect", to: "/wizard?link=x&step=3&good=Y&type=APPTTYP_REP" });
  });
});

describe("the step schemas are the wizard's rules and messages", () => {
  test("the dialogs say the schemas' messages", () => {
    expect(WIZARD_MESSAGES.lookGood.message).toBe(MESSAGES.wizardYesNo);
    expect(WIZARD_MESSAGES.chooseType.message).toBe(MESSAGES.wizardType);
  });
  test("a type is accepted exactly when the step-3 schema accepts it", () => {
    for (const code of ["APPTTYP_IND", "APPTTYP_WVB", "APPTTYP_REP", "APPTTYP_PRIN", "", "nonsense"]) {
      for (const f of [STANDARD, VB]) {
        const p = params(`link=x&type=${code}`);
        expect(chosenType(p, f) !== null).toBe(wizardStep3SchemaFor(f.flavour).safeParse({ appointmentTypeCode: code }).success);
      }
    }
    expect(wizardStep2Schema.safeParse({ looksGood: "Y" }).success).toBe(true);
  });
});
