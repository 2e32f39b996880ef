import { data, Form, redirect } from "react-router";
import { Link } from "../components/link";
import { z } from "zod";
import type { Route } from "./+types/login";
import { login, loginLockSeconds, logout } from "../api/account.server";
import { problemText } from "../api/result.server";
import { Field } from "../components/field";
import { FormErrors } from "../components/form-errors";
import { emailSchema } from "../forms/email-schema";
import { servicesContext, userContext } from "../session/context";
import { pageTitle } from "../shell/meta";
import { safeRedirectPath } from "../security/safe-redirect";
import { rateLimit } from "../security/limits.server";
import { retryAfterHeaders } from "../security/retry-after";
import { startSession } from "../session/session.server";
import { formValues, toFieldErrors } from "../forms/validation";
import { publicPage } from "../shell/cache-control.server";
import { useSubmitting } from "../shell/pending";

const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, "Enter your password"),
  redirectTo: z.string().optional(),
});

// Deliberately the same whether the email is unknown or the password wrong.
export const LOGIN_FAILED = "The email address or password is not right. Check them and try again.";

/**
 * The gateway's lockout after too many failed attempts for the email (contracts/gateway.yaml,
 * login): how long it has left, in whole minutes rounded up. The same for any email, so it
 * tells no more than a wrong password does.
 */
export function lockedMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many attempts to log in with this email address. For your security, try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

// A refused (429) post tells the client when to try again.
export const headers = publicPage(retryAfterHeaders);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form, ["email", "redirectTo"]);
  const parsed = loginSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ errors: toFieldErrors(parsed.error), values }, { status: 400 });

  const limited = await rateLimit(request, context, "login");
  if (limited) return data({ errors: { form: limited.message }, values }, limited.init);

  const { session, gateway } = context.get(servicesContext);
  const result = await login(gateway, { email: parsed.data.email, password: parsed.data.password });
  if (!result.ok) {
    // No usable answer: the form again, the email kept, with the message to try again.
    if (result.upstream) return data({ errors: { form: problemText(result.problem) }, values }, { status: result.status });
    const locked = loginLockSeconds(result);
    if (locked !== null) return data({ errors: { form: lockedMessage(locked) }, values }, { status: 429, headers: { "Retry-After": String(locked) } });
    return data({ errors: { form: LOGIN_FAILED }, values }, { status: 401 });
  }
  // A whole new session (new cookie value); nothing of the one the request came with is
  // kept, and a session it still carried is ended at the gateway.
  if (session.get("token")) await logout(gateway).catch(() => undefined);
  return redirect(safeRedirectPath(parsed.data.redirectTo), {
    headers: { "Set-Cookie": await startSession(result.data) },
  });
}

export function loader({ context, url }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  if (context.get(userContext)) throw redirect(redirectTo);
  return {
    redirectTo,
    // Where a completed password reset lands.
    passwordReset: url.searchParams.get("reset") === "done",
    // Where a page behind login sends a session that has just timed out (guards/login-required).
    timedOut: url.searchParams.get("reason") === "timeout",
  };
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const submitting = useSubmitting();
  return (
    <div className="page narrow">
      <h1>Log in</h1>
      <p>Log in to book visits and manage your group's account.</p>
      {loaderData.passwordReset && !actionData ? (
        <p role="status" className="success">
          Your password has been changed. Log in with your new password.
        </p>
      ) : null}
      {loaderData.timedOut && !actionData ? (
        <p role="status" className="notice">
          For your security, your session timed out and you were logged out. Log in again to carry on where
          you were.
        </p>
      ) : null}
      <FormErrors errors={errors} />
      <Form method="post" noValidate>
        <input type="hidden" name="redirectTo" value={actionData?.values.redirectTo || loaderData.redirectTo} />
        <Field
          name="email"
          type="email"
          label="Email address"
          autoComplete="username"
          defaultValue={actionData?.values.email}
          error={errors.email}
        />
        <Field name="password" type="password" label="Password" autoComplete="current-password" error={errors.password} />
        <button type="submit" disabled={submitting}>
          {submitting ? "Logging in…" : "Log in"}
        </button>
      </Form>
      <p>
        <Link to="/login/forgot">Forgot your password?</Link>
      </p>
      <p>
        New here? <Link to="/registration">Register your group</Link>.
      </p>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Log in");
