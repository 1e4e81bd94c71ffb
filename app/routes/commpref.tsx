// Communications preferences (spec part 1 §2 'Communications', §3, §5, §8):
// per notification category an email switch with addresses and an SMS
// switch with phone numbers; CANCEL and SAVE. The signed-in user's own
// preferences only; works without JavaScript (switching a method off
// empties its field in the browser and always on save).
import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { ErrorSummary, useRefusedInBrowser, type SummaryError } from "~/components/ErrorSummary";
import { Notice } from "~/components/Notice";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { CheckboxField, fieldDomId, TextField } from "~/components/form/fields";
import { PREF_MESSAGES } from "~/features/preferences/messages";
import { categoriesFor, loadPreferences, savePreferences, type PreferenceValues } from "~/features/preferences/preferences.server";
import { CATEGORY_LABELS, PREFERENCE_CATEGORIES, preferencesSchema, type PreferenceCategory } from "~/features/preferences/schema";
import { requireUser } from "~/lib/auth.server";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import applicationStyles from "~/styles/application.css";

export const meta = titleMeta("Communications");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: applicationStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { values: await loadPreferences(user), categories: categoriesFor(user) };
}

type ActionData = { reply: SubmissionResult<string[]>; outcome: "saved" | "invalid" | "failed" };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await readForm(request), { schema: preferencesSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ reply: submission.reply(), outcome: "invalid" }, { status: 400 });
  }
  try {
    await savePreferences(user.id, submission.value, categoriesFor(user));
  } catch (e) {
    console.error("[commpref] saving preferences failed", e instanceof Error ? e.message : e);
    return data<ActionData>({ reply: submission.reply(), outcome: "failed" }, { status: 503 });
  }
  return data<ActionData>({ reply: submission.reply(), outcome: "saved" });
}

// In the order of each category's fields on the page.
const FIELD_LABELS: Record<string, string> = { emailOn: "Email me", emails: "Email addresses", smsOn: "Text me (SMS)", phones: "Phone numbers" };

/** The summary's links, in page order: '<category>, <field>' to each field with a message ('<category>.emails'). */
function wrongFields(errors: Record<string, string[] | undefined>): SummaryError[] {
  return PREFERENCE_CATEGORIES.flatMap((category) =>
    Object.keys(FIELD_LABELS).flatMap((field) => {
      const name = `${category}.${field}`;
      const errs = errors[name];
      return errs?.length ? [{ id: fieldDomId(name), label: `${CATEGORY_LABELS[category]}, ${FIELD_LABELS[field]}`, message: errs.join(" ") }] : [];
    }),
  );
}

/** The form's initial values: switches as the checkbox value 'Y'. */
function defaults(values: PreferenceValues) {
  return Object.fromEntries(
    PREFERENCE_CATEGORIES.map((c) => [
      c,
      { emailOn: values[c].emailOn ? "Y" : undefined, emails: values[c].emails, smsOn: values[c].smsOn ? "Y" : undefined, phones: values[c].phones },
    ]),
  );
}

export default function CommunicationsRoute() {
  const { values, categories } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  const location = useLocation();
  const [form, fields] = useForm({
    id: "commpref",
    lastResult: actionData?.outcome === "saved" ? null : (actionData?.reply ?? null),
    defaultValue: defaults(values),
    constraint: getZodConstraint(preferencesSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: preferencesSchema }),
  });
  const wrong = wrongFields(form.allErrors);
  const refusedHere = useRefusedInBrowser(form.status, actionData);

  return (
    <SignedInLayout>
      <PageHeader title="Communications" lead="Choose which events notify you by email or text message (SMS)" />
      {/* On the page until the next action (decision 0103); a refusal links to its fields. */}
      {actionData?.outcome === "saved" ? (
        <Notice key={location.key} title={PREF_MESSAGES.successTitle} message={PREF_MESSAGES.success} />
      ) : actionData?.outcome === "failed" ? (
        <Notice key={location.key} variant="error" title={PREF_MESSAGES.failureTitle} message={PREF_MESSAGES.failure} />
      ) : (actionData?.outcome === "invalid" || refusedHere) && wrong.length ? (
        <ErrorSummary key={`${location.key}-errors`} title={PREF_MESSAGES.missingInfo} lead={PREF_MESSAGES.fixBelow} errors={wrong} />
      ) : null}
      <Form method="post" {...getFormProps(form)} className="form stack">
        <p className="muted">
          Separate several email addresses or phone numbers with commas (at most 5 each). Phone numbers have 10 digits.
        </p>
        {categories.map((c) => (
          <CategoryRow key={c} category={c} meta={fields[c]} onSwitchOff={(name) => form.update({ name, value: "" })} />
        ))}
        <div className="wizard__actions">
          <Link to="/home" className="btn btn--secondary">
            CANCEL
          </Link>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            SAVE
          </button>
        </div>
      </Form>
    </SignedInLayout>
  );
}

type CategoryMeta = FieldMetadata<{ emailOn: string | undefined; emails: string; smsOn: string | undefined; phones: string }>;

function CategoryRow({ category, meta, onSwitchOff }: { category: PreferenceCategory; meta: CategoryMeta; onSwitchOff: (name: string) => void }) {
  const f = meta.getFieldset();
  const label = CATEGORY_LABELS[category];
  const clearWhenOff = (name: string) => (e: React.ChangeEvent<HTMLDivElement>) => {
    const t = e.target as unknown as HTMLInputElement;
    if (t.type === "checkbox" && !t.checked) onSwitchOff(name);
  };
  return (
    <fieldset className="card stack" data-category={category}>
      <legend>{label}</legend>
      <div onChange={clearWhenOff(f.emails.name)}>
        <CheckboxField meta={f.emailOn} label={<>Email me</>} />
      </div>
      <TextField meta={f.emails} label="Email addresses" type="text" autoComplete="off" />
      <div onChange={clearWhenOff(f.phones.name)}>
        <CheckboxField meta={f.smsOn} label={<>Text me (SMS)</>} />
      </div>
      <TextField meta={f.phones} label="Phone numbers" type="text" autoComplete="off" />
    </fieldset>
  );
}
