import { isUkPhone } from "../../app/forms/uk-formats";
import type { FieldError, LoginRequest, UpdateUserRequest, User } from "./types";

// The gateway's rules for user details. Messages are written for the person
// filling in the form, since the app shows them beside the field.

const NAME_MAX = 50;
const TITLE_MAX = 20;
const JOB_TITLE_MAX = 100;
const EMAIL_MAX = 254;

export { isUkPhone };

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

const EDITABLE = ["title", "firstName", "lastName", "phone", "jobTitle", "marketingConsent", "extendedHolds"] as const;

type UpdateResult =
  | { ok: true; changes: UpdateUserRequest }
  | { ok: false; errors: FieldError[] };

export function validateUserUpdate(body: unknown): UpdateResult {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, errors: [{ field: "body", message: "Send the changes as a JSON object" }] };
  }
  const input = body as Record<string, unknown>;
  const errors: FieldError[] = [];
  const changes: UpdateUserRequest = {};

  for (const field of Object.keys(input)) {
    if (!(EDITABLE as readonly string[]).includes(field)) {
      errors.push({ field, message: `${field} cannot be changed here` });
    }
  }

  const text = (field: (typeof EDITABLE)[number], label: string, max: number, required: boolean) => {
    if (!(field in input)) return undefined;
    const value = input[field];
    if (typeof value !== "string") {
      errors.push({ field, message: `Enter your ${label}` });
      return undefined;
    }
    const trimmed = value.trim();
    if (required && trimmed === "") errors.push({ field, message: `Enter your ${label}` });
    else if (trimmed.length > max) {
      errors.push({ field, message: `${capitalise(label)} must be ${max} characters or fewer` });
    } else return trimmed;
    return undefined;
  };

  const title = text("title", "title", TITLE_MAX, false);
  const firstName = text("firstName", "first name", NAME_MAX, true);
  const lastName = text("lastName", "last name", NAME_MAX, true);
  const jobTitle = text("jobTitle", "job title", JOB_TITLE_MAX, false);
  const phone = text("phone", "phone number", 30, false);
  if (phone && !isUkPhone(phone)) {
    errors.push({ field: "phone", message: "Enter a UK phone number, like 0113 496 0000 or +44 113 496 0000" });
  }
  if ("marketingConsent" in input && typeof input.marketingConsent !== "boolean") {
    errors.push({ field: "marketingConsent", message: "Say whether you want to hear from us" });
  }
  if ("extendedHolds" in input && typeof input.extendedHolds !== "boolean") {
    errors.push({ field: "extendedHolds", message: "Say whether you need more time to book" });
  }
  if (errors.length > 0) return { ok: false, errors };

  if (title !== undefined) changes.title = title;
  if (firstName !== undefined) changes.firstName = firstName;
  if (lastName !== undefined) changes.lastName = lastName;
  if (jobTitle !== undefined) changes.jobTitle = jobTitle;
  if (phone !== undefined) changes.phone = phone;
  if (typeof input.marketingConsent === "boolean") changes.marketingConsent = input.marketingConsent;
  if (typeof input.extendedHolds === "boolean") changes.extendedHolds = input.extendedHolds;
  return { ok: true, changes };
}

/** An empty optional text clears it, so the stored user never carries "". */
export function applyUserUpdate(user: User, changes: UpdateUserRequest): User {
  const next: User = { ...user };
  for (const field of ["title", "phone", "jobTitle"] as const) {
    const value = changes[field];
    if (value === undefined) continue;
    if (value === "") delete next[field];
    else next[field] = value;
  }
  if (changes.firstName !== undefined) next.firstName = changes.firstName;
  if (changes.lastName !== undefined) next.lastName = changes.lastName;
  if (changes.marketingConsent !== undefined) next.marketingConsent = changes.marketingConsent;
  if (changes.extendedHolds !== undefined) next.extendedHolds = changes.extendedHolds;
  return next;
}

/** Only the shape: whether the credentials are right is login's business. */
export function validateLoginRequest(body: unknown): { ok: true; value: LoginRequest } | { ok: false; errors: FieldError[] } {
  const { email, password } = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const errors: FieldError[] = [];
  if (typeof email !== "string" || email.trim() === "" || email.length > EMAIL_MAX) {
    errors.push({ field: "email", message: "Enter your email address" });
  }
  if (typeof password !== "string" || password === "" || password.length > 1024) {
    errors.push({ field: "password", message: "Enter your password" });
  }
  if (errors.length > 0 || typeof email !== "string" || typeof password !== "string") return { ok: false, errors };
  return { ok: true, value: { email, password } };
}

type NewsletterResult = { ok: true; email: string } | { ok: false; errors: FieldError[] };

export function validateNewsletterSignup(body: unknown): NewsletterResult {
  const input = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const errors: FieldError[] = [];
  const email = typeof input.email === "string" ? input.email.trim() : "";
  if (!isEmail(email)) {
    errors.push({ field: "email", message: "Enter an email address in the correct format, like name@example.org" });
  }
  if (input.consent !== true) {
    errors.push({ field: "consent", message: "Confirm that you want to receive the newsletter" });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, email: email.toLowerCase() };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
