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
