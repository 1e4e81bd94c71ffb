// The link prompt (spec part 1 §5 'Appointment link prompt'): the rules and
// messages are the zod schema's (app/features/links/schema.ts), in the
// browser and in the action; the server's failure codes come back as the
// field's message plus 'Error occurred validating link!'. The field has no
// browser check of its own: 'A link is required!' is the only message, with
// or without JavaScript (decision 0051).
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { CHECK_WHEN_SENT, requiredProps, FormErrors } from "~/components/form/fields";
import { linkFormSchema, LINK_MAX_LENGTH } from "~/features/links/schema";

export function LinkPrompt({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const [form, fields] = useForm({
    id: "link-prompt",
    lastResult,
    constraint: getZodConstraint(linkFormSchema),
    ...CHECK_WHEN_SENT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: linkFormSchema }),
  });
  const f = fields.link;
  const invalid = Boolean(f.errors?.length);
  return (
    <section className="card link-prompt" aria-labelledby="link-prompt-title">
      <h2 id="link-prompt-title" className="card__title">
        Have an appointment link?
      </h2>
      <p className="muted" id="link-prompt-hint">
        Enter the link your recruiter gave you (for example MLT…), without the web address.
      </p>
      <Form method="post" {...getFormProps(form)} className="form">
        <FormErrors form={form} />
        <div className={`field${invalid ? " field--invalid" : ""}`}>
          <label htmlFor={f.id}>Appointment Link</label>
          <input
            {...getInputProps(f, { type: "text" })}
            {...requiredProps(true)}
            key={f.key}
            maxLength={LINK_MAX_LENGTH * 2}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={invalid ? `${f.errorId} link-prompt-hint` : "link-prompt-hint"}
          />
          {invalid ? (
            <span className="field__error" id={f.errorId}>
              {f.errors!.join(" ")}
            </span>
          ) : null}
        </div>
        <button type="submit" className="btn btn--primary" name="intent" value="link">
          Use link
        </button>
      </Form>
    </section>
  );
}
