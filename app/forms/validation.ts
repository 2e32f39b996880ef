import type { z } from "zod";

export type FieldErrors = Record<string, string>;

/** The first message per field, for showing beside each field. */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    out[key] ??= issue.message;
  }
  return out;
}

/** The submitted text values, so a form with errors shows what the user typed. */
export function formValues(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, String(form.get(n) ?? "")]));
}
