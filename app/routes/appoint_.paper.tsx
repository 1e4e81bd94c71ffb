// Filling out an application on a prospect's behalf (a "paper" appointment;
// spec part 2 §2 'Application screen' parameters email / multiPaper, §3, §8):
//   GET  /appoint/paper?email=…&link=…&apptTypeCode=…                 (single link)
//   GET  /appoint/paper?multiPaper=1&multiLinkId=…&email=…&apptTypeCode=… (multi-link)
// (/appoint passes these parameters on here.) The GET only shows what will be
// created; the confirmation posts to the same URL, creates the application
// with the signed-in recruiter as submitter and redirects to /appoint?id=<new id>.
// Works without JavaScript; with it the form checks the email as you type
// (the same schema as the server: paper-schema.ts).
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { Notice } from "~/components/Notice";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { paperContext, paperParams, startPaperAppointment, type CannotCreate } from "~/features/appointment/paper.server";
import { paperAppointmentSchema } from "~/features/appointment/paper-schema";
import { SelectField, TextField, FormErrors } from "~/components/form/fields";
import { APPOINTMENT_LINKS_TITLE, CART_ACTION_LABELS } from "~/features/links/messages";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import applicationStyles from "~/styles/application.css";
import { requireCapability } from "~/lib/permissions.server";

export const meta = titleMeta("New Appointment");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: applicationStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCapability(request, "use:appointment-links");
  const p = paperParams(new URL(request.url).searchParams);
  const ctx = await paperContext(user, p);
  const type = ctx.ok && ctx.context.enrollRep ? ctx.context.types[0]!.code : p.apptTypeCode;
  return {
    params: { email: p.email, apptTypeCode: type },
    ownEmail: user.userName,
    context: ctx.ok ? ctx.context : null,
    error: ctx.ok ? null : { code: ctx.code, title: ctx.title, message: ctx.message },
  };
}

type ActionData = { reply: SubmissionResult<string[]>; dialog: CannotCreate | null; at: number };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCapability(request, "use:appointment-links");
  const p = paperParams(new URL(request.url).searchParams);
  // The link must be one of the user's own before the body is read.
  const ctx = await paperContext(user, p);
  if (!ctx.ok) {
    const dialog: CannotCreate = { code: ctx.code, title: ctx.title, message: ctx.message };
    return data<ActionData>({ reply: { status: "error" }, dialog, at: Date.now() }, { status: 409 });
  }
  const r = await startPaperAppointment(user, p, await readForm(request), request);
  if (r.ok) throw redirect(`/appoint?id=${r.appointmentId}`);
  return data<ActionData>({ reply: r.reply, dialog: r.dialog, at: Date.now() }, { status: r.dialog ? 409 : 400 });
}

export default function PaperAppointmentRoute() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  const types = useMemo(() => d.context?.types ?? [], [d.context]);
  const schema = useMemo(() => paperAppointmentSchema({ ownEmail: d.ownEmail, types: types.map((t) => t.code) }), [d.ownEmail, types]);
  const [form, fields] = useForm({
    id: "paper-appointment",
    lastResult: actionData?.reply ?? null,
    defaultValue: d.params,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const dialog = d.error ?? actionData?.dialog ?? null;
  const typeLabel = types.find((t) => t.code === d.params.apptTypeCode)?.label;

  return (
    <SignedInLayout>
      <PageHeader title="New Appointment" lead={CART_ACTION_LABELS.apply} />
      {/* Why the application cannot be created stands on the page (decision 0103); back to the cart when there is nothing to retry. */}
      {dialog ? (
        <Notice key={actionData?.at ?? dialog.code} variant="error" title={dialog.title} message={dialog.message}>
          <p>
            <Link to="/cartlinks">{APPOINTMENT_LINKS_TITLE}</Link>
          </p>
        </Notice>
      ) : null}
      {d.context ? (
        <section className="card stack" aria-labelledby="paper-title">
          <h2 id="paper-title">
            {d.params.email ? `Create the application for ${d.params.email}?` : "Create the application for the prospect?"}
          </h2>
          <p>
            {typeLabel ? (
              <>
                Appointment type: <strong data-testid="paper-type">{typeLabel}</strong>.{" "}
              </>
            ) : null}
            You will fill out the application on the prospect&apos;s behalf and be recorded as its submitter; signatures
            you type are recorded as typed by you.
          </p>
          {d.context.lines.length > 1 ? (
            <ul className="wizard__lines">
              {d.context.lines.map((l, i) => (
                <li key={i}>
                  {l.carrier} {l.productType} — Level {l.levelNo} {l.levelName}
                </li>
              ))}
            </ul>
          ) : d.context.lines[0] ? (
            <p>
              Position: <strong>Level {d.context.lines[0].levelNo}</strong> {d.context.lines[0].levelName} (
              {d.context.lines[0].carrier} {d.context.lines[0].productType})
            </p>
          ) : null}
          <Form method="post" {...getFormProps(form)} className="form">
            <FormErrors form={form} />
            <TextField meta={fields.email} label="Prospect Email Address" type="email" autoComplete="off" required />
            <SelectField
              meta={fields.apptTypeCode}
              label="Appointment Type"
              options={types.map((t) => ({ value: t.code, label: t.label }))}
              required
            />
            <div className="wizard__actions">
              <a href="/cartlinks" className="btn btn--secondary">
                CANCEL
              </a>
              <button type="submit" className="btn btn--primary" disabled={busy}>
                Create the Application
              </button>
            </div>
          </Form>
        </section>
      ) : null}
    </SignedInLayout>
  );
}
