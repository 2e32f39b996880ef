import { z } from "zod";

const optionalText = (max: number, message: string) =>
  z.string().trim().max(max, message).transform((v) => v || undefined);

// Shared by the user edit action and form; the gateway validates again and is the judge.
export const userDetailsSchema = z.object({
  title: optionalText(20, "Enter a title of 20 characters or fewer"),
  firstName: z.string().trim().min(1, "Enter your first name").max(50, "Enter a first name of 50 characters or fewer"),
  lastName: z.string().trim().min(1, "Enter your last name").max(50, "Enter a last name of 50 characters or fewer"),
  phone: z
    .string()
    .trim()
    .refine((v) => v === "" || /^(?:\+44\s?|0)(?:\d\s?){9,10}$/.test(v), "Enter a UK phone number, like 0113 496 0000")
    .transform((v) => v || undefined),
  jobTitle: optionalText(80, "Enter a job title or role of 80 characters or fewer"),
  marketingConsent: z.literal("on").optional().transform(Boolean),
});

export const USER_DETAIL_FIELDS = ["title", "firstName", "lastName", "phone", "jobTitle", "marketingConsent"] as const;
