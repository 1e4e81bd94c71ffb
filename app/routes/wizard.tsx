// The new-application wizard (spec part 2 §2 'Wizard', §5 'Wizard', §8).
// Four steps, each a page: the step and the answers travel in the query
// string (GET) and in hidden fields (POST), and the server checks them on
// every request, so the wizard works without JavaScript. Moving on is a POST
// that validates the step and redirects to the next one; the step machine is
// app/features/appointment/wizard.ts (see
// docs/decisions/0010-application-screens.md).
//
//   /wizard?link=…[&multiLinkId=…][&multiLinks=…][&step=1..4][&good=Y|N][&type=APPTTYP_…]
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Notice } from "~/components/Notice";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { createFromWizard, declineInvitation, wizardContext } from "~/features/appointment/create.server";
import { GOOD_FIELD_ID, StepInstructions, StepInvitation, StepPointers, StepType, TYPE_DESCRIPTIONS, TYPE_FIELD_ID, type WizardView } from "~/features/appointment/ui/WizardSteps";
import {
  offeredTypes,
  readWizardIntent,
  readWizardParams,
  shownStep,
  WIZARD_MESSAGES,
  WIZARD_STEP_TITLES,
  wizardMove,
  wizardSteps,
  wizardUrl,
  type WizardMessageKey,
  type WizardParams,
} from "~/features/appointment/wizard";
import { signOut } from "~/features/users/sign-in.server";
import { requireUser } from "~/lib/auth.server";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import applicationStyles from "~/styles/application.css";

export const meta = titleMeta("New Appointment");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: applicationStyles }];

async function loadContext(
  user: Awaited<ReturnType<typeof requireUser>>,
  p: WizardParams,
): Promise<{ error: "systemError" | "fetchFailed" } | { ctx: WizardView }> {
  if (!p.link && !p.multiLinkId) return { error: "systemError" as const };
  try {
    const result = await wizardContext(user, { link: p.link || null, multiLinkId: p.multiLinkId || null });
    if (!result.ok) return { error: /fetching agency/i.test(result.title) ? "fetchFailed" : "systemError" };
    const types = offeredTypes(result.context).map((t) => ({ ...t, description: TYPE_DESCRIPTIONS[t.code] }));
    return { ctx: { ...result.context, types } };
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("[wizard] could not load the invitation", error);
    return { error: "fetchFailed" as const };
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const p = readWizardParams(new URL(request.url).searchParams);
  const loaded = await loadContext(user, p);
  if ("error" in loaded) return { params: p, ctx: null, error: loaded.error };
  const { ctx } = loaded;
  // An application for this link exists already: go straight to it.
  if (ctx.existingAppointmentId) throw redirect(`/appoint?id=${ctx.existingAppointmentId}`);
  // Steps further on than the answers allow go back to the first unanswered one.
  return { params: { ...p, step: shownStep(p, ctx) }, ctx, error: null };
}

type ActionResult = { dialog: WizardMessageKey | "confirmDecline"; params: WizardParams; at?: number };

export async function action({ request }: ActionFunctionArgs) {
  // Anyone signed in may answer the wizard; which link they may use is in the form (checked next).
  const user = await requireUser(request);
  const form = await readForm(request);
  const p = readWizardParams(form);
  const intent = readWizardIntent(form);
  if (intent === "cancel") throw redirect("/home");
  const loaded = await loadContext(user, p);
  if ("error" in loaded) return data<ActionResult>({ dialog: loaded.error, params: p, at: Date.now() }, { status: 400 });
  const { ctx } = loaded;
  const ref = { link: p.link || null, multiLinkId: p.multiLinkId || null };

  const move = wizardMove(intent, p, ctx);
  switch (move.kind) {
    case "redirect":
      throw redirect(move.to);
    case "dialog":
      return data<ActionResult>({ dialog: move.dialog, params: p, at: Date.now() }, { status: move.status });
    case "decline":
      // Declined, then signed out of the portal and of the identity provider (the LOGOUT path).
      await declineInvitation(user, ref, request);
      return signOut(request);
    case "create": {
      const created = await createFromWizard(user, { ...ref, appointmentTypeCode: move.appointmentTypeCode }, request);
      if (!created.ok) return data<ActionResult>({ dialog: "createFailed", params: p, at: Date.now() }, { status: 500 });
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
    return (
      <SignedInLayout>
        <PageHeader title="New Appointment" />
        <StartOver m={WIZARD_MESSAGES[error ?? "systemError"]} />
      </SignedInLayout>
    );
  }

  // After a refused POST the answers shown are the ones posted.
  const p = actionData?.params ? { ...params, ...actionData.params } : params;
  const steps = wizardSteps(ctx);
  const dialog = actionData?.dialog;
  // A refused step stands on the page (decision 0103): the summary links to the question, whose
  // message stands beside it; only declining (it cannot be undone) still asks in a dialog.
  const refusal = dialog === "lookGood" || dialog === "chooseType" ? WIZARD_MESSAGES[dialog] : null;
  const goodError = dialog === "lookGood" ? WIZARD_MESSAGES.lookGood.message : undefined;
  const typeError = dialog === "chooseType" ? WIZARD_MESSAGES.chooseType.message : undefined;

  return (
    <SignedInLayout>
      <div className="wizard">
        <PageHeader title="New Appointment" lead={`Step ${steps.indexOf(p.step) + 1} of ${steps.length}: ${WIZARD_STEP_TITLES[p.step - 1]}`} />
        <ol className="wizard__steps" aria-label="Steps">
          {steps.map((s) => (
            <li
              key={s}
              className={`wizard__step${s < p.step ? " wizard__step--done" : ""}`}
              aria-current={s === p.step ? "step" : undefined}
            >
              {WIZARD_STEP_TITLES[s - 1]}
            </li>
          ))}
        </ol>

        {refusal ? (
          <ErrorSummary key={actionData?.at} title={refusal.title} errors={[{ id: dialog === "lookGood" ? GOOD_FIELD_ID : TYPE_FIELD_ID, message: refusal.message }]} />
        ) : null}
        {dialog === "createFailed" ? <Notice key={actionData?.at} variant="error" title={WIZARD_MESSAGES.createFailed.title} message={WIZARD_MESSAGES.createFailed.message} /> : null}
        {dialog === "systemError" || dialog === "fetchFailed" ? <StartOver m={WIZARD_MESSAGES[dialog]} /> : null}

        <section className="card">
          <Form method="post" className="form" key={p.step}>
            <Hidden p={p} />
            {p.step !== 2 && p.good ? <input type="hidden" name="good" value={p.good} /> : null}
            {p.step !== 3 && p.type ? <input type="hidden" name="type" value={p.type} /> : null}

            {p.step === 1 ? <StepInstructions appointedBefore={ctx.appointedBefore} /> : null}
            {p.step === 2 ? <StepInvitation ctx={ctx} good={p.good} error={goodError} /> : null}
            {p.step === 3 ? <StepType ctx={ctx} type={p.type} error={typeError} /> : null}
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
      ) : null}
    </SignedInLayout>
  );
}

/** The invitation could not be read: the spec's message and the way back, on the page. */
function StartOver({ m }: { m: { title: string; message: string } }) {
  return (
    <Notice variant="error" title={m.title} message={m.message}>
      <p>
        <Link to="/home" className="btn btn--primary">
          Go to the home page
        </Link>
      </p>
    </Notice>
  );
}
