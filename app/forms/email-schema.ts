import { z } from "zod";

/** An email address typed into a form: the same messages on every form that asks for one. */
export const emailSchema = z
  .string()
  .trim()
  .min(1, "Enter your email address")
  .max(254, "Enter an email address of 254 characters or fewer")
  .pipe(z.email("Enter an email address like name@example.org"));
