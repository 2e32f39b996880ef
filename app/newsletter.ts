import { z } from "zod";

// Shared by the server action and the footer form.
export const newsletterSchema = z.object({
  email: z.string().trim().min(1, "Enter your email address").max(254, "Enter a shorter email address").pipe(z.email("Enter an email address like name@example.org")),
  consent: z.literal("yes", { message: "Tick the box to agree to receive the newsletter" }),
});

export const NEWSLETTER_SUCCESS = "Thank you. Check your inbox: we have sent you an email to confirm your subscription.";
