import { z } from "zod";
import { isUkPhone } from "../forms/uk-formats";

// Blank optional fields are sent as "" so that clearing one really clears it at the gateway.
const optionalText = (max: number, message: string) => z.string().trim().max(max, message);

// Shared by the user edit action and form; the gateway validates again and is the judge.
export const userDetailsSchema = z.object({
  title: optionalText(20, "Enter a title of 20 characters or fewer"),
  firstName: z.string().trim().min(1, "Enter your first name").max(50, "Enter a first name of 50 characters or fewer"),
  lastName: z.string().trim().min(1, "Enter your last name").max(50, "Enter a last name of 50 characters or fewer"),
  phone: z
    .string()
    .trim()
    .max(30, "Enter a phone number of 30 characters or fewer")
    .refine((v) => v === "" || isUkPhone(v), "Enter a UK phone number, like 0113 496 0000"),
  jobTitle: optionalText(100, "Enter a job title or role of 100 characters or fewer"),
  marketingConsent: z.literal("on").optional().transform(Boolean),
});

export const USER_DETAIL_FIELDS = ["title", "firstName", "lastName", "phone", "jobTitle", "marketingConsent"] as const;

/** Your details in the account: the same, and whether you need more time to book (longer holds, WCAG 2.2.1). */
export const accountDetailsSchema = userDetailsSchema.extend({
  extendedHolds: z.literal("on").optional().transform(Boolean),
});

export const ACCOUNT_DETAIL_FIELDS = [...USER_DETAIL_FIELDS, "extendedHolds"] as const;
