// The new-application wizard (spec part 2 §2 'Wizard', §5 'Wizard', §8).
// Four steps, each a page: the step and the answers travel in the query
// string (GET) and in hidden fields (POST), and the server checks them on
// every request, so the wizard works without JavaScript. Moving on is a POST
// that validates the step and redirects to the next one (see
// docs/decisions/0010-application-screens.md).
//
//   /wizard?link=…[&multiLinkId=…][&multiLinks=…][&step=1..4][&good=Y|N][&type=APPTTYP_…]
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { createFromWizard, declineInvitation, wizardContext, type WizardContext } from "~/features/appointment/create.server";
import { WIZARD_APPOINTMENT_TYPES } from "~/features/appointment/model";
import { SystemPdf } from "~/features/appointment/ui/SystemPdf";
import { signOut } from "~/features/users/sign-in.server";
import { requireUser } from "~/lib/auth.server";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import applicationStyles from "~/styles/application.css";

export const meta = titleMeta("New Appointment");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: applicationStyles }];

const STEP_TITLES = ["Instructions", "Your Invitation", "Appointment Type", "Before You Begin"] as const;

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

type WizardParams = {
  link: string;
  multiLinkId: string;
  multiLinks: string;
  step: number;
  good: "" | "Y" | "N";
  type: string;
};

