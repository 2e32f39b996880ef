// Idempotency keys for operations that create an order or take money. One key per
// attempt: made when the form is rendered, kept in a hidden field, and sent unchanged
// by every submit of that form (a double click, a back-and-resubmit, a browser retry),
// so the gateway makes one order. A new key is made only for a new attempt (the form
// rendered again after a change or an error the user acted on).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export const IDEMPOTENCY_FIELD = "idempotencyKey";

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** A key as the app makes them (a UUID); anything else from a form is refused. */
export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** The submitted key, or a fresh one when the form carried none that is valid (e.g. a tampered form). */
export function submittedKey(form: FormData): { key: string; submitted: boolean } {
  const value = form.get(IDEMPOTENCY_FIELD);
  return isIdempotencyKey(value) ? { key: value, submitted: true } : { key: newIdempotencyKey(), submitted: false };
}
