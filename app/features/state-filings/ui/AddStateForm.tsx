// 'Appoint in another state' (add-state.ts): one state chosen from those the position is not yet
// appointed in. A plain POST: refused, the message is beside the field and the choice kept.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { CHECK_WHEN_SENT, FormErrors, SelectField } from "~/components/form/fields";
import { stateName } from "~/features/licences/messages";
import { ADD_STATE_MESSAGES as M, addStateSchema } from "../add-state";

export function AddStateForm({
  appointed,
  choices,
  lastResult,
  busy,
}: {
  appointed: readonly string[];
  choices: ReadonlyArray<{ value: string; label: string }>;
  lastResult: SubmissionResult<string[]> | null;
  busy: boolean;
}) {
  const [form, fields] = useForm({ id: "add-state", lastResult, constraint: getZodConstraint(addStateSchema), ...CHECK_WHEN_SENT });
  return (
    <Form method="post" {...getFormProps(form)} className="card stack" noValidate>
      <p className="muted">{M.lead}</p>
      <p>{appointed.length ? `Appointed in: ${appointed.map(stateName).join(", ")}.` : "Appointed in no state yet."}</p>
      <FormErrors form={form} as="p" />
      <SelectField meta={fields.stateCode} label={M.stateLabel} options={choices} required />
      <div className="wizard__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {M.submit}
        </button>
      </div>
    </Form>
  );
}
