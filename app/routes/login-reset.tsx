import { data, Form, redirect } from "react-router";
import { Link } from "../components/link";
import { z } from "zod";
import type { Route } from "./+types/login-reset";
import { completePasswordReset } from "../api/account.server";
import { Field } from "../components/field";
import { PasswordField } from "../components/password-field";
import { servicesContext } from "../session/context";
import { pageTitle } from "../shell/meta";
import { validParams } from "../forms/params";
import { checkPassword } from "../account/password";
import { toFieldErrors } from "../forms/validation";
import { ExpiredLink } from "../components/expired-link";
import { FormErrors } from "../components/form-errors";
import { problemText } from "../api/result.server";
import { useSubmitting } from "../shell/pending";
import { PRIVATE_URL } from "../shell/private-url";

// The token is in the path: keep it out of Referer headers sent to other sites (the
// security middleware leaves this policy as it is), and away from the tag manager.
export const headers: Route.HeadersFunction = () => ({ "Referrer-Policy": "no-referrer" });
export const handle = PRIVATE_URL;

const paramsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{8,200}$/) });

const resetSchema = z
  .object({ password: z.string(), passwordConfirmation: z.string() })
  .superRefine((v, ctx) => {
    const { error } = checkPassword(v.password);
    if (error) ctx.addIssue({ code: "custom", path: ["password"], message: error });
    else if (v.password !== v.passwordConfirmation) {
      ctx.addIssue({ code: "custom", path: ["passwordConfirmation"], message: "Enter the same password twice" });
    }
  });

export function loader({ params }: Route.LoaderArgs) {
  validParams(paramsSchema, params);
  return null;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { token } = validParams(paramsSchema, params);
  const parsed = resetSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ errors: toFieldErrors(parsed.error), expired: false }, { status: 400 });

  const result = await completePasswordReset(context.get(servicesContext).gateway, { token, password: parsed.data.password });
  if (result.ok) return redirect("/login?reset=done");
  if (result.upstream) return data({ errors: { form: problemText(result.problem) } as Record<string, string>, expired: false }, { status: result.status });
  if (result.problem.code === "invalid_reset_token") return data({ errors: {} as Record<string, string>, expired: true }, { status: 422 });
  const errors: Record<string, string> = {};
  for (const e of result.problem.errors ?? []) errors[e.field] ??= e.message;
  if (Object.keys(errors).length === 0) {
    errors.form = result.status === 429 ? "Too many attempts. Wait a few minutes and try again." : problemText(result.problem);
  }
  return data({ errors, expired: false }, { status: result.status });
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const submitting = useSubmitting();
  if (actionData?.expired) {
    return (
      <ExpiredLink what="password reset">
        <Link to="/login/forgot">Ask for a new link</Link>
      </ExpiredLink>
    );
  }
  return (
    <div className="page narrow">
      <h1>Choose a new password</h1>
      <FormErrors errors={errors} />
      <Form method="post" noValidate>
        <PasswordField name="password" label="New password" error={errors.password} />
        <Field
          name="passwordConfirmation"
          type="password"
          label="Enter the new password again"
          autoComplete="new-password"
          error={errors.passwordConfirmation}
        />
        <button type="submit" disabled={submitting}>
          {submitting ? "Saving…" : "Save the new password"}
        </button>
      </Form>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Choose a new password");
