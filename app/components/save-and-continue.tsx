import type { ButtonHTMLAttributes } from "react";

/** Every step form's submit button: disabled, and saying so, while the step is being saved. */
export function SaveAndContinue({
  submitting,
  ...button
}: { submitting: boolean } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "disabled" | "children">) {
  return (
    <button type="submit" disabled={submitting} {...button}>
      {submitting ? "Saving…" : "Save and continue"}
    </button>
  );
}

/**
 * First in a form that has other submit buttons (add or remove a row): the form's default
 * button, which Enter in a field presses (HTML's implicit submission), saves as the visible
 * button does, rather than adding or removing a row. Hidden: the visible one is for everyone.
 */
export function DefaultSave({ name, value }: { name: string; value: string }) {
  return (
    <button type="submit" name={name} value={value} className="visually-hidden" tabIndex={-1} aria-hidden="true">
      Save and continue
    </button>
  );
}
