import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

interface CommonProps {
  name: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  id?: string;
}

/** What every control gets so its hint and error are announced with it. */
export interface ControlAria {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** The ids linking a control to its hint and error (aria-describedby). */
export function fieldIds(id: string, hint: ReactNode, error: string | undefined) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(" ") || undefined };
}

export function FieldHint({ id, hint }: { id: string | undefined; hint: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={id} className="field-hint">
      {hint}
    </p>
  );
}

export function FieldError({ id, error }: { id: string | undefined; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="field-error">
      <span className="visually-hidden">Error: </span>
      {error}
    </p>
  );
}

/** Label, hint and error beside the control, for every kind of single control. */
function LabelledField({ id, label, hint, error, children }: Omit<CommonProps, "name"> & { id: string; children: (aria: ControlAria) => ReactNode }) {
  const { hintId, errorId, describedBy } = fieldIds(id, hint, error);
  return (
    <div className={error ? "field field-invalid" : "field"}>
      <label htmlFor={id}>{label}</label>
      <FieldHint id={hintId} hint={hint} />
      <FieldError id={errorId} error={error} />
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
    </div>
  );
}

type FieldProps = CommonProps & Omit<InputHTMLAttributes<HTMLInputElement>, "id">;

/** A labelled input with its hint and error beside it, linked by aria-describedby. */
export function Field({ name, label, error, hint, id = name, ...input }: FieldProps) {
  return (
    <LabelledField id={id} label={label} hint={hint} error={error}>
      {(aria) => <input name={name} {...aria} {...input} />}
    </LabelledField>
  );
}

/** A checkbox with its label after it and its error linked. */
export function CheckboxField({ name, label, error, id = name, ...input }: FieldProps) {
  const { errorId } = fieldIds(id, undefined, error);
  return (
    <div className={error ? "field field-checkbox field-invalid" : "field field-checkbox"}>
      <FieldError id={errorId} error={error} />
      <input type="checkbox" id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={errorId} {...input} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

interface SelectFieldProps extends CommonProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name"> {
  options: readonly { value: string; label: string }[];
  /** The first, empty option's text, e.g. "Choose a phase". */
  placeholder?: string;
}

/** A labelled select with its hint and error beside it. */
export function SelectField({ name, label, error, hint, options, placeholder, id = name, ...select }: SelectFieldProps) {
  return (
    <LabelledField id={id} label={label} hint={hint} error={error}>
      {(aria) => (
        <select name={name} {...aria} {...select}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}

type TextareaFieldProps = CommonProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name">;

/** A labelled multi-line text box with its hint and error beside it. */
export function TextareaField({ name, label, error, hint, id = name, ...textarea }: TextareaFieldProps) {
  return (
    <LabelledField id={id} label={label} hint={hint} error={error}>
      {(aria) => <textarea name={name} rows={4} {...aria} {...textarea} />}
    </LabelledField>
  );
}
