import { data, Form, redirect } from "react-router";
import { Link } from "../../components/link";
import { z } from "zod";
import type { Route } from "./+types/organisation-edit";
import { getOrganisation } from "../../api/account.server";
import { OrganisationFields } from "../../components/organisation-fields";
import { DetailRows } from "../../components/registration-detail";
import { servicesContext } from "../../session/context";
import { GROUP_TYPE_LABELS, GROUP_TYPES } from "../../organisations/group-types";
import { pageTitle } from "../../shell/meta";
import { organisationFieldNames, organisationFormValues } from "../../organisations/organisation-form";
import { organisationDetailsSchema } from "../../organisations/organisation-schema";
import { organisationSummaryRows } from "../../organisations/organisation-summary";
import { validParams } from "../../forms/params";
import { draftFor, readDraft, saveDraft } from "../../registration/draft.server";
import { registrationPath } from "../../registration/steps";
import { useRegistrationTyping } from "../../registration/use-typing";
import { formValues, toFieldErrors } from "../../forms/validation";
import { FormErrors } from "../../components/form-errors";
import { SaveAndContinue } from "../../components/save-and-continue";
import { gatewayFailure } from "../../api/result.server";
import { useSubmitting } from "../../shell/pending";

const paramsSchema = z.object({ group: z.enum(GROUP_TYPES) });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { group } = validParams(paramsSchema, params);
  const draft = draftFor(await readDraft(request), group);
  if (draft.organisationId) {
    // Anonymous: organisations' directory details need no session.
    const result = await getOrganisation(context.get(servicesContext).gateway, draft.organisationId);
    if (result.ok) {
      return { group, picked: { id: result.data.id, name: result.data.name, rows: organisationSummaryRows(group, result.data) }, values: {}, gone: false };
    }
    if (result.status !== 404) throw gatewayFailure(result);
    return { group, picked: null, values: {}, gone: true };
  }
  return { group, picked: null, values: organisationFormValues(draft.organisation), gone: false };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { group } = validParams(paramsSchema, params);
  const form = await request.formData();
  const { organisationId: _picked, ...draft } = draftFor(await readDraft(request), group);

  if (form.get("intent") === "enter-details") {
    // "My organisation is not listed": forget the pick and show the empty form.
    return redirect(registrationPath(group, "organisation/edit"), { headers: { "Set-Cookie": await saveDraft(draft) } });
  }

  const values = formValues(form, organisationFieldNames(group));
  const parsed = organisationDetailsSchema(group).safeParse(values);
  if (!parsed.success) return data({ errors: toFieldErrors(parsed.error), values }, { status: 400 });
  const setCookie = await saveDraft({ ...draft, organisation: parsed.data });
  return redirect(registrationPath(group, "user/edit"), { headers: { "Set-Cookie": setCookie } });
}

export default function RegistrationOrganisation({ loaderData, actionData }: Route.ComponentProps) {
  const { group, picked, gone } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const values = actionData?.values ?? loaderData.values;
  const submitting = useSubmitting();
  const typing = useRegistrationTyping(group, "organisation");
  const search = registrationPath(group, "organisation");

  return (
    <div className="page narrow">
      <p>
        <Link to={search}>Back to the organisation search</Link>
      </p>
      <h1>Your organisation's details</h1>
      <p className="lead">
        Registering as: <strong>{GROUP_TYPE_LABELS[group]}</strong>
      </p>

      {picked ? (
        <>
          <section aria-labelledby="picked-heading" className="card">
            <h2 id="picked-heading">{picked.name}</h2>
            <p>You are asking to join this organisation. Its details are kept by its lead contact, so you cannot change them here.</p>
            <DetailRows rows={picked.rows} />
          </section>
          <div className="actions">
            <Link to={registrationPath(group, "user/edit")} className="button">
              Continue
            </Link>
            <Link to={search}>Choose a different organisation</Link>
          </div>
          <Form method="post">
            <input type="hidden" name="intent" value="enter-details" />
            <button type="submit" className="link-button">
              My organisation is not listed: enter its details instead
            </button>
          </Form>
        </>
      ) : (
        <>
          {gone ? (
            <div className="error-summary" role="alert">
              <p>The organisation you chose is no longer available. Search again, or enter your organisation's details.</p>
            </div>
          ) : null}
          <FormErrors errors={errors} />
          <p>Tell us about your organisation. You will be its lead contact, and can change these details later.</p>
          <Form method="post" noValidate ref={typing.ref} onChange={typing.onChange}>
            <OrganisationFields groupType={group} values={values} errors={errors} />
            <SaveAndContinue submitting={submitting} />
          </Form>
        </>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Your organisation's details");
