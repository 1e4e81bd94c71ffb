// Form controls of the application sections, bound to conform field
// metadata. Every control gets a stable DOM id derived from its field name
// (fieldDomId), so a deficiency link '/appoint?id=…&section=…#<id>' lands on
// it with or without JavaScript, and its error text sits beside it
// (aria-invalid + aria-describedby).
//
// The message is always the portal's (decision 0051): a required control says
// so with aria-required and the label's asterisk, never with the `required`
// attribute, whose browser check ('Please fill out this field.', 'Please
// select an item in the list.') would otherwise speak instead of the spec's
// message; and a conform form checks a field first when it is sent
// (CHECK_WHEN_SENT), not when it is left: a message that appears on leaving a
// field moves the button under the pointer and the click is lost.
import type { FieldMetadata } from "@conform-to/react";
import { createContext, useContext, type ReactNode } from "react";

/** The DOM id of the control of a field name ('addresses.home.city' → 'f-addresses-home-city'). */
export function fieldDomId(name: string): string {
  return `f-${name.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/-+$/, "")}`;
}

/**
 * When conform checks a field (decision 0051): first when the form is sent, then
 * at every keystroke. Spread into useForm's options.
 */
export const CHECK_WHEN_SENT = { shouldValidate: "onSubmit", shouldRevalidate: "onInput" } as const;

/** A required control's attributes: announced as required, no browser check of its own (decision 0051). */
export function requiredProps(required: boolean | undefined) {
  return { required: undefined, "aria-required": required ? (true as const) : undefined };
}

/** Read-only mode of the application (every status but INCOMPLETE and INVITED). */
export const ReadOnlyContext = createContext(false);
export const useReadOnly = () => useContext(ReadOnlyContext);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<any, any, any>;

function errorsOf(meta: Meta): string[] {
  return (meta.errors ?? []).filter(Boolean);
}

function initialString(meta: Meta): string | undefined {
  const v = meta.initialValue;
  if (typeof v === "string") return v;
  if (Array.isArray(v) && typeof v[0] === "string") return v[0];
  return undefined;
}