function readParams(source: URLSearchParams | FormData): WizardParams {
  const get = (k: string) => {
    const v = source.get(k);
    return typeof v === "string" ? v.trim() : "";
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

function wizardUrl(p: WizardParams, overrides: Partial<WizardParams> = {}) {
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

type Ctx = WizardContext & { types: ReadonlyArray<{ code: string; label: string; description?: string }> };

const TYPE_DESCRIPTIONS: Record<string, string> = {
  APPTTYP_IND: "you sell and are paid as an individual agent",
  APPTTYP_CORP: "your agency (corporation or LLC) is appointed and paid",
  APPTTYP_BOTH: "you and your agency are both appointed",
  APPTTYP_PRIN: "you are the principal of an appointed agency",
  APPTTYP_WVB: "you sell through the web-based program as an individual",
  APPTTYP_VB_CORP: "your agency sells through the web-based program",
};

async function loadContext(
  user: Awaited<ReturnType<typeof requireUser>>,
  p: WizardParams,
): Promise<{ error: "systemError" | "fetchFailed" } | { ctx: Ctx }> {
  if (!p.link && !p.multiLinkId) return { error: "systemError" as const };
  try {
    const result = await wizardContext(user, { link: p.link || null, multiLinkId: p.multiLinkId || null });
    if (!result.ok) return { error: /fetching agency/i.test(result.title) ? "fetchFailed" : "systemError" };
    const types = WIZARD_APPOINTMENT_TYPES[result.context.flavour].map((t) => ({
      ...t,
      description: TYPE_DESCRIPTIONS[t.code],
    }));
    return { ctx: { ...result.context, types } };
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("[wizard] could not load the invitation", error);
    return { error: "fetchFailed" as const };
  }
}

/** Step 3 is skipped both ways when the invitation is flagged enrollRep (type fixed to representative). */
function stepAfter(step: number, ctx: Ctx) {
  return step === 2 && ctx.enrollRep ? 4 : step + 1;
}
function stepBefore(step: number, ctx: Ctx) {
  return step === 4 && ctx.enrollRep ? 2 : Math.max(1, step - 1);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const p = readParams(new URL(request.url).searchParams);
  const loaded = await loadContext(user, p);
  if ("error" in loaded) return { params: p, ctx: null, error: loaded.error };
  const { ctx } = loaded;
  // An application for this link exists already: go straight to it.
  if (ctx.existingAppointmentId) throw redirect(`/appoint?id=${ctx.existingAppointmentId}`);
  // Steps further on than the answers allow go back to the first unanswered one.
  let step = p.step;
  if (step >= 3 && p.good !== "Y") step = 2;
  if (step === 3 && ctx.enrollRep) step = 4;
  if (step === 4 && !ctx.enrollRep && !ctx.types.some((t) => t.code === p.type)) step = p.good === "Y" ? 3 : 2;
  return { params: { ...p, step }, ctx, error: null };
}

type ActionResult = { dialog: keyof typeof WIZARD_MESSAGES | "confirmDecline"; params: WizardParams };

export async function action({ request }: ActionFunctionArgs) {
  // Anyone signed in may answer the wizard; which link they may use is in the form (checked next).
  const user = await requireUser(request);
  const form = await readForm(request);
  const p = readParams(form);
  const intent = String(form.get("intent") ?? "next");
  if (intent === "cancel") throw redirect("/home");
  const loaded = await loadContext(user, p);
  if ("error" in loaded) return data<ActionResult>({ dialog: loaded.error, params: p }, { status: 400 });
  const { ctx } = loaded;

  if (intent === "previous") throw redirect(wizardUrl(p, { step: stepBefore(p.step, ctx) }));

  if (intent === "decline") {
    await declineInvitation(user, { link: p.link || null, multiLinkId: p.multiLinkId || null }, request);
    return signOut(request);
  }

  switch (p.step) {
    case 1:
      throw redirect(wizardUrl(p, { step: 2 }));
    case 2:
      if (p.good === "N") return data<ActionResult>({ dialog: "confirmDecline", params: p }, { status: 200 });
      if (p.good !== "Y") return data<ActionResult>({ dialog: "lookGood", params: p }, { status: 400 });
      throw redirect(wizardUrl(p, { step: stepAfter(2, ctx) }));
    case 3:
      if (!ctx.types.some((t) => t.code === p.type)) {
        return data<ActionResult>({ dialog: "chooseType", params: p }, { status: 400 });
      }
      throw redirect(wizardUrl(p, { step: 4 }));
    default: {
      if (p.good !== "Y") throw redirect(wizardUrl(p, { step: 2 }));
      const type = ctx.enrollRep ? "APPTTYP_REP" : p.type;
      if (!ctx.types.some((t) => t.code === type) && !ctx.enrollRep) throw redirect(wizardUrl(p, { step: 3 }));
      const created = await createFromWizard(
        user,
        { link: p.link || null, multiLinkId: p.multiLinkId || null, appointmentTypeCode: type },
        request,
      );
      if (!created.ok) return data<ActionResult>({ dialog: "createFailed", params: p }, { status: 500 });
      throw redirect(`/appoint?id=${created.appointmentId}`);
    }
  }
}

function Hidden({ p }: { p: WizardParams }) {
  return (
    <>
      <input type="hidden" name="link" value={p.link} />
      {p.multiLinkId ? <input type="hidden" name="multiLinkId" value={p.multiLinkId} /> : null}
      {p.multiLinks ? <input type="hidden" name="multiLinks" value={p.multiLinks} /> : null}
      <input type="hidden" name="step" value={p.step} />
    </>
  );
}

export default function WizardRoute() {
  const { params, ctx, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";

  if (error || !ctx) {
    const m = WIZARD_MESSAGES[error ?? "systemError"];
    return (
      <SignedInLayout>
        <PageHeader title="New Appointment" />
        <Dialog
          title={m.title}
          message={m.message}
          variant="error"
          dismissible={false}
          buttons={[{ label: "OK", to: "/home" }]}
        />
      </SignedInLayout>
    );
  }

  // After a refused POST the answers shown are the ones posted.
  const p = actionData?.params ? { ...params, ...actionData.params } : params;
  const steps = ctx.enrollRep ? [1, 2, 4] : [1, 2, 3, 4];
  const dialog = actionData?.dialog;

  return (
    <SignedInLayout>
      <div className="wizard">
        <PageHeader title="New Appointment" lead={`Step ${steps.indexOf(p.step) + 1} of ${steps.length}: ${STEP_TITLES[p.step - 1]}`} />
        <ol className="wizard__steps" aria-label="Steps">
          {steps.map((s) => (
            <li
              key={s}
              className={`wizard__step${s < p.step ? " wizard__step--done" : ""}`}
              aria-current={s === p.step ? "step" : undefined}
            >
              {STEP_TITLES[s - 1]}
            </li>
          ))}
        </ol>

        <section className="card">
          <Form method="post" className="form" key={p.step}>
            <Hidden p={p} />
            {p.step !== 2 && p.good ? <input type="hidden" name="good" value={p.good} /> : null}
            {p.step !== 3 && p.type ? <input type="hidden" name="type" value={p.type} /> : null}

            {p.step === 1 ? <StepInstructions appointedBefore={ctx.appointedBefore} /> : null}
            {p.step === 2 ? <StepInvitation ctx={ctx} good={p.good} /> : null}
            {p.step === 3 ? <StepType ctx={ctx} type={p.type} /> : null}
            {p.step === 4 ? <StepPointers /> : null}

            <div className="wizard__actions">
              {p.step === 1 ? (
                <button type="submit" name="intent" value="cancel" className="btn btn--secondary" formNoValidate>
                  CANCEL
                </button>
              ) : (
                <button type="submit" name="intent" value="previous" className="btn btn--secondary" formNoValidate>
                  PREVIOUS
                </button>
              )}
              <div className="wizard__actions-end">
                {p.step === 4 ? (
                  <button type="submit" name="intent" value="next" className="btn btn--link" disabled={busy}>
                    Skip to my application
                  </button>
                ) : null}
                <button type="submit" name="intent" value="next" className="btn btn--primary" disabled={busy}>
                  NEXT
                </button>
              </div>
            </div>
          </Form>
        </section>
      </div>

      {dialog === "confirmDecline" ? (
        <Dialog
          title="Decline the Invitation?"
          variant="warning"
          message={
            <p>
              If the invitation is not right, it is deleted and you are signed out. Ask your recruiter for a new
              invitation. Do you want to decline it?
            </p>
          }
          dismissible={false}
          buttons={[
            {
              label: "YES",
              kind: "danger",
              action: "/wizard",
              reloadDocument: true,
              fields: {
                intent: "decline",
                link: p.link,
                ...(p.multiLinkId ? { multiLinkId: p.multiLinkId } : {}),
                ...(p.multiLinks ? { multiLinks: p.multiLinks } : {}),
                step: "2",
              },
            },
            { label: "NO", to: wizardUrl(p, { step: 2, good: "" }), kind: "secondary", autoFocus: true },
          ]}
        />
      ) : dialog ? (
        <Dialog
          title={WIZARD_MESSAGES[dialog].title}
          message={WIZARD_MESSAGES[dialog].message}
          variant={dialog === "lookGood" || dialog === "chooseType" ? "warning" : "error"}
          buttons={
            dialog === "systemError" || dialog === "fetchFailed"
              ? [{ label: "OK", to: "/home" }]
              : [{ label: "OK", close: true }]
          }
        />
      ) : null}
    </SignedInLayout>
  );
}

function StepInstructions({ appointedBefore }: { appointedBefore: boolean }) {
  if (appointedBefore) {
    return (
      <div className="stack">
        <h2>Welcome back</h2>
        <p>
          You have been appointed with us before. This short wizard confirms your new invitation and then opens the
          application. Much of what you entered last time is already filled in: check it, complete what is missing
          and submit.
        </p>
      </div>
    );
  }
  return (
    <div className="stack">
      <h2>Before you start your application</h2>
      <p>
        Thank you for your interest in being appointed. This wizard confirms the invitation you received from your
        recruiting agency, asks how you want to be appointed and then opens your application.
      </p>
      <ul>
        <li>The application has sections for your personal information, commissions, states and fees, policies and agreements, and supporting documents.</li>
        <li>You can save at any time and come back later; nothing is sent for approval until you click SUBMIT.</li>
        <li>Several sections need an electronic signature: you sign by typing your name or your mother’s maiden name.</li>
        <li>Have at hand your SSN (and business tax id for a corporation), your national producer number, your resident state license number and, for direct deposit, your bank details.</li>
      </ul>
      <p>Choose NEXT to continue, or CANCEL to return to the dashboard.</p>
    </div>
  );
}

function StepInvitation({ ctx, good }: { ctx: Ctx; good: string }) {
  const r = ctx.recruiter;
  return (
    <div className="stack">
      <h2>Your invitation</h2>
      <p>You were invited by:</p>
      <address className="wizard__invite">
        <strong>{r.agencyName || r.name}</strong>
        {r.agencyName && r.agencyName !== r.name ? <span>{r.name}</span> : null}
        {r.address1 ? <span>{r.address1}</span> : null}
        {r.address2 ? <span>{r.address2}</span> : null}
        {r.city || r.stateCode || r.zipCode ? (
          <span>
            {[r.city, r.stateCode].filter(Boolean).join(", ")} {r.zipCode}
          </span>
        ) : null}
      </address>
      {ctx.lines.length > 1 || ctx.isMulti ? (
        <>
          <p>to the following appointments:</p>
          <ul className="wizard__lines">
            {ctx.lines.map((l, i) => (
              <li key={i}>
                {l.carrierName || l.carrier} {l.productType} — Level {l.levelNo} {l.levelName}
              </li>
            ))}
          </ul>
        </>
      ) : ctx.lines[0] ? (
        <p>
          Position: <strong>Level {ctx.lines[0].levelNo}</strong> {ctx.lines[0].levelName}
          {ctx.lines[0].carrierName ? ` (${ctx.lines[0].carrierName} ${ctx.lines[0].productType})` : ""}
        </p>
      ) : null}
      <fieldset className="radio-group radio-group--inline">
        <legend>Does this invitation look right?</legend>
        <div className="radio-group__options">
          <label className="choice">
            <input type="radio" name="good" value="Y" defaultChecked={good === "Y"} /> Yes
          </label>
          <label className="choice">
            <input type="radio" name="good" value="N" defaultChecked={good === "N"} /> No
          </label>
        </div>
      </fieldset>
    </div>
  );
}

function StepType({ ctx, type }: { ctx: Ctx; type: string }) {
  return (
    <fieldset className="radio-group">
      <legend>How do you want to be appointed?</legend>
      <div className="radio-group__options">
        {ctx.types.map((t) => (
          <label key={t.code} className="choice">
            <input type="radio" name="type" value={t.code} defaultChecked={type === t.code} />
            <span>
              <strong>{t.label}</strong>
              {t.description ? <span className="muted"> — {t.description}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function StepPointers() {
  return (
    <div className="stack">
      <h2>Pointers for filling out your application</h2>
      <ul>
        <li>Use the same legal name as on your insurance license.</li>
        <li>Enter numbers without dashes: SSN and tax id have 9 digits, phone numbers 10.</li>
        <li>The pie on the application screen shows your progress; the list under it links to every field still missing.</li>
        <li>SAVE keeps your work without submitting it; SUBMIT sends the complete application for approval.</li>
      </ul>
      <SystemPdf documentKey="WIZARD_POINTERS" title="Pointers for Filling Out Your Application" />
      <SystemPdf documentKey="INSTRUCTIONS" title="Appointment Application Instructions" />
      <p>
        <Link to="/home">Back to the dashboard</Link>
      </p>
    </div>
  );
}
