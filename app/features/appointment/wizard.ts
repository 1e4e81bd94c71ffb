// The new-application wizard's step machine (spec part 2 §2 'Wizard', §5,
// §8), as pure functions: what the query string and the posted fields say,
// which step a URL may show, and where each button leads. The route
// (app/routes/wizard.tsx) loads the invitation, runs these and carries out
// the answer. The answers travel in the query string (GET) and in hidden
// fields (POST), so the wizard works without JavaScript; see
// docs/decisions/0010-application-screens.md.
//
//   /wizard?link=…[&multiLinkId=…][&multiLinks=…][&step=1..4][&good=Y|N][&type=APPTTYP_…]
import { ENROLL_REP_TYPE, WIZARD_APPOINTMENT_TYPES, type AppointmentTypeCode, type InvitationFlavour } from "./model";
import { wizardStep2Schema, wizardStep3SchemaFor } from "./schema";

export const WIZARD_STEP_TITLES = ["Instructions", "Your Invitation", "Appointment Type", "Before You Begin"] as const;

export const WIZARD_MESSAGES = {
  systemError: {
    title: "System Error",
    message: "Oops. Pardon our mistakes. Please start over from the home page...",
  },
  fetchFailed: {
    title: "Fetching Agency information failed",
    message: "We could not fetch the information of the agency that invited you. Please start over from the home page.",
  },
  lookGood: { title: "Invitation Look Good?", message: "Please choose Yes or No" },
  chooseType: { title: "Appointment Type?", message: "Please choose one of the appointment types before continuing." },
  createFailed: {
    title: "System Error",
    message: "Oops! Some unforeseen system error occurred while trying to create the application. Please try again.",
  },
} as const;

export type WizardMessageKey = keyof typeof WIZARD_MESSAGES;

export type WizardParams = {
  link: string;
  multiLinkId: string;
  multiLinks: string;
  step: number;
  good: "" | "Y" | "N";
  type: string;
};

/** What the step machine needs to know about the invitation. */
export type WizardFacts = { enrollRep: boolean; flavour: InvitationFlavour };

export type WizardIntent = "next" | "previous" | "cancel" | "decline";

const MAX_PARAM = 200;

/** The wizard's parameters from the query string or the posted form; anything odd reads as absent. */
export function readWizardParams(source: URLSearchParams | FormData): WizardParams {
  const get = (k: string) => {
    const v = source.get(k);
    return typeof v === "string" ? v.trim().slice(0, MAX_PARAM) : "";
  };
  const step = Number.parseInt(get("step") || "1", 10);
  const good = get("good");
  return {
    link: get("link"),
    multiLinkId: get("multiLinkId"),
    multiLinks: get("multiLinks"),
    step: Number.isInteger(step) && step >= 1 && step <= 4 ? step : 1,
    good: good === "Y" || good === "N" ? good : "",
    type: get("type"),
  };
}

/** The button pressed; anything else is NEXT (Enter in the form). */
export function readWizardIntent(source: FormData): WizardIntent {
  const v = source.get("intent");
  return v === "previous" || v === "cancel" || v === "decline" ? v : "next";
}

export function wizardUrl(p: WizardParams, overrides: Partial<WizardParams> = {}): string {
  const q = { ...p, ...overrides };
  const s = new URLSearchParams();
  if (q.link) s.set("link", q.link);
  if (q.multiLinkId) s.set("multiLinkId", q.multiLinkId);
  if (q.multiLinks) s.set("multiLinks", q.multiLinks);
  s.set("step", String(q.step));
  if (q.good) s.set("good", q.good);
  if (q.type) s.set("type", q.type);
  return `/wizard?${s}`;
}

/** The steps shown: step 3 is skipped when the invitation is flagged enrollRep (type fixed to representative). */
export function wizardSteps(f: WizardFacts): number[] {
  return f.enrollRep ? [1, 2, 4] : [1, 2, 3, 4];
}

export function stepAfter(step: number, f: WizardFacts): number {
  return step === 2 && f.enrollRep ? 4 : Math.min(4, step + 1);
}

export function stepBefore(step: number, f: WizardFacts): number {
  return step === 4 && f.enrollRep ? 2 : Math.max(1, step - 1);
}

/** The invitation looks good: the step-2 answer checked by its schema. */
export function invitationConfirmed(p: WizardParams): boolean {
  return wizardStep2Schema.safeParse({ looksGood: p.good || undefined }).success && p.good === "Y";
}

/** The appointment type to create: fixed for enrollRep, else the step-3 answer when its schema accepts it. */
export function chosenType(p: WizardParams, f: WizardFacts): AppointmentTypeCode | null {
  if (f.enrollRep) return ENROLL_REP_TYPE;
  const parsed = wizardStep3SchemaFor(f.flavour).safeParse({ appointmentTypeCode: p.type || undefined });
  return parsed.success ? (parsed.data.appointmentTypeCode as AppointmentTypeCode) : null;
}

/** The types step 3 offers for this invitation. */
export function offeredTypes(f: WizardFacts) {
  return WIZARD_APPOINTMENT_TYPES[f.flavour];
}

/** The step a URL may show: further on than the answers allow goes back to the first unanswered step. */
export function shownStep(p: WizardParams, f: WizardFacts): number {
  let step = p.step;
  if (step >= 3 && !invitationConfirmed(p)) return 2;
  if (step === 3 && f.enrollRep) step = 4;
  if (step === 4 && !chosenType(p, f)) step = 3;
  return step;
}

export type WizardMove =
  | { kind: "redirect"; to: string }
  | { kind: "dialog"; dialog: "lookGood" | "chooseType" | "confirmDecline"; status: 200 | 400 }
  | { kind: "decline" }
  | { kind: "create"; appointmentTypeCode: AppointmentTypeCode };

/** Where a button of a step leads (CANCEL is handled before the invitation is loaded: it goes home). */
export function wizardMove(intent: WizardIntent, p: WizardParams, f: WizardFacts): WizardMove {
  if (intent === "cancel") return { kind: "redirect", to: "/home" };
  if (intent === "previous") return { kind: "redirect", to: wizardUrl(p, { step: stepBefore(p.step, f) }) };
  if (intent === "decline") {
    // Only an invitation answered No on step 2 is declined.
    return p.step === 2 ? { kind: "decline" } : { kind: "redirect", to: wizardUrl(p, { step: 2, good: "" }) };
  }
  switch (p.step) {
    case 1:
      return { kind: "redirect", to: wizardUrl(p, { step: 2 }) };
    case 2:
      if (p.good === "N") return { kind: "dialog", dialog: "confirmDecline", status: 200 };
      if (!invitationConfirmed(p)) return { kind: "dialog", dialog: "lookGood", status: 400 };
      return { kind: "redirect", to: wizardUrl(p, { step: stepAfter(2, f) }) };
    case 3:
      if (!chosenType(p, f)) return { kind: "dialog", dialog: "chooseType", status: 400 };
      return { kind: "redirect", to: wizardUrl(p, { step: 4 }) };
    default: {
      if (!invitationConfirmed(p)) return { kind: "redirect", to: wizardUrl(p, { step: 2 }) };
      const type = chosenType(p, f);
      if (!type) return { kind: "redirect", to: wizardUrl(p, { step: 3 }) };
      return { kind: "create", appointmentTypeCode: type };
    }
  }
}
