import { data, Form, redirect } from "react-router";
import { Link } from "../../components/link";
import { z } from "zod";
import type { Route } from "./+types/user-edit";
import { CheckboxField, Field } from "../../components/field";
import { PasswordField } from "../../components/password-field";
import { GROUP_TYPE_LABELS, GROUP_TYPES } from "../../organisations/group-types";
import { pageTitle } from "../../shell/meta";
import { validParams } from "../../forms/params";
import { draftFor, readDraft, saveDraft } from "../../registration/draft.server";
import { registrationPath } from "../../registration/steps";
import { useRegistrationTyping } from "../../registration/use-typing";
import { REGISTRATION_USER_FIELDS, registrationUserSchema, type RegistrationUser } from "../../registration/user";
import { formValues, toFieldErrors } from "../../forms/validation";
import { FormErrors } from "../../components/form-errors";
import { SaveAndContinue } from "../../components/save-and-continue";
import { useSubmitting } from "../../shell/pending";

const paramsSchema = z.object({ group: z.enum(GROUP_TYPES) });

/** The saved details as form text, without the password (it never goes back to the browser). */
function userValues(user: RegistrationUser | undefined): Record<string, string> {
  if (!user) return {};
  return {
    title: user.title, firstName: user.firstName, lastName: user.lastName, email: user.email,
    phone: user.phone, jobTitle: user.jobTitle, marketingConsent: user.marketingConsent ? "on" : "",
  };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { group } = validParams(paramsSchema, params);
  const draft = draftFor(await readDraft(request), group);
  return { group, values: userValues(draft.user), passwordSaved: Boolean(draft.user?.password) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { group } = validParams(paramsSchema, params);
  const form = await request.formData();
  const draft = draftFor(await readDraft(request), group);
  const { password: _never, ...values } = formValues(form, REGISTRATION_USER_FIELDS);
  const typed = String(form.get("password") ?? "");
  // A blank password keeps the one already saved in the draft.
  const password = typed === "" && draft.user?.password ? draft.user.password : typed;
  const parsed = registrationUserSchema.safeParse({ ...Object.fromEntries(form), password });
  if (!parsed.success) {
    return data({ errors: toFieldErrors(parsed.error), values, passwordSaved: Boolean(draft.user?.password) }, { status: 400 });
  }
  const setCookie = await saveDraft({ ...draft, user: parsed.data });
  return redirect(registrationPath(group, "review"), { headers: { "Set-Cookie": setCookie } });
}

export default function RegistrationUser({ loaderData, actionData }: Route.ComponentProps) {
  const { group } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const v = actionData?.values ?? loaderData.values;
  const passwordSaved = actionData?.passwordSaved ?? loaderData.passwordSaved;
  const submitting = useSubmitting();
  const typing = useRegistrationTyping(group, "user");
  return (
    <div className="page narrow">
      <p>
        <Link to={registrationPath(group, "organisation/edit")}>Back to your organisation</Link>
      </p>
      <h1>Your details</h1>
      <p className="lead">
        Registering as: <strong>{GROUP_TYPE_LABELS[group]}</strong>. These are the details you log in with and we contact you
        on.
      </p>
      <FormErrors errors={errors} />
      <Form method="post" noValidate ref={typing.ref} onChange={typing.onChange}>
        <Field name="title" label="Title (optional)" autoComplete="honorific-prefix" defaultValue={v.title ?? ""} error={errors.title} />
        <Field name="firstName" label="First name" autoComplete="given-name" defaultValue={v.firstName ?? ""} error={errors.firstName} />
        <Field name="lastName" label="Last name" autoComplete="family-name" defaultValue={v.lastName ?? ""} error={errors.lastName} />
        <Field
          name="email"
          type="email"
          label="Email address"
          autoComplete="email"
          hint="You will log in with this address"
          defaultValue={v.email ?? ""}
          error={errors.email}
        />
        <Field name="phone" type="tel" label="Phone (optional)" autoComplete="tel" defaultValue={v.phone ?? ""} error={errors.phone} />
        <Field
          name="jobTitle"
          label="Job title or role (optional)"
          autoComplete="organization-title"
          defaultValue={v.jobTitle ?? ""}
          error={errors.jobTitle}
        />
        <PasswordField
          name="password"
          label="Create a password"
          hint={passwordSaved ? "A password is saved. Leave this blank to keep it." : undefined}
          error={errors.password}
        />
        <CheckboxField
          name="marketingConsent"
          label="Send me news about exhibitions and events for groups (optional)"
          defaultChecked={v.marketingConsent === "on"}
          error={errors.marketingConsent}
        />
        <SaveAndContinue submitting={submitting} />
      </Form>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Your details");
