import { useId, useRef, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { checkPassword, PASSWORD_MIN, STRENGTH_LABELS } from "../account/password";
import { FieldError, FieldHint, fieldIds } from "./field";

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  name: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** The form's email field, for the "not your email address" rule. */
  emailField?: string;
}

/**
 * A new-password field that shows the policy's rules and the password's strength as the
 * user types (a hint only: the server checks the same rules, and the gateway decides).
 * Before hydration the rules still show, unticked.
 */
export function PasswordField({ name, label, error, hint, emailField = "email", id = name, ...input }: Props) {
  const [password, setPassword] = useState("");
  const [email, setEmail] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const rulesId = `${id}-rules`;
  const { hintId, errorId } = fieldIds(id, hint, error);
  const check = checkPassword(password, email);

  function onChange(value: string) {
    setPassword(value);
    const field = inputRef.current?.form?.elements.namedItem(emailField);
    setEmail(field && "value" in field ? String(field.value) : "");
  }

  return (
    <div className={error ? "field field-invalid" : "field"}>
      <label htmlFor={id}>{label}</label>
      <FieldHint id={hintId} hint={hint} />
      <p className="field-hint" id={`${rulesId}-intro`}>
        Your password needs:
      </p>
      <ul className="password-rules field-hint" id={rulesId} aria-labelledby={`${rulesId}-intro`}>
        {check.rules.map((rule) => (
          <li key={rule.id} className={rule.met ? "met" : undefined}>
            {rule.label}
            <span className="visually-hidden">{rule.met ? " (done)" : " (not yet)"}</span>
          </li>
        ))}
      </ul>
      <FieldError id={errorId} error={error} />
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, rulesId, errorId, statusId].filter(Boolean).join(" ")}
        onChange={(event) => onChange(event.target.value)}
        {...input}
      />
      <p id={statusId} className="password-strength" role="status">
        {password ? `Password strength: ${STRENGTH_LABELS[check.strength]}` : ""}
      </p>
    </div>
  );
}
