import { data } from "react-router";
import type { Route } from "./+types/newsletter";
import { subscribeToNewsletter } from "../api/account.server";
import { fieldErrors, problemText } from "../api/result.server";
import { NewsletterSignup } from "../components/newsletter-signup";
import { servicesContext } from "../session/context";
import { pageTitle } from "../shell/meta";
import { NEWSLETTER_SUCCESS, newsletterSchema } from "../shell/newsletter";
import { rateLimit } from "../security/limits.server";
import { retryAfterHeaders } from "../security/retry-after";
import { toFieldErrors } from "../forms/validation";
import { publicPage } from "../shell/cache-control.server";

// A refused (429) post tells the client when to try again.
export const headers = publicPage(retryAfterHeaders);

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const values = { email: String(form.email ?? ""), consent: form.consent === "yes" ? "yes" : "" };
  const parsed = newsletterSchema.safeParse(form);
  if (!parsed.success) return data({ ok: false, errors: toFieldErrors(parsed.error), values }, { status: 400 });

  const limited = await rateLimit(request, context, "newsletter");
  if (limited) return data({ ok: false, errors: { form: limited.message }, values }, limited.init);

  const { gateway } = context.get(servicesContext);
  const result = await subscribeToNewsletter(gateway, { email: parsed.data.email, consent: true });
  if (!result.ok) {
    // Beside the fields when the gateway names them; otherwise (unavailable, rate limited) above the form.
    const byField = fieldErrors(result.problem);
    const errors = Object.keys(byField).length > 0 ? byField : { form: problemText(result.problem) };
    return data({ ok: false, errors, values }, { status: result.status });
  }
  // Same answer whether or not the address was already subscribed.
  return { ok: true, message: NEWSLETTER_SUCCESS };
}

/** Where the footer form lands without JavaScript; with it, the footer shows the result. */
export default function Newsletter({ matches, actionData }: Route.ComponentProps) {
  const site = matches[0].loaderData.site;
  return (
    <div className="page narrow">
      <h1>Newsletter</h1>
      <NewsletterSignup heading={site.newsletter.heading} body={site.newsletter.body} submitted={actionData} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Newsletter");
