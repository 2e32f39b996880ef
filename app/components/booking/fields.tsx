import type { ReactNode, TextareaHTMLAttributes } from "react";

// Form controls the booking steps need beyond components/field.tsx: a textarea and a
// group of radio buttons, with hints and errors linked the same way.

interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  name: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

export function TextareaField({ name, label, error, hint, id = name, ...textarea }: TextareaFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
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
      <textarea
        id={id}
        name={name}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        {...textarea}
      />
    </div>
  );
}

export interface RadioOption {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
}

/** A fieldset of radio buttons; the first option carries the id the error summary links to. */
export function RadioGroup({
  name,
  legend,
  options,
  value,
  defaultValue,
  onChange,
  error,
  hint,
  id = name,
}: {
  name: string;
  legend: ReactNode;
  options: readonly RadioOption[];
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  id?: string;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset className={error ? "field-invalid" : undefined} aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}>
      <legend>{legend}</legend>
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
      {options.map((option, i) => {
        const optionId = i === 0 ? id : `${id}-${option.value}`;
        const optionHint = option.hint ? `${optionId}-hint` : undefined;
        return (
          <div className="choice" key={option.value}>
            <input
              type="radio"
              id={optionId}
              name={name}
              value={option.value}
              disabled={option.disabled}
              aria-describedby={optionHint}
              {...(value !== undefined
                ? { checked: value === option.value, onChange: () => onChange?.(option.value) }
                : { defaultChecked: defaultValue === option.value })}
            />
            <label htmlFor={optionId}>
              {option.label}
              {option.hint ? (
                <span className="choice-hint" id={optionHint}>
                  {option.hint}
                </span>
              ) : null}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
