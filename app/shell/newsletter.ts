import { z } from "zod";
import { emailSchema } from "../forms/email-schema";

// Shared by the server action and the footer form.
export const newsletterSchema = z.object({
  email: emailSchema,
  consent: z.literal("yes", { message: "Tick the box to agree to receive the newsletter" }),
});

export const NEWSLETTER_SUCCESS = "Thank you. Check your inbox: we have sent you an email to confirm your subscription.";
