import { data, Form } from "react-router";
import { Link } from "../components/link";
import { z } from "zod";
import type { Route } from "./+types/login-forgot";
import { requestPasswordReset } from "../api/account.server";
import { fieldErrors, problemText } from "../api/result.server";
import { EmbeddedMailNotice } from "../components/embedded-mail-notice";
import { Field } from "../components/field";
import { FormErrors } from "../components/form-errors";
import { config } from "../runtime/config.server";
import { servicesContext } from "../session/context";
import { emailSchema } from "../forms/email-schema";
import { embeddedMailTo } from "../runtime/embedded.server";
import { pageTitle } from "../shell/meta";
import { rateLimit } from "../security/limits.server";
import { retryAfterHeaders } from "../security/retry-after";
import { formValues, toFieldErrors } from "../forms/validation";
import { publicPage } from "../shell/cache-control.server";
import { useSubmitting } from "../shell/pending";

const forgotSchema = z.object({
  email: emailSchema,
});

// A refused (429) post tells the client when to try again.
export const headers = publicPage(retryAfterHeaders);

export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form, ["email"]);
  const parsed = forgotSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ sent: false, errors: toFieldErrors(parsed.error), values, demoLink: null }, { status: 400 });

  const limited = await rateLimit(request, context, "passwordReset");
  if (limited) return data({ sent: false, errors: { form: limited.message }, values, demoLink: null }, limited.init);

  const started = new Date();
  const result = await requestPasswordReset(context.get(servicesContext).gateway, { email: parsed.data.email });
  if (!result.ok) {
    // The gateway's own 429 (this address asked too often), not the API Gateway's "busy".
    const message = !result.upstream && result.status === 429 ? "Too many requests. Wait a few minutes and try again." : problemText(result.problem);
    return data({ sent: false, errors: { form: message, ...fieldErrors(result.problem) }, values, demoLink: null }, { status: result.status });
  }
  // Embedded default only: there is no mail server, so the page shows what the email would contain.
  const demoLink = config.embedded ? (embeddedMailTo(parsed.data.email, started, url.origin)?.link ?? null) : null;
  return { sent: true, errors: {} as Record<string, string>, values, demoLink };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const submitting = useSubmitting();
  if (actionData?.sent) {
    return (
      <div className="page narrow">
        <h1>Check your email</h1>
        {/* The same words whether or not the address has an account. */}
        <p role="status" className="success">
          If {actionData.values.email} belongs to an account, we have sent it a link to choose a new password. The link
          works for one hour.
        </p>
        <p>If the email does not arrive in a few minutes, check your spam folder, or ask for another link.</p>
        {actionData.demoLink ? <EmbeddedMailNotice link={actionData.demoLink} /> : null}
        <p>
          <Link to="/login">Back to log in</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="page narrow">
      <p>
        <Link to="/login">Back to log in</Link>
      </p>
      <h1>Reset your password</h1>
      <p>Enter the email address you log in with. We will send you a link to choose a new password.</p>
      <FormErrors errors={errors} />
      <Form method="post" noValidate>
        <Field name="email" type="email" label="Email address" autoComplete="email" defaultValue={actionData?.values.email} error={errors.email} />
        <button type="submit" disabled={submitting}>
          {submitting ? "Sending…" : "Send the link"}
        </button>
      </Form>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Reset your password");
