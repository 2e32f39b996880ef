import { data, Form } from "react-router";
import { Link } from "../../components/link";
import type { Route } from "./+types/user-edit";
import { updateCurrentUser } from "../../api/account.server";
import { fieldErrors, problemText } from "../../api/result.server";
import { CheckboxField, Field } from "../../components/field";
import { requireUser } from "../../session/current-user.server";
import { pageTitle } from "../../shell/meta";
import { ACCOUNT_DETAIL_FIELDS, accountDetailsSchema } from "../../account/user-details";
import { formValues, toFieldErrors } from "../../forms/validation";
import { FormErrors } from "../../components/form-errors";
import { useSubmitting } from "../../shell/pending";
import { RestoredNotice } from "../../components/restored-notice";
import { restoredValues } from "../../session/restore-form.server";
import { redirectWithNotice, samePage, takeNotice } from "../../session/notice.server";

export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form, ACCOUNT_DETAIL_FIELDS);
  const parsed = accountDetailsSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ errors: toFieldErrors(parsed.error), values }, { status: 400 });

  const { gateway } = requireUser(context);
  const result = await updateCurrentUser(gateway, parsed.data);
  if (!result.ok) {
    const errors = { form: problemText(result.problem), ...fieldErrors(result.problem) };
    return data({ errors, values }, { status: result.status });
  }
  return redirectWithNotice(context, samePage(url), "Your details have been saved.");
}

export function loader({ context }: Route.LoaderArgs) {
  // What was typed here before a time-out, given back after login (ADR 35); a save's notice, once (ADR 32).
  return {
    user: requireUser(context).user,
    restored: restoredValues(context, (form) => formValues(form, ACCOUNT_DETAIL_FIELDS)),
    notice: takeNotice(context),
  };
}

export default function UserEdit({ loaderData: { user, restored, notice }, actionData }: Route.ComponentProps) {
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  // After a failed submit (or a time-out), show what was typed, not what is stored.
  const v = actionData ? actionData.values : (restored ?? undefined);
  const submitting = useSubmitting();
  return (
    <div className="page narrow">
      <p>
        <Link to="/account">Back to your account</Link>
      </p>
      <h1>Your details</h1>
      {notice && !actionData ? (
        <p role="status" className="success">
          {notice}
        </p>
      ) : null}
      <FormErrors errors={errors} />
      <RestoredNotice show={!actionData && restored !== null} />
      <p>
        Email address: <strong>{user.email}</strong>
      </p>
      {/* key: a save redraws the form from what was saved (the gateway may have tidied it). */}
      <Form method="post" noValidate key={JSON.stringify(user)}>
        <Field name="title" label="Title (optional)" autoComplete="honorific-prefix" defaultValue={v?.title ?? user.title ?? ""} error={errors.title} />
        <Field name="firstName" label="First name" autoComplete="given-name" defaultValue={v?.firstName ?? user.firstName} error={errors.firstName} />
        <Field name="lastName" label="Last name" autoComplete="family-name" defaultValue={v?.lastName ?? user.lastName} error={errors.lastName} />
        <Field name="phone" type="tel" label="Phone (optional)" autoComplete="tel" defaultValue={v?.phone ?? user.phone ?? ""} error={errors.phone} />
        <Field name="jobTitle" label="Job title or role (optional)" autoComplete="organization-title" defaultValue={v?.jobTitle ?? user.jobTitle ?? ""} error={errors.jobTitle} />
        <CheckboxField
          name="marketingConsent"
          label="Send me news about exhibitions and events for groups"
          defaultChecked={v ? v.marketingConsent === "on" : user.marketingConsent}
          error={errors.marketingConsent}
        />
        <CheckboxField
          name="extendedHolds"
          label="I need more time to book: hold my places for 2 hours 30 minutes instead of 15 minutes when I check a booking"
          defaultChecked={v ? v.extendedHolds === "on" : user.extendedHolds === true}
          error={errors.extendedHolds}
        />
        <button type="submit" disabled={submitting}>
          {submitting ? "Saving…" : "Save your details"}
        </button>
      </Form>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Your details");
