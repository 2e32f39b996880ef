import type { ReactNode } from "react";
import { FieldError, FieldHint, fieldIds } from "../field";

// The radio group the booking steps need beyond components/field.tsx, with hints and errors
// linked the same way. TextareaField is shared from there.
export { TextareaField } from "../field";

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
  const { hintId, errorId, describedBy } = fieldIds(id, hint, error);
  return (
    <fieldset className={error ? "field-invalid" : undefined} aria-describedby={describedBy}>
      <legend>{legend}</legend>
      <FieldHint id={hintId} hint={hint} />
      <FieldError id={errorId} error={error} />
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
