// Send a Recruitment Invitation (spec part 1 §2, §4, §5, §8). Parameters:
// link (one appointment link, APL…), links (a multi-link, MLT…),
// existing (one of the user's invitations: names and template read-only,
// 'previously invited on'); recruiter and req are accepted and ignored (the
// starting-under position is the links' recruiter). Works without
// JavaScript: the editor is an HTML textarea, 'Use this template' loads a
// template, and the confirmation is a checkbox; with JavaScript the
// template loads on change and a dialog confirms. PREVIEW shows the merged
// message in the page (same form, so nothing typed is lost); a refused form
// names its wrong fields in the banner. After sending: /invites with
// 'Sent!'. Decisions: docs/decisions/0021-invitations.md, 0046.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Banner } from "~/components/Banner";
import { Notice } from "~/components/Notice";
import { PageHeader } from "~/components/PageHeader";
import { RichTextEditor } from "~/components/RichTextEditor";
import { SignedInLayout } from "~/components/SignedInLayout";
import { FieldError, fieldDomId, SelectField, TextField } from "~/components/form/fields";
import { inviteContext, type InviteRoute } from "~/features/invitations/invite-context.server";
import { previewInvitation, sendInvitation, type SendFailure } from "~/features/invitations/send.server";
import { CONFIRM_LABEL, INVITE_LABELS, INVITE_MESSAGES, PREVIEW, type DialogText } from "~/features/invitations/messages";
import { INTENT_FIELD, INTENT_LOAD_TEMPLATE, INTENT_PREVIEW, previewSchema, sendSchema, templateLoadSchema } from "~/features/invitations/schema";
import { ConfirmSendDialog } from "~/features/invitations/ui/ConfirmSendDialog";
import { InvalidBanner } from "~/features/invitations/ui/InvalidBanner";
import { InvitePreview, type Preview } from "~/features/invitations/ui/InvitePreview";
import { prisma } from "~/lib/db.server";
import { formatDate } from "~/lib/format";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import invitationStyles from "~/styles/invitations.css";
import richTextStyles from "~/styles/rich-text.css";
import { requireCapability } from "~/lib/permissions.server";

export const meta = titleMeta("Send a Recruitment Invitation");
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: invitationStyles },
  { rel: "stylesheet", href: richTextStyles },
];

function routeOf(url: URL): InviteRoute {
  const p = (k: string) => (url.searchParams.get(k) ?? "").slice(0, 80) || null;
  return { link: p("link"), links: p("links"), existing: p("existing") };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCapability(request, "send:invitation");
  const route = routeOf(new URL(request.url));
  const c = await inviteContext(prisma, user, route);
  if (!c.ok) return data({ ok: false as const, dialog: c.dialog, existing: Boolean(route.existing) }, { status: c.status });
  const ctx = c.context;
  return {
    ok: true as const,
    formToken: crypto.randomUUID(),
    lines: ctx.lines,
    startingUnder: ctx.startingUnder,
    templates: ctx.templates.map((t) => ({ id: t.corrTemplateId, name: t.name, html: t.html, templateTypeId: t.templateTypeId })),
    existing: ctx.existing
      ? {
          invitationId: ctx.existing.invitationId,
          firstName: ctx.existing.firstName,
          lastName: ctx.existing.lastName,
          email: ctx.existing.email,
          ccEmail: ctx.existing.ccEmail,
          templateId: ctx.existing.corrTemplateId,
          inviteText: ctx.existing.inviteText,
          inviteDate: ctx.existing.inviteDate,
        }
      : null,
    warning: ctx.warning,
  };
}

type ActionData =
  | { outcome: "invalid"; reply: SubmissionResult<string[]> }
  | { outcome: "template"; reply: SubmissionResult<string[]>; templateId: number; html: string }
  | { outcome: "preview"; reply: SubmissionResult<string[]>; preview: Preview }
  | { outcome: "failed"; reply: SubmissionResult<string[]> | null; dialog: DialogText };

