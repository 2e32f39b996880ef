import { data, Form } from "react-router";
import type { Route } from "./+types/advisories";
import type { CmsClient, GatewayClient } from "../../../api/client.server";
import { listAdvisories } from "../../../api/cms.server";
import { updateBasketOutreachAdvisories } from "../../../api/outreach.server";
import { problemText, succeeded } from "../../../api/result.server";
import { FormErrors } from "../../../components/form-errors";
import { CheckboxField } from "../../../components/field";
import {
  outreachActivities, outreachView, redirectToDue, requireOutreach, requireOutreachBasket,
} from "../../../outreach/basket.server";
import { BackLink, OutreachStepPage } from "../../../components/outreach/outreach-step";
import { OUTREACH_TITLES } from "../../../outreach/steps";
import { RichText } from "../../../components/rich-text";
import type { SafeHtml } from "../../../shell/safe-html";
import { servicesContext } from "../../../session/context";
import { pageTitle } from "../../../shell/meta";
import { sanitizeRichText } from "../../../shell/rich-text.server";
import { SaveAndContinue } from "../../../components/save-and-continue";
import type { Basket, Advisory } from "../../../../generated/schemas";
import { useSubmitting } from "../../../shell/pending";

interface ShownAdvisory {
  id: string;
  title: string;
  body: SafeHtml;
  important: boolean;
  /** Must be ticked to go on (the gateway refuses the step otherwise). */
  acknowledge: boolean;
  label: string;
}

/**
 * The CMS's outreach advisories that concern the chosen activities: those the gateway
 * says each activity needs acknowledged, and the general ones (for every activity).
 */
async function advisoriesFor(gateway: GatewayClient, cms: CmsClient, organisationId: string, basket: Basket) {
  const activities = await outreachActivities(gateway, organisationId);
  const chosen = new Set(basket.outreach?.activityIds ?? []);
  const needed = new Set(activities.filter((a) => chosen.has(a.id)).flatMap((a) => a.advisoryIds));
  const all = succeeded(await listAdvisories(cms, { appliesTo: "outreach" })).items;
  const concerns = (a: Advisory) => needed.has(a.id) || !a.activityIds || a.activityIds.some((id) => chosen.has(id));
  const shown: ShownAdvisory[] = all.filter(concerns).map((a) => ({
    id: a.id,
    title: a.title,
    body: sanitizeRichText(a.body),
    important: a.severity === "important",
    acknowledge: needed.has(a.id) || a.requiresAcknowledgement,
    label: a.acknowledgementLabel ?? `I have read “${a.title}” and we can meet it`,
  }));
  return { activities, shown };
}

const fieldOf = (id: string) => `ack-${id}`;

export async function loader({ context, url }: Route.LoaderArgs) {
  const { gateway, scope } = requireOutreach(context);
  const basket = requireOutreachBasket(scope);
  const { activities, shown } = await advisoriesFor(gateway, context.get(servicesContext).cms, scope.organisationId, basket);
  return {
    outreach: outreachView(scope, activities),
    advisories: shown,
    saved: basket.outreach?.acknowledgedAdvisoryIds ?? [],
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  const { gateway, scope } = requireOutreach(context);
  const basket = requireOutreachBasket(scope);
  const { shown } = await advisoriesFor(gateway, context.get(servicesContext).cms, scope.organisationId, basket);
  const ticked = new Set(form.getAll("acknowledged").map(String));
  const values = { acknowledged: shown.filter((a) => ticked.has(a.id)).map((a) => a.id) };
  const errors: Record<string, string> = {};
  for (const a of shown) {
    if (a.acknowledge && !ticked.has(a.id)) errors[fieldOf(a.id)] = `Tick the box to confirm you have read “${a.title}”`;
  }
  if (Object.keys(errors).length > 0) return data({ errors, values }, { status: 400 });

  const saved = await updateBasketOutreachAdvisories(gateway, basket.id, { acknowledgedAdvisoryIds: values.acknowledged });
  if (!saved.ok) {
    for (const e of saved.problem.errors ?? []) {
      const id = /^acknowledgedAdvisoryIds\.(.+)$/.exec(e.field)?.[1];
      if (id && shown.some((a) => a.id === id)) errors[fieldOf(id)] ??= e.message;
      else errors.form ??= e.message;
    }
    if (Object.keys(errors).length === 0) errors.form = problemText(saved.problem);
    return data({ errors, values }, { status: saved.status });
  }
  return redirectToDue(saved.data);
}

export default function AdvisoriesStep({ loaderData, actionData }: Route.ComponentProps) {
  const { outreach, advisories } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const ticked = new Set(actionData?.values.acknowledged ?? loaderData.saved);
  const submitting = useSubmitting();
  return (
    <OutreachStepPage outreach={outreach} step="advisories">
      <FormErrors errors={errors} />
      <p>
        Our team needs a few things at your school to run the sessions safely. Read each one and tick to confirm you can
        provide it. You tell us the details on the next page.
      </p>
      <Form method="post" noValidate className="booking-form">
        {advisories.length === 0 ? <p>There is nothing to check for the sessions you chose.</p> : null}
        {advisories.map((a) => (
          <section key={a.id} className={a.important ? "advisory advisory-important" : "advisory"} aria-labelledby={`${a.id}-heading`}>
            <h2 id={`${a.id}-heading`}>
              {a.important ? <span className="advisory-tag">Important: </span> : null}
              {a.title}
            </h2>
            <RichText html={a.body} />
            {a.acknowledge ? (
              <CheckboxField
                name="acknowledged"
                id={fieldOf(a.id)}
                value={a.id}
                label={a.label}
                defaultChecked={ticked.has(a.id)}
                error={errors[fieldOf(a.id)]}
              />
            ) : null}
          </section>
        ))}
        <div className="actions">
          <SaveAndContinue submitting={submitting} />
        </div>
      </Form>
      <BackLink to="activities" />
    </OutreachStepPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, OUTREACH_TITLES.advisories);
