// One section's form (spec part 2 §2, §4): a conform form with the section's
// zod schema in the browser. Everything works without JavaScript: SAVE and
// Save & Continue post the whole form (with ALL_FIELDS, so an unchecked box
// means No) and the server answers with the reply conform shows.
import { parse } from "@conform-to/dom";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useMemo, useRef, type ReactNode } from "react";
import type { AddStateView } from "../add-state";
import { type DataSectionId } from "../model";
import { ALL_FIELDS, SECTION_DATA_KEY, type ApplicationData, type ValidationContext } from "../form-data";
import { sectionConstraint, sectionSchema } from "../schema";
import { AgreementsSection } from "./AgreementsSection";
import { CommissionsSection } from "./CommissionsSection";
import { DocsSection } from "./DocsSection";
import { FeesSection } from "./FeesSection";
import { ReadOnlyContext, FormErrors } from "~/components/form/fields";
import { PersonalSection } from "./PersonalSection";
import type { AnyFields, AnyForm, SectionView } from "./types";

/** What a section form needs of the loader's answer (as serialised to the browser). */
export type SectionFormData = {
  view: SectionView;
  data: ApplicationData;
  context: Omit<ValidationContext, "now"> & { now: string };
};

export function SectionForm({
  d,
  section,
  reply,
  fees,
  readOnly,
  onChanged,
  onSubmitting,
}: {
  d: SectionFormData;
  section: DataSectionId;
  reply: SubmissionResult<string[]> | null;
  fees?: AddStateView;
  readOnly: boolean;
  onChanged: () => void;
  onSubmitting: () => void;
}) {
  const ctx = useMemo<ValidationContext>(() => ({ ...d.context, now: new Date(d.context.now) }) as ValidationContext, [d.context]);
  // The schemas only check what the browser sends (onValidate), never on the server's render:
  // built at the first check, again when the section or its context changes (decision 0066).
  const schemas = useRef<{ section: DataSectionId; ctx: ValidationContext; full: ReturnType<typeof sectionSchema>; draft: ReturnType<typeof sectionSchema> } | null>(null);
  const schemasNow = () => {
    if (schemas.current?.section !== section || schemas.current.ctx !== ctx) {
      schemas.current = { section, ctx, full: sectionSchema(section, ctx), draft: sectionSchema(section, { ...ctx, mode: "draft" }) };
    }
    return schemas.current;
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const defaultValue = d.data[SECTION_DATA_KEY[section]] as any;
  const [form, fields] = useForm({
    id: `section-${section}`,
    lastResult: reply,
    defaultValue,
    constraint: sectionConstraint(section),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // SAVE and Save & Continue check what is typed (draft rules: a half-filled section saves, a wrong
    // value does not, as on the server); the in-form buttons (consent, states) post without validation;
    // SUBMIT and leaving a field check every rule.
    onValidate: ({ formData, submitter }) => {
      const intent = submitter instanceof HTMLButtonElement && submitter.name === "intent" ? submitter.value : "";
      if (intent === "save" || intent === "saveContinue") return parseWithZod(formData, { schema: schemasNow().draft });
      if (intent && intent !== "submit") return parse(formData, { resolve: (value) => ({ value }) });
      return parseWithZod(formData, { schema: schemasNow().full });
    },
  });
  const props = { view: d.view, fields: fields as unknown as AnyFields, form: form as unknown as AnyForm };
  let body: ReactNode = null;
  switch (section) {
    case "PERSONAL":
      body = <PersonalSection {...props} />;
      break;
    case "COMMS":
      body = <CommissionsSection {...props} />;
      break;
    case "FEES":
      body = <FeesSection {...props} extra={fees} onChanged={onChanged} />;
      break;
    case "AGREEMENTS":
      body = <AgreementsSection {...props} />;
      break;
    case "DOCS":
      body = <DocsSection {...props} />;
      break;
  }
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      action={`/appoint?id=${d.view.appointmentId}&section=${section}`}
      onInput={onChanged}
      onChange={onChanged}
      onSubmit={(e) => {
        // conform also submits to validate (and cancels those): only a real submission counts.
        form.onSubmit(e);
        if (!e.defaultPrevented) onSubmitting();
      }}
    >
      <input type="hidden" name="section" value={section} />
      <input type="hidden" name={ALL_FIELDS} value="1" />
      <FormErrors form={form} />
      <ReadOnlyContext.Provider value={readOnly}>
        <fieldset disabled={readOnly} className="readonly-all">
          {body}
        </fieldset>
      </ReadOnlyContext.Provider>
      {!readOnly ? (
        <div className="section-actions">
          <button type="submit" name="intent" value="save" className="btn btn--secondary">
            Save
          </button>
          <button type="submit" name="intent" value="saveContinue" className="btn btn--primary">
            Save &amp; Continue
          </button>
        </div>
      ) : null}
    </Form>
  );
}
