import { data, Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/activities";
import { updateBasketOutreachActivities } from "../../../api/outreach.server";
import { fieldErrors, problemText } from "../../../api/result.server";
import { AGE_BAND_LABELS } from "../../../booking/ratios";
import { FormErrors } from "../../../components/form-errors";
import {
  outreachActivities, outreachView, redirectToDue, requireOutreach, requireOutreachBasket,
} from "../../../outreach/basket.server";
import { BackLink, OutreachStepPage } from "../../../components/outreach/outreach-step";
import { OUTREACH_TITLES } from "../../../outreach/steps";
import { FieldError } from "../../../components/field";
import { formatMoney } from "../../../shell/format";
import { pageTitle } from "../../../shell/meta";
import { SaveAndContinue } from "../../../components/save-and-continue";
import { useSubmitting } from "../../../shell/pending";

const KIND_LABELS = { workshop: "Workshop", show: "Show" } as const;

function activitiesSchema(ids: readonly string[]) {
  return z.object({
    activityIds: z
      .array(z.string())
      .min(1, "Choose at least one session")
      .refine((chosen) => chosen.every((id) => ids.includes(id)), "Choose from the sessions shown"),
  });
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const { gateway, scope } = requireOutreach(context);
  const basket = requireOutreachBasket(scope);
  const activities = await outreachActivities(gateway, scope.organisationId);
  return {
    outreach: outreachView(scope, activities),
    activities,
    saved: basket.outreach?.activityIds ?? [],
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  const { gateway, scope } = requireOutreach(context);
  const basket = requireOutreachBasket(scope);
  const activities = await outreachActivities(gateway, scope.organisationId);
  const values = { activityIds: form.getAll("activityIds").map(String) };
  const parsed = activitiesSchema(activities.map((a) => a.id)).safeParse(values);
  if (!parsed.success) {
    return data({ errors: { activityIds: parsed.error.issues[0]?.message ?? "Choose at least one session" } as Record<string, string>, values }, { status: 400 });
  }
  const saved = await updateBasketOutreachActivities(gateway, basket.id, { activityIds: [...new Set(parsed.data.activityIds)] });
  if (!saved.ok) {
    const fields = fieldErrors(saved.problem);
    const message = Object.entries(fields).find(([k]) => k.startsWith("activityIds"))?.[1];
    const errors: Record<string, string> = message ? { activityIds: message } : { form: problemText(saved.problem) };
    return data({ errors, values }, { status: saved.status });
  }
  return redirectToDue(saved.data);
}

export default function ActivitiesStep({ loaderData, actionData }: Route.ComponentProps) {
  const { outreach, activities } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const chosen = new Set(actionData?.values.activityIds ?? loaderData.saved);
  const submitting = useSubmitting();
  const errorId = errors.activityIds ? "activityIds-error" : undefined;
  return (
    <OutreachStepPage outreach={outreach} step="activities">
      <FormErrors errors={errors} fieldIds={{ activityIds: "activity-choices" }} />
      <p>
        Choose the workshops and shows you would like. You choose how many sessions of each, and their times, when you
        choose a date.
      </p>
      <Form method="post" noValidate className="booking-form">
        <fieldset id="activity-choices" className={errors.activityIds ? "field-invalid" : undefined} aria-describedby={errorId} tabIndex={-1}>
          <legend>Outreach sessions</legend>
          <FieldError id={errorId} error={errors.activityIds} />
          {activities.length === 0 ? <p>There are no outreach sessions open to your school at the moment.</p> : null}
          {activities.map((a) => (
            <div className="choice outreach-activity" key={a.id}>
              <input
                type="checkbox"
                id={`activity-${a.id}`}
                name="activityIds"
                value={a.id}
                defaultChecked={chosen.has(a.id)}
                aria-describedby={`activity-${a.id}-details`}
              />
              <label htmlFor={`activity-${a.id}`}>
                {a.name}
                <span className="choice-hint" id={`activity-${a.id}-details`}>
                  {KIND_LABELS[a.kind]}. {a.ageBands.map((b) => AGE_BAND_LABELS[b]).join(", ")}. {a.durationMinutes} minutes, up to{" "}
                  {a.maxPupilsPerSession} pupils a session, {formatMoney(a.pricePerSession)} a session.
                  {a.summary ? ` ${a.summary}` : ""}
                </span>
              </label>
            </div>
          ))}
        </fieldset>
        <div className="actions">
          <SaveAndContinue submitting={submitting} />
        </div>
      </Form>
      <BackLink to="eligibility">Back to outreach</BackLink>
    </OutreachStepPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, OUTREACH_TITLES.activities);
