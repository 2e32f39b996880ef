import type { InputHTMLAttributes, ReactNode } from "react";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A labelled input with its hint and error beside it, linked by aria-describedby. */
export function Field({ name, label, error, hint, id = name, ...input }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={error ? "field field-invalid" : "field"}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
    </div>
  );
}

/** A checkbox with its label after it and its error linked. */
export function CheckboxField({ name, label, error, id = name, ...input }: FieldProps) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={error ? "field field-checkbox field-invalid" : "field field-checkbox"}>
      {error ? (
        <p id={errorId} className="field-error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      <input type="checkbox" id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={errorId} {...input} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
