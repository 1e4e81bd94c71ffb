// The email template editor (spec part 3 §2 'Email templates (/corr)', §4,
// §5, §8): /corr/new for a new template, /corr/<id> for one of the user's
// own (any other id answers 404). Type fixed, Is Active, Name, Description,
// the rich-text body (lexical with JavaScript; an HTML textarea without),
// DELETE (?confirm=delete shows 'Deleting is Not Reversible!', with or
// without JavaScript), CANCEL, SAVE (back to the list with 'Done!').
// Template Images (only after the first save): upload one at a time to
// /corr/upload?id=<id>, delete (intent=deleteImage), and the HTML to paste
// without JavaScript; with JavaScript the toolbar inserts them.
// Decisions: docs/decisions/0025-email-templates.md.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { ErrorSummary, useRefusedInBrowser } from "~/components/ErrorSummary";
import { Dialog } from "~/components/Dialog";
import { Notice } from "~/components/Notice";
import { PageHeader } from "~/components/PageHeader";
import { RichTextEditor } from "~/components/RichTextEditor";
import { SignedInLayout } from "~/components/SignedInLayout";
import { CheckboxField, FieldError, fieldDomId, TextAreaField, TextField } from "~/components/form/fields";
import {
  CONFIRM_DELETE,
  HELP_TEXT,
  IMAGE_DELETED,
  IMAGE_DELETION_FAILED,
  IMAGE_UPLOAD_ANSWERS,
  IMAGES_AFTER_SAVE,
  isImageUploadResult,
  SYSTEM_ERROR,
  type DialogText,
} from "~/features/templates/messages";
import { RESULT_PARAM, templateSchema } from "~/features/templates/schema";
import { deleteTemplateImage } from "~/features/templates/images.server";
import { blankTemplate, deleteTemplate, getTemplate, parseTemplateId, saveTemplate, templateFields } from "~/features/templates/templates.server";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import { IMAGE_ID, ImagesPanel, INTENT } from "~/features/templates/ui/ImagesPanel";
import richTextStyles from "~/styles/rich-text.css";
import templateStyles from "~/styles/templates.css";
import { requireCapability } from "~/lib/permissions.server";

export const meta = titleMeta("Email Template");
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: richTextStyles },
  { rel: "stylesheet", href: templateStyles },
];

/** 'new', or the id of one of the user's templates; anything else is 404. */
async function templateOf(user: { id: string }, param: string | undefined) {
  if (param === "new") return blankTemplate();
  const id = parseTemplateId(param);
  const t = id === null ? null : await getTemplate(user, id);
  if (!t) throw data("This template was not found.", { status: 404 });
  return t;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireCapability(request, "manage:email-template");
  const template = await templateOf(user, params.id);
  const url = new URL(request.url);
  const result = url.searchParams.get(RESULT_PARAM);
  const notice: (DialogText & { variant: "success" | "warning" | "error" }) | null = isImageUploadResult(result)
    ? { ...IMAGE_UPLOAD_ANSWERS[result], variant: result === "SUCCESS" ? "success" : result === "ERROR" ? "error" : "warning" }
    : result === "IMAGE_DELETED"
      ? { ...IMAGE_DELETED, variant: "success" }
      : null;
  let fields: Awaited<ReturnType<typeof templateFields>> = [];
  let failed = false;
  try {
    fields = await templateFields();
  } catch (error) {
    // §8 'System Error' on failing to retrieve the fields: the editor still works without the list.
    console.error("[corr] merge fields failed:", (error as Error).message);
    failed = true;
  }
  return {
    failed,
    template,
    fields,
    notice,
    confirmDelete: template.corrTemplateId !== null && url.searchParams.get("confirm") === "delete",
  };
}

type ActionData = { reply: SubmissionResult<string[]> | null; dialog?: DialogText };

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireCapability(request, "manage:email-template");
  // The access check (the user's own template, or a new one) before the body is read.
  const template = await templateOf(user, params.id);
  const id = template.corrTemplateId;
  const form = await readForm(request);
  const intent = form.get(INTENT);
  if (intent === "delete" && id !== null) {
    if (!(await deleteTemplate(user, id, request))) throw data("This template was not found.", { status: 404 });
    return redirect("/corr?deleted=1", 303);
  }
  if (intent === "deleteImage" && id !== null) {
    const imageId = parseTemplateId(String(form.get(IMAGE_ID) ?? ""));
    const ok = imageId !== null && (await deleteTemplateImage(user, id, imageId, request));
    if (!ok) return data<ActionData>({ reply: null, dialog: IMAGE_DELETION_FAILED }, { status: 404 });
    return redirect(`/corr/${id}?${RESULT_PARAM}=IMAGE_DELETED#images`, 303);
  }
  const submission = parseWithZod(form, { schema: templateSchema });
  if (submission.status !== "success") return data<ActionData>({ reply: submission.reply() }, { status: 400 });
  let saved;
  try {
    saved = await saveTemplate(user, id, submission.value, request);
  } catch (error) {
    console.error("[corr] save failed:", (error as Error).message);
    return data<ActionData>({ reply: submission.reply(), dialog: SYSTEM_ERROR }, { status: 503 });
  }
  if (!saved.ok) throw data("This template was not found.", { status: 404 });
  return redirect("/corr?saved=1", 303);
}

