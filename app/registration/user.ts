import { z } from "zod";
import { emailSchema } from "../forms/email-schema";
import { checkPassword } from "../account/password";
import { USER_DETAIL_FIELDS, userDetailsSchema } from "../account/user-details";

// Registration's "your details" step: the account edit's fields, plus email and password.

export const REGISTRATION_USER_FIELDS = [...USER_DETAIL_FIELDS, "email", "password"] as const;

export const registrationUserSchema = userDetailsSchema
  .extend({
    email: emailSchema,
    password: z.string(),
  })
  .superRefine((value, ctx) => {
    const { error } = checkPassword(value.password, value.email);
    if (error) ctx.addIssue({ code: "custom", path: ["password"], message: error });
  });

export type RegistrationUser = z.output<typeof registrationUserSchema>;
