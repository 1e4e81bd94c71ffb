// The forms of the webhook endpoints screens (decision 0077): the endpoint (address, description,
// events) for creating and changing, and the signing secret shown once. Plain POST forms (conform +
// the shared zod schema): they work without JavaScript and keep what was typed when refused.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { Banner } from "~/components/Banner";
import { FormErrors, TextField } from "~/components/form/fields";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from "../events";
import { endpointSchema, WEBHOOK_DESCRIPTION_MAX, WEBHOOK_URL_MAX, WH_MESSAGES } from "../schema";

type Reply = SubmissionResult<string[]> | null;

export function EndpointForm({
  id,
  intent,
  heading,
  submitLabel,
  lastResult,
  defaults,
  busy,
}: {
  id: string;
  intent: string;
  heading: string;
  submitLabel: string;
  lastResult: Reply;
  defaults?: { url: string; description: string; events: string[] };
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(endpointSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: endpointSchema }),
  });
  const initial = fields.events.initialValue;
  const checked = new Set(Array.isArray(initial) ? initial : typeof initial === "string" ? [initial] : []);
  const eventsErrorId = `${id}-events-error`;
  const eventsErrors = fields.events.errors ?? [];
  return (
    <Form method="post" {...getFormProps(form)} className="form stack" aria-labelledby={`${id}-heading`} noValidate>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <input type="hidden" name="intent" value={intent} />
      <FormErrors form={form} as="p" />
      <TextField meta={fields.url} label="Address (URL)" required hint="https://… on the public internet; the events are posted here." maxLength={WEBHOOK_URL_MAX} />
      <TextField meta={fields.description} label="Description" hint={`Whose system this is (at most ${WEBHOOK_DESCRIPTION_MAX} characters).`} maxLength={WEBHOOK_DESCRIPTION_MAX} />
      <fieldset
        className={`field${eventsErrors.length ? " field--invalid" : ""}`}
        aria-describedby={eventsErrors.length ? eventsErrorId : undefined}
        aria-invalid={eventsErrors.length ? true : undefined}
      >
        <legend className="label--required">Events</legend>
        {WEBHOOK_EVENTS.map((e) => (
          <label key={e} className="field--inline choice">
            <input type="checkbox" name={fields.events.name} value={e} defaultChecked={checked.has(e)} key={`${fields.events.key ?? ""}-${e}`} />
            <span>{WEBHOOK_EVENT_LABELS[e]}</span>
          </label>
        ))}
        {eventsErrors.length ? (
          <p className="field__error" id={eventsErrorId}>
            {eventsErrors.join(" ")}
          </p>
        ) : null}
      </fieldset>
      <div className="wizard__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}

/** The signing secret, once (after creating an endpoint or rotating its secret). */
export function SecretOnce({ secret }: { secret: string }) {
  return (
    <Banner variant="success" title="Signing Secret">
      <p>{WH_MESSAGES.secretOnce}</p>
      <p>
        <code data-testid="webhook-secret" style={{ overflowWrap: "anywhere", userSelect: "all" }}>
          {secret}
        </code>
      </p>
    </Banner>
  );
}

