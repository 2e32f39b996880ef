import { describe, expect, it } from "vitest";
import { IDEMPOTENCY_FIELD, isIdempotencyKey, newIdempotencyKey, submittedKey } from "./idempotency";

describe("idempotency keys", () => {
  it("makes a new UUID per attempt", () => {
    const a = newIdempotencyKey();
    expect(isIdempotencyKey(a)).toBe(true);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it("reuses the key a form carried, and refuses anything else", () => {
    const key = newIdempotencyKey();
    const form = new FormData();
    form.set(IDEMPOTENCY_FIELD, key);
    expect(submittedKey(form)).toEqual({ key, submitted: true });
    form.set(IDEMPOTENCY_FIELD, "not-a-key");
    expect(submittedKey(form).submitted).toBe(false);
    expect(isIdempotencyKey("")).toBe(false);
  });
});