const FIELD_LABELS = { isActive: "Is Active", name: "Name", description: "Description", body: "Template" } as const;

export default function TemplateEditorRoute() {
  const { template: t, fields: mergeFields, notice, confirmDelete, failed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  const location = useLocation();
  const self = t.corrTemplateId === null ? "/corr/new" : `/corr/${t.corrTemplateId}`;

  const [form, fields] = useForm({
    id: "template",
    lastResult: actionData?.reply ?? null,
    defaultValue: { name: t.name, description: t.description, isActive: t.isActive ? "on" : undefined },
    constraint: getZodConstraint(templateSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: templateSchema }),
  });
  // The summary's links: each field with a message (the browser's check or the server's answer).
  const wrong = (["isActive", "name", "description", "body"] as const).flatMap((k) =>
    fields[k].errors?.length ? [{ id: k === "body" ? "template-body" : fieldDomId(fields[k].name), label: FIELD_LABELS[k], message: fields[k].errors!.join(" ") }] : [],
  );
  const refusedHere = useRefusedInBrowser(form.status, actionData);
  const posted = typeof fields.body.initialValue === "string" ? fields.body.initialValue : null;
  const images = t.images.map((i) => ({ url: i.url, name: i.imageName }));

  return (
    <SignedInLayout>
      <PageHeader title={t.corrTemplateId === null ? "New Email Template" : "Edit Email Template"} lead={t.corrTemplateId === null ? undefined : t.name} />
      {notice ? <Notice title={notice.title} message={notice.message} variant={notice.variant} /> : null}
      {/* On the page until the next action (decision 0103); only the confirmation below is a dialog. */}
      {failed ? <Notice id="notice-fields" variant="error" title={SYSTEM_ERROR.title} message={SYSTEM_ERROR.message} /> : null}
      {actionData?.dialog ? <Notice key={location.key} variant="error" title={actionData.dialog.title} message={actionData.dialog.message} /> : null}
      {confirmDelete ? (
        <Dialog
          title={CONFIRM_DELETE.title}
          message={CONFIRM_DELETE.message}
          variant="warning"
          buttons={[
            { label: "DELETE", kind: "danger", action: self, method: "post", fields: { [INTENT]: "delete" } },
            { label: "CANCEL", kind: "secondary", to: self, autoFocus: true },
          ]}
        />
      ) : null}
      {wrong.length && (actionData?.reply?.status === "error" || refusedHere) ? <ErrorSummary key={`${location.key}-errors`} title="The template was not saved" lead="Correct these fields and save again:" errors={wrong} /> : null}

      <Form method="post" action={`${location.pathname}`} {...getFormProps(form)} className="form stack templates__form">
        <p className="templates__type">
          <strong>Type:</strong> {t.typeName}
        </p>
        <CheckboxField meta={fields.isActive} label="Is Active" value="on" />
        <TextField meta={fields.name} label="Name" required autoComplete="off" />
        <TextAreaField meta={fields.description} label="Description" rows={3} />
        <RichTextEditor
          name={fields.body.name}
          id="template-body"
          label="Template"
          defaultHtml={posted ?? t.html}
          invalid={Boolean(fields.body.errors?.length)}
          describedBy={fields.body.errors?.length ? "template-body-error" : undefined}
          hint="Merge fields such as [[ProspectFirstName]] are filled in when the invitation is sent."
          rows={18}
          images={images}
          mergeFields={mergeFields}
          manageImagesHref="#images"
          helpHref="#template-help"
        />
        <FieldError meta={fields.body} id="template-body" />
        <div className="templates__actions">
          {t.corrTemplateId !== null ? (
            <Link to={`${self}?confirm=delete`} className="btn btn--danger" preventScrollReset>
              DELETE
            </Link>
          ) : null}
          <Link to="/corr" className="btn btn--secondary">
            CANCEL
          </Link>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            SAVE
          </button>
        </div>
      </Form>

      <details className="templates__panel" id="merge-fields">
        <summary>Merge fields</summary>
        <p className="muted">Type or paste a placeholder into the text; it is replaced when the invitation is sent.</p>
        <dl className="templates__fields">
          {mergeFields.map((f) => (
            <div key={f.placeholder}>
              <dt>
                <code>{f.placeholder}</code>
              </dt>
              <dd>
                {f.label}: {f.description}
              </dd>
            </div>
          ))}
        </dl>
      </details>

      <details className="templates__panel" id="template-help">
        <summary>{HELP_TEXT.title}</summary>
        <ul>
          {HELP_TEXT.items.map((h) => (
            <li key={h}>{h}</li>
          ))}
        </ul>
      </details>

      <section className="templates__panel" id="images" aria-labelledby="images-title">
        <h2 id="images-title">Template Images</h2>
        {t.corrTemplateId === null ? (
          <p className="muted">{IMAGES_AFTER_SAVE}</p>
        ) : (
          <ImagesPanel templateId={t.corrTemplateId} images={t.images} />
        )}
      </section>
    </SignedInLayout>
  );
}
