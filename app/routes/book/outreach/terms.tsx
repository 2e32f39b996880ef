import { data, Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/terms";
import { getCurrentTerms } from "../../../api/cms.server";
import { updateBasketOutreachTerms } from "../../../api/outreach.server";
import { problemText, succeeded } from "../../../api/result.server";
import { FormErrors } from "../../../components/form-errors";
import { CheckboxField } from "../../../components/field";
import {
  outreachActivities, outreachView, redirectToDue, requireOutreach, requireOutreachBasket,
} from "../../../outreach/basket.server";
import { BackLink, OutreachStepPage } from "../../../components/outreach/outreach-step";
import { OUTREACH_TITLES } from "../../../outreach/steps";
import { RichText } from "../../../components/rich-text";
import { servicesContext } from "../../../session/context";
import { formatDate } from "../../../shell/format";
import { pageTitle } from "../../../shell/meta";
import { sanitizeRichText } from "../../../shell/rich-text.server";
import { SaveAndContinue } from "../../../components/save-and-continue";
import { useSubmitting } from "../../../shell/pending";

const termsSchema = z.object({
  termsVersion: z.string().trim().min(1).max(100),
  acceptTerms: z.literal("on", { error: "Tick the box to accept the outreach terms" }),
});

export async function loader({ context, url }: Route.LoaderArgs) {
  const { gateway, scope } = requireOutreach(context);
  const basket = requireOutreachBasket(scope);
  const [terms, activities] = await Promise.all([
    getCurrentTerms(context.get(servicesContext).cms, "outreach").then(succeeded),
    outreachActivities(gateway, scope.organisationId),
  ]);
  return {
    outreach: outreachView(scope, activities),
    terms: { version: terms.version, title: terms.title, summary: terms.summary ?? null, body: sanitizeRichText(terms.body), effectiveFrom: terms.effectiveFrom },
    // Accepted before: ticked again only when it was this version.
    accepted: basket.outreach?.acceptedTermsVersion === terms.version,
    previouslyAccepted: Boolean(basket.outreach?.acceptedTermsVersion && basket.outreach.acceptedTermsVersion !== terms.version),
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  const { gateway, scope } = requireOutreach(context);
  const basket = requireOutreachBasket(scope);
  const values = { acceptTerms: form.get("acceptTerms") === "on" };
  const parsed = termsSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const acceptMissing = parsed.error.issues.some((i) => i.path[0] === "acceptTerms");
    const errors: Record<string, string> = acceptMissing
      ? { acceptTerms: "Tick the box to accept the outreach terms" }
      : { form: "Something went wrong with the form. Read the terms and accept them again." };
    return data({ errors, values }, { status: 400 });
  }
  // The version sent is the one the user read (the form's): the gateway refuses an outdated one.
  const saved = await updateBasketOutreachTerms(gateway, basket.id, { acceptedTermsVersion: parsed.data.termsVersion });
  if (!saved.ok) {
    const outdated = saved.problem.code === "terms_outdated";
    const message = outdated ? `${problemText(saved.problem)} Read the updated terms below, then accept them.` : problemText(saved.problem);
    return data({ errors: { form: message } as Record<string, string>, values: { acceptTerms: false } }, { status: saved.status });
  }
  return redirectToDue(saved.data);
}

export default function TermsStep({ loaderData, actionData }: Route.ComponentProps) {
  const { outreach, terms, accepted, previouslyAccepted } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const submitting = useSubmitting();
  return (
    <OutreachStepPage outreach={outreach} step="terms">
      <FormErrors errors={errors} />
      {previouslyAccepted ? (
        <p className="notice" role="status">
          Our outreach terms have changed since you accepted them. Read the current terms and accept them again.
        </p>
      ) : null}
      <section aria-labelledby="terms-heading">
        <h2 id="terms-heading">{terms.title}</h2>
        <p className="field-hint">
          Version {terms.version}, in force from {formatDate(terms.effectiveFrom)}.
        </p>
        {terms.summary ? <p className="terms-summary">{terms.summary}</p> : null}
        <div className="terms-body" tabIndex={0} role="region" aria-label={`${terms.title}, full text`}>
          <RichText html={terms.body} />
        </div>
      </section>
      <ul>
        <li>Your booking is a request until its pro-forma invoice (or card payment) is paid.</li>
        <li>Cancelling needs 28 days&apos; notice before the visit.</li>
      </ul>
      <Form method="post" noValidate className="booking-form">
        <input type="hidden" name="termsVersion" value={terms.version} />
        <CheckboxField
          name="acceptTerms"
          label="I have read and accept the outreach terms"
          defaultChecked={actionData?.values.acceptTerms ?? accepted}
          error={errors.acceptTerms}
        />
        <div className="actions">
          <SaveAndContinue submitting={submitting} />
        </div>
      </Form>
      <BackLink to="schedule">Back to date and times</BackLink>
    </OutreachStepPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, OUTREACH_TITLES.terms);
