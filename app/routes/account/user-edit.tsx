import { data, Form } from "react-router";
import { Link } from "../../components/link";
import type { Route } from "./+types/user-edit";
import { updateCurrentUser } from "../../api/gateway.server";
import { fieldErrors, problemText } from "../../api/result.server";
import { CheckboxField, Field } from "../../components/field";
import { requireUser } from "../../session/current-user.server";
import { pageTitle } from "../../shell/meta";
import { ACCOUNT_DETAIL_FIELDS, accountDetailsSchema } from "../../account/user-details";
import { formValues, toFieldErrors } from "../../forms/validation";
import { FormErrors } from "../../components/form-errors";
import { useSubmitting } from "../../shell/pending";

export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form, ACCOUNT_DETAIL_FIELDS);
  const parsed = accountDetailsSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ saved: false, errors: toFieldErrors(parsed.error), values }, { status: 400 });

  const { gateway } = requireUser(context);
  const result = await updateCurrentUser(gateway, parsed.data);
  if (!result.ok) {
    const errors = { form: problemText(result.problem), ...fieldErrors(result.problem) };
    return data({ saved: false, errors, values }, { status: result.status });
  }
  return { saved: true, errors: {}, values };
}

export function loader({ context, url }: Route.LoaderArgs) {
  return { user: requireUser(context).user };
}

export default function UserEdit({ loaderData: { user }, actionData }: Route.ComponentProps) {
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  // After a failed submit, show what was typed, not what is stored.
  const v = actionData && !actionData.saved ? actionData.values : undefined;
  const submitting = useSubmitting();
  return (
    <div className="page narrow">
      <p>
        <Link to="/account">Back to your account</Link>
      </p>
      <h1>Your details</h1>
      {actionData?.saved ? (
        <p role="status" className="success">
          Your details have been saved.
        </p>
      ) : null}
      <FormErrors errors={errors} />
      <p>
        Email address: <strong>{user.email}</strong>
      </p>
      <Form method="post" noValidate>
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