/** A refusal of send or preview: the message next to its field, or a dialog. */
function refused(result: SendFailure, submission: { reply: (o?: { fieldErrors: Record<string, string[]> }) => SubmissionResult<string[]> }) {
  if (result.fieldErrors) return data<ActionData>({ outcome: "invalid", reply: submission.reply({ fieldErrors: result.fieldErrors }) }, { status: 400 });
  const reply = submission.reply(result.field ? { fieldErrors: { [result.field]: [result.fieldMessage ?? INVITE_MESSAGES.templateRequired] } } : undefined);
  return data<ActionData>({ outcome: "failed", reply, dialog: result.dialog }, { status: result.status });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCapability(request, "send:invitation");
  const route = routeOf(new URL(request.url));
  // The access check (links in the user's downline, their own invitation) before the body is read.
  const c = await inviteContext(prisma, user, route);
  if (!c.ok) return data<ActionData>({ outcome: "failed", reply: null, dialog: c.dialog }, { status: c.status });
  const form = await readForm(request);
  if (form.get(INTENT_FIELD) === INTENT_LOAD_TEMPLATE) {
    const submission = parseWithZod(form, { schema: templateLoadSchema });
    const template = submission.status === "success" ? c.context.templates.find((t) => t.corrTemplateId === submission.value.templateId) : undefined;
    if (!template) return data<ActionData>({ outcome: "invalid", reply: submission.reply() }, { status: 400 });
    return data<ActionData>({ outcome: "template", reply: submission.reply(), templateId: template.corrTemplateId, html: template.html });
  }
  const preview = form.get(INTENT_FIELD) === INTENT_PREVIEW;
  const submission = parseWithZod(form, { schema: preview ? previewSchema : sendSchema });
  if (submission.status !== "success") return data<ActionData>({ outcome: "invalid", reply: submission.reply() }, { status: 400 });
  if (preview) {
    const shown = await previewInvitation(user, route, submission.value);
    return shown.ok ? data<ActionData>({ outcome: "preview", reply: submission.reply(), preview: shown.preview }) : refused(shown, submission);
  }
  const result = await sendInvitation(user, route, submission.value, request);
  return result.ok ? redirect("/invites?sent=1") : refused(result, submission);
}

/** Where the banner's links land: the controls' DOM ids. */
const domIds: Record<keyof typeof INVITE_LABELS, string> = {
  ...(Object.fromEntries(Object.keys(INVITE_LABELS).map((k) => [k, fieldDomId(k)])) as Record<keyof typeof INVITE_LABELS, string>),
  body: "invite-body",
  confirm: "invite-confirm",
};

export default function InviteRoute() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded.ok) {
    return (
      <SignedInLayout>
        <PageHeader title="Send a Recruitment Invitation" />
        <Notice variant="warning" title={loaded.dialog.title} message={loaded.dialog.message}>
          <p>{loaded.existing ? <Link to="/invites">Back to your invitations</Link> : <Link to="/linx">Back to your appointment links</Link>}</p>
        </Notice>
      </SignedInLayout>
    );
  }
  return <InviteForm data={loaded} />;
}

type Loaded = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { ok: true }>;

