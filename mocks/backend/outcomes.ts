import type { FieldError } from "./types";

// What an operation of the mock gateway comes to: its value, or the contract's problem code,
// detail and field errors (the handlers turn it into the answer).

export type Failure<Code extends string> = { ok: false; code: Code; detail: string; errors?: FieldError[] };
export type Outcome<T, Code extends string> = { ok: true; value: T } | Failure<Code>;

export const rateLimited = (): Failure<"rate_limited"> => ({
  ok: false, code: "rate_limited", detail: "Too many attempts. Wait 15 minutes and try again.",
});

export const invalid = (errors: FieldError[]): Failure<"validation_failed"> => ({
  ok: false, code: "validation_failed", detail: "Check the highlighted fields.", errors,
});
