import { data, Form } from "react-router";
import { Link } from "../../components/link";
import { z } from "zod";
import type { Route } from "./+types/organisation-edit";
import { getOrganisation, listMyAssociations, updateOrganisation } from "../../api/account.server";
import { problemText, required, succeeded } from "../../api/result.server";
import { OrganisationFields } from "../../components/organisation-fields";
import { DetailRows } from "../../components/registration-detail";
import { requireUser } from "../../session/current-user.server";
import { GROUP_TYPE_LABELS } from "../../organisations/group-types";
import { pageTitle } from "../../shell/meta";
import { organisationFieldNames, organisationFormField, organisationFormValues } from "../../organisations/organisation-form";
import { organisationKind } from "../../organisations/organisation-options";
import { organisationDetailsSchema } from "../../organisations/organisation-schema";
import { organisationSummaryRows } from "../../organisations/organisation-summary";
import { validParams } from "../../forms/params";
import { formValues, toFieldErrors } from "../../forms/validation";
import { RestoredNotice } from "../../components/restored-notice";
import { restoredValues } from "../../session/restore-form.server";
import { redirectWithNotice, samePage, takeNotice } from "../../session/notice.server";
import type { OrganisationUpdate } from "../../../generated/schemas";
import { useSubmitting } from "../../shell/pending";

const paramsSchema = z.object({ organisationId: z.string().regex(/^[\w-]{1,100}$/).optional() });

/** The organisation the page is about (the URL's, or the user's current one) and the user's association with it. */
async function load(args: Route.LoaderArgs | Route.ActionArgs) {
  const { user, gateway } = requireUser(args.context);
  const { organisationId = user.currentOrganisationId } = validParams(paramsSchema, args.params);
  if (!organisationId) return { gateway, organisation: null, association: null };
  const [organisation, associations] = await Promise.all([
    getOrganisation(gateway, organisationId).then(required),
    listMyAssociations(gateway).then(succeeded),
  ]);
  const association = associations.items.find((a) => a.organisation.id === organisationId);
  // Only your own organisations are edited here.
  if (!association) throw data(null, { status: 404 });
  return { gateway, organisation, association };
}

export async function loader(args: Route.LoaderArgs) {
  const { organisation, association } = await load(args);
  if (!organisation || !association) return { organisation: null };
  // What was typed here before a time-out comes back after login (ADR 35), over what is saved.
  const restored = restoredValues(args.context, (form) => formValues(form, organisationFieldNames(organisation.groupType)));
  return {
    organisation: {
      id: organisation.id,
      name: organisation.name,
      groupType: organisation.groupType,
      rows: organisationSummaryRows(organisation.groupType, organisation),
    },
    values: restored ?? organisationFormValues(organisation),
    restored: restored !== null,
    canEdit: association.status === "approved" && association.role === "lead",
    status: association.status,
    notice: takeNotice(args.context),
  };
}

export async function action(args: Route.ActionArgs) {
  const { gateway, organisation } = await load(args);
  if (!organisation) throw data(null, { status: 404 });
  const form = await args.request.formData();
  const values = formValues(form, organisationFieldNames(organisation.groupType));
  const parsed = organisationDetailsSchema(organisation.groupType).safeParse(values);
  if (!parsed.success) return data({ errors: toFieldErrors(parsed.error), values }, { status: 400 });

  const details = parsed.data;
  const changes: OrganisationUpdate = {
    ...details,
    // A blank optional phone clears it.
    phone: details.phone ?? "",
    // The kind follows the phase; other group types keep theirs.
    ...(details.phase && details.phase !== organisation.phase
      ? { kind: organisationKind(organisation.groupType, details) }
      : {}),
  };
  const result = await updateOrganisation(gateway, organisation.id, changes);
  if (!result.ok) {
    if (result.upstream) return data({ errors: { form: problemText(result.problem) } as Record<string, string>, values }, { status: result.status });
    const errors: Record<string, string> = {};
    for (const e of result.problem.errors ?? []) errors[organisationFormField(e.field)] ??= e.message;
    // The gateway's own 403 (not the lead); the API Gateway's refusal is said above.
    errors.form =
      result.status === 403
        ? `Only the lead contact of ${organisation.name} can change its details.`
        : Object.keys(errors).length > 0
          ? "Some details need changing. Check the messages beside the fields."
          : problemText(result.problem);
    return data({ errors, values }, { status: result.status });
  }
  return redirectWithNotice(args.context, samePage(args.url), "Your organisation's details have been saved.");
}

export default function OrganisationEdit({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const back = (
    <p>
      <Link to="/account">Back to your account</Link>
    </p>
  );
  if (!loaderData.organisation) {
    return (
      <div className="page narrow">
        {back}
        <h1>Your organisation</h1>
        <p>You are not linked to an organisation yet.</p>
        <p>
          <Link to="/account/organisation/association">Find your organisation and ask to join it</Link>
        </p>
      </div>
    );
  }
  const { organisation, canEdit, status, notice } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const values = actionData?.values ?? loaderData.values;
  return (
    <div className="page narrow">
      {back}
      <h1>{canEdit ? "Edit your organisation" : "Your organisation"}</h1>
      <p className="lead">
        {organisation.name} · {GROUP_TYPE_LABELS[organisation.groupType]}
      </p>
      {canEdit ? (
        <>
          {notice && !actionData ? (
            <p role="status" className="success">
              {notice}
            </p>
          ) : null}
          {actionData ? (
            <div className="error-summary" role="alert">
              <p>{errors.form ?? "Some details need changing. Check the messages beside the fields."}</p>
            </div>
          ) : null}
          <RestoredNotice show={!actionData && loaderData.restored} />
          {/* key: a save redraws the form from what the gateway stored. */}
          <Form method="post" noValidate key={JSON.stringify(loaderData.values)}>
            <OrganisationFields groupType={organisation.groupType} values={values} errors={errors} />
            <button type="submit" disabled={submitting}>
              {submitting ? "Saving…" : "Save the organisation's details"}
            </button>
          </Form>
        </>
      ) : (
        <>
          <p className="notice">
            {status === "pending"
              ? `Your request to join ${organisation.name} is waiting for approval by the bookings team. Its lead contact keeps its details.`
              : `Only the lead contact of ${organisation.name} can change its details. Ask them, or contact the bookings team, if something is wrong.`}
          </p>
          <DetailRows rows={organisation.rows} />
        </>
      )}
      <p>
        <Link to="/account/organisation/association">Manage your organisations</Link>
      </p>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Edit your organisation");