function InviteForm({ data: d }: { data: Loaded }) {
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  const location = useLocation();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const formRef = useRef<HTMLFormElement>(null);
  const confirmed = useRef(false);
  const [confirming, setConfirming] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const existing = d.existing;
  const initialTemplate = existing?.templateId != null && d.templates.some((t) => t.id === existing.templateId) ? existing.templateId : d.templates[0]!.id;

  const [form, fields] = useForm({
    id: "invite",
    lastResult: actionData?.reply ?? null,
    defaultValue: {
      firstName: existing?.firstName ?? "",
      lastName: existing?.lastName ?? "",
      email: existing?.email ?? "",
      ccEmail: existing?.ccEmail ?? "",
      templateId: String(initialTemplate),
      formToken: d.formToken,
    },
    constraint: getZodConstraint(sendSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sendSchema }),
  });

  // The editor's text: a template's (loaded or chosen), the existing invitation's, or what was posted.
  const posted = typeof fields.body.initialValue === "string" ? fields.body.initialValue : null;
  const [editor, setEditor] = useState(() => ({
    key: 0,
    html: actionData?.outcome === "template" ? actionData.html : (posted ?? existing?.inviteText ?? d.templates.find((t) => t.id === initialTemplate)!.html),
  }));
  useEffect(() => {
    if (actionData?.outcome === "template") setEditor((e) => ({ key: e.key + 1, html: actionData.html }));
  }, [actionData]);

  const onTemplateChange = (e: React.ChangeEvent<HTMLDivElement>) => {
    const t = d.templates.find((x) => String(x.id) === (e.target as unknown as HTMLSelectElement).value);
    if (t) setEditor((cur) => ({ key: cur.key + 1, html: t.html }));
  };

  const formProps = getFormProps(form);
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    formProps.onSubmit(e);
    if (e.defaultPrevented) setAttempted(submitter?.value !== INTENT_LOAD_TEMPLATE);
    if (e.defaultPrevented || submitter?.value === INTENT_LOAD_TEMPLATE || submitter?.value === INTENT_PREVIEW) return;
    if (mounted && !confirmed.current) {
      e.preventDefault();
      setConfirming(true);
    }
  };
  const sendNow = () => {
    confirmed.current = true;
    setConfirming(false);
    formRef.current?.requestSubmit();
    confirmed.current = false;
  };

  const failed = actionData?.outcome === "failed" ? actionData.dialog : null;
  const template = d.templates.find((t) => t.id === existing?.templateId);

  return (
    <SignedInLayout>
      <PageHeader title="Send a Recruitment Invitation" lead="Email the prospect your appointment links" />
      {d.warning ? (
        <Banner variant="error" title={d.warning.title}>
          <p>{d.warning.message}</p>
        </Banner>
      ) : null}
      {failed ? <Notice variant="error" title={failed.title} message={failed.message} /> : null}
      {actionData?.outcome === "invalid" || attempted ? <InvalidBanner errors={form.allErrors} domIds={domIds} /> : null}
      {actionData?.outcome === "preview" ? <InvitePreview preview={actionData.preview} /> : null}
      {confirming ? <ConfirmSendDialog onSend={sendNow} onCancel={() => setConfirming(false)} /> : null}
      <Form method="post" action={`${location.pathname}${location.search}`} {...formProps} onSubmit={onSubmit} ref={formRef} className="form stack">
        <input {...getInputProps(fields.formToken, { type: "hidden" })} key={fields.formToken.key} />
        <div className="invite__grid">
          <TextField meta={fields.firstName} label={INVITE_LABELS.firstName} required readOnly={Boolean(existing)} autoComplete="off" />
          <TextField meta={fields.lastName} label={INVITE_LABELS.lastName} required readOnly={Boolean(existing)} autoComplete="off" />
          <TextField meta={fields.email} label={INVITE_LABELS.email} type="email" required autoComplete="off" />
          <TextField meta={fields.ccEmail} label={INVITE_LABELS.ccEmail} type="email" autoComplete="off" />
        </div>
        {existing ? (
          <p className="invite__readonly">
            <strong>Previously invited on:</strong> {formatDate(existing.inviteDate)}
          </p>
        ) : null}
        <div className="invite__readonly">
          <strong>Invited to:</strong>
          <ul className="invite__lines">
            {d.lines.map((l, i) => (
              <li key={i}>
                {l.carrier} {l.productType} · {l.scheduleName} · Level {l.levelNo} {l.levelName}
                {l.hasDocument ? null : <span className="status--send_failed"> (no commission schedule document)</span>}
              </li>
            ))}
          </ul>
        </div>
        <p className="invite__readonly">
          <strong>Starting under agent number:</strong> {d.startingUnder.agentNumber} ({d.startingUnder.companyNumber} / {d.startingUnder.blockNumber})
          {d.startingUnder.name ? ` ${d.startingUnder.name}` : ""}
        </p>
        {existing ? (
          <p className="invite__readonly">
            <strong>Email template:</strong> {template?.name ?? "Default Invitation"}
            <input type="hidden" name={fields.templateId.name} value={String(initialTemplate)} />
          </p>
        ) : (
          <div onChange={onTemplateChange} className="invite__template">
            <SelectField meta={fields.templateId} label={INVITE_LABELS.templateId} required options={d.templates.map((t) => ({ value: String(t.id), label: t.name }))} />
            <noscript>
              <button type="submit" name={INTENT_FIELD} value={INTENT_LOAD_TEMPLATE} className="btn btn--small btn--secondary" formNoValidate>
                Use this template
              </button>
            </noscript>
          </div>
        )}
        <RichTextEditor
          key={editor.key}
          name={fields.body.name}
          id="invite-body"
          label={INVITE_LABELS.body}
          defaultHtml={editor.html}
          invalid={Boolean(fields.body.errors?.length)}
          describedBy={fields.body.errors?.length ? "invite-body-error" : undefined}
          hint="Merge fields such as [[ProspectFirstName]] and [[AppointmentLink]] are filled in when the email is sent."
        />
        <FieldError meta={fields.body} id="invite-body" />
        {mounted ? (
          <input type="hidden" name={fields.confirm.name} value="yes" />
        ) : (
          <div className={`field${fields.confirm.errors?.length ? " field--invalid" : ""}`}>
            <label className="field--inline choice">
              <input type="checkbox" name={fields.confirm.name} id="invite-confirm" value="yes" aria-invalid={fields.confirm.errors?.length ? true : undefined} aria-describedby={fields.confirm.errors?.length ? "invite-confirm-error" : undefined} />
              <span>{CONFIRM_LABEL}</span>
            </label>
            <FieldError meta={fields.confirm} id="invite-confirm" />
          </div>
        )}
        <div className="invite__actions">
          <Link to={existing ? "/invites" : "/linx"} className="btn btn--secondary">
            CANCEL
          </Link>
          <button type="submit" name={INTENT_FIELD} value={INTENT_PREVIEW} className="btn btn--secondary" disabled={busy || Boolean(d.warning)}>
            {PREVIEW.button}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy || Boolean(d.warning)}>
            Send
          </button>
        </div>
      </Form>
    </SignedInLayout>
  );
}