function controlProps(meta: Meta, hint?: boolean) {
  const id = fieldDomId(meta.name);
  const errors = errorsOf(meta);
  const describedBy = [errors.length ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return {
    id,
    name: meta.name,
    form: undefined as string | undefined,
    "aria-invalid": errors.length ? (true as const) : undefined,
    "aria-describedby": describedBy || undefined,
  };
}

export function FieldError({ meta, id }: { meta: Meta; id?: string }) {
  const errors = errorsOf(meta);
  const domId = id ?? fieldDomId(meta.name);
  return (
    <p className="field__error" id={`${domId}-error`} aria-live="polite">
      {errors.length ? errors.join(" ") : ""}
    </p>
  );
}

/**
 * The form-level errors (conform's `form.errors`, e.g. a refusal the server
 * gave the whole form) in an alert above the fields; nothing when there are
 * none. `first`: only the first message.
 */
export function FormErrors({
  form,
  as: Tag = "div",
  first = false,
}: {
  form: { errors?: string[]; errorId: string };
  as?: "div" | "p";
  first?: boolean;
}) {
  if (!form.errors?.length) return null;
  return (
    <Tag className="form-errors" id={form.errorId} role="alert">
      {first ? form.errors[0] : form.errors.join(" ")}
    </Tag>
  );
}

export type TextFieldProps = {
  meta: Meta;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  type?: "text" | "email" | "tel" | "date" | "number";
  /** A sensitive number (SSN, tax id, account number): text input that may carry the mask '*****6789'. */
  sensitive?: boolean;
  numeric?: boolean;
  autoComplete?: string;
  readOnly?: boolean;
  className?: string;
  maxLength?: number;
  placeholder?: string;
  /** Strip formatting (spaces, dashes, dots, parentheses) when leaving the field (spec §4). */
  strip?: boolean;
};

export function TextField({
  meta,
  label,
  required,
  hint,
  type = "text",
  sensitive,
  numeric,
  autoComplete,
  readOnly,
  className,
  maxLength,
  placeholder,
  strip,
}: TextFieldProps) {
  const props = controlProps(meta, Boolean(hint));
  const invalid = errorsOf(meta).length > 0;
  return (
    <div className={["field", invalid ? "field--invalid" : null, className].filter(Boolean).join(" ")}>
      <label htmlFor={props.id} className={required ? "label--required" : undefined}>
        {label}
      </label>
      {hint ? (
        <span className="field__hint" id={`${props.id}-hint`}>
          {hint}
        </span>
      ) : null}
      <input
        key={meta.key}
        {...props}
        type={sensitive ? "text" : type}
        defaultValue={initialString(meta) ?? ""}
        {...requiredProps(required)}
        readOnly={readOnly || undefined}
        autoComplete={sensitive ? "off" : autoComplete}
        inputMode={sensitive || numeric ? "numeric" : undefined}
        spellCheck={sensitive ? false : undefined}
        maxLength={maxLength ?? meta.maxLength}
        placeholder={placeholder}
        onBlur={strip ? stripOnBlur : undefined}
      />
      <FieldError meta={meta} />
    </div>
  );
}

export function TextAreaField({ meta, label, rows = 4, required }: { meta: Meta; label: ReactNode; rows?: number; required?: boolean }) {
  const props = controlProps(meta);
  return (
    <div className={`field${errorsOf(meta).length ? " field--invalid" : ""}`}>
      <label htmlFor={props.id} className={required ? "label--required" : undefined}>
        {label}
      </label>
      <textarea key={meta.key} {...props} rows={rows} maxLength={meta.maxLength} defaultValue={initialString(meta) ?? ""} {...requiredProps(required)} />
      <FieldError meta={meta} />
    </div>
  );
}

export type Option = { value: string; label: string };

export function SelectField({
  meta,
  label,
  options,
  required,
  placeholder = "Select…",
  className,
}: {
  meta: Meta;
  label: ReactNode;
  options: readonly Option[];
  required?: boolean;
  placeholder?: string;
  className?: string;
}) {
  const props = controlProps(meta);
  return (
    <div className={["field", errorsOf(meta).length ? "field--invalid" : null, className].filter(Boolean).join(" ")}>
      <label htmlFor={props.id} className={required ? "label--required" : undefined}>
        {label}
      </label>
      <select key={meta.key} {...props} defaultValue={initialString(meta) ?? ""} {...requiredProps(required)}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError meta={meta} />
    </div>
  );
}

/** A radio group in a fieldset; the first radio carries the field's DOM id (deficiency links land on it). */
export function RadioGroup({
  meta,
  legend,
  options,
  required,
  inline = true,
  children,
}: {
  meta: Meta;
  legend: ReactNode;
  options: readonly Option[];
  required?: boolean;
  inline?: boolean;
  children?: ReactNode;
}) {
  const id = fieldDomId(meta.name);
  const errors = errorsOf(meta);
  const current = initialString(meta);
  return (
    <fieldset
      className={`radio-group${inline ? " radio-group--inline" : ""}${errors.length ? " field--invalid" : ""}`}
      aria-describedby={errors.length ? `${id}-error` : undefined}
      aria-invalid={errors.length ? true : undefined}
    >
      <legend className={required ? "label--required" : undefined}>{legend}</legend>
      {children}
      <div className="radio-group__options">
        {options.map((o, i) => (
          <label key={o.value} className="field--inline choice">
            <input
              key={`${meta.key ?? ""}-${o.value}`}
              type="radio"
              id={i === 0 ? id : `${id}-${o.value}`}
              name={meta.name}
              value={o.value}
              defaultChecked={current === o.value}
              aria-invalid={errors.length ? true : undefined}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <FieldError meta={meta} id={id} />
    </fieldset>
  );
}

/** A checkbox that posts `value` (default 'Y') when checked. */
export function CheckboxField({
  meta,
  label,
  value = "Y",
  className,
}: {
  meta: Meta;
  label: ReactNode;
  value?: string;
  className?: string;
}) {
  const props = controlProps(meta);
  const current = meta.initialValue;
  const checked = current === value || current === "on" || current === true;
  return (
    <div className={["field", errorsOf(meta).length ? "field--invalid" : null, className].filter(Boolean).join(" ")}>
      <label className="field--inline choice">
        <input key={meta.key} {...props} type="checkbox" value={value} defaultChecked={checked} />
        <span>{label}</span>
      </label>
      <FieldError meta={meta} />
    </div>
  );
}

/** Strip formatting (spaces, dashes, dots, parentheses) on blur, per spec §4 'Derived data'. */
export function stripOnBlur(e: React.FocusEvent<HTMLInputElement>) {
  const v = e.currentTarget.value;
  if (v.includes("*")) return;
  const stripped = v.replace(/[\s().-]/g, "");
  if (stripped === v) return;
  e.currentTarget.value = stripped;
  e.currentTarget.dispatchEvent(new Event("input", { bubbles: true }));
}
