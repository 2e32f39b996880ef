import { z } from "zod";
import { checkPassword } from "../password";
import { USER_DETAIL_FIELDS, userDetailsSchema } from "../user-details";

// Registration's "your details" step: the account edit's fields, plus email and password.

export const REGISTRATION_USER_FIELDS = [...USER_DETAIL_FIELDS, "email", "password"] as const;

export const registrationUserSchema = userDetailsSchema
  .extend({
    email: z
      .string()
      .trim()
      .min(1, "Enter your email address")
      .max(254, "Enter an email address of 254 characters or fewer")
      .pipe(z.email("Enter an email address like name@example.org")),
    password: z.string(),
  })
  .superRefine((value, ctx) => {
    const { error } = checkPassword(value.password, value.email);
    if (error) ctx.addIssue({ code: "custom", path: ["password"], message: error });
  });

export type RegistrationUser = z.output<typeof registrationUserSchema>;
