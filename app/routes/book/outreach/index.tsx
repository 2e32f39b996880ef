import { data, Form, redirect } from "react-router";
import { Link } from "../../../components/link";
import type { Route } from "./+types/index";
import { createBasket } from "../../../api/booking.server";
import {
  discardOutreachBasket, outreachActivities, outreachView, redirectToDue, requireOutreach,
} from "../../../outreach/basket.server";
import { OutreachStepPage } from "../../../components/outreach/outreach-step";
import { dueStep, OUTREACH_LABELS, OUTREACH_PATHS, OUTREACH_TITLES } from "../../../outreach/steps";
import { formatMoney } from "../../../shell/format";
import { pageTitle } from "../../../shell/meta";
import { AGE_BAND_LABELS } from "../../../booking/ratios";
import { problemText } from "../../../api/result.server";
import { useSubmitting } from "../../../shell/pending";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { gateway, scope } = requireOutreach(context);
  const { eligibility } = scope;
  const activities = eligibility.eligible ? await outreachActivities(gateway, scope.organisationId) : [];
  return {
    outreach: outreachView(scope, activities),
    organisationName: scope.organisationName,
    eligibility,
    activities: activities.map((a) => ({
      id: a.id,
      name: a.name,
      kind: a.kind,
      summary: a.summary ?? null,
      durationMinutes: a.durationMinutes,
      maxPupilsPerSession: a.maxPupilsPerSession,
      pricePerSession: a.pricePerSession,
      ageBands: a.ageBands,
    })),
    due: scope.basket ? dueStep(scope.basket) : null,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  const { gateway, scope } = requireOutreach(context);

  if (form.get("intent") === "discard") {
    const refused = await discardOutreachBasket(gateway, scope);
    if (refused) return data({ errors: { form: problemText(refused.problem) } }, { status: refused.status });
    return redirect(OUTREACH_PATHS.eligibility);
  }
  // Start (or carry on with) a request: only an eligible organisation gets a basket.
  if (!scope.eligibility.eligible) return redirect(OUTREACH_PATHS.eligibility);
  if (scope.basket) return redirectToDue(scope.basket);
  const created = await createBasket(gateway, { kind: "outreach", organisationId: scope.organisationId });
  if (!created.ok) return data({ errors: { form: problemText(created.problem) } }, { status: created.status });
  return redirectToDue(created.data);
}

export default function OutreachIndex({ loaderData, actionData }: Route.ComponentProps) {
  const { outreach, organisationName, eligibility, activities, due } = loaderData;
  const submitting = useSubmitting();
  const error = actionData?.errors.form;
  return (
    <OutreachStepPage outreach={outreach} step="eligibility">
      <p className="lead">
        Our museum teams can come to your school with a workshop or a show. They bring real and replica objects,
        costumes and everything they need; you provide the space and the pupils.
      </p>
      <ul>
        <li>For schools, colleges and home-education groups in {eligibility.region ?? "our outreach region"}.</li>
        <li>Choose one or more sessions, then a date and the times that fit your school day.</li>
        <li>You send a request: it is confirmed when its pro-forma invoice is paid.</li>
        <li>Cancelling needs 28 days&apos; notice.</li>
      </ul>

      {eligibility.eligible ? (
        <section aria-labelledby="eligibility-heading" className="success">
          <h2 id="eligibility-heading">You can book outreach</h2>
          <p>{organisationName || "Your organisation"} is within our outreach region.</p>
        </section>
      ) : (
        <section aria-labelledby="eligibility-heading" className="warning">
          <h2 id="eligibility-heading">{organisationName ? `${organisationName} cannot book outreach` : "Your organisation cannot book outreach"}</h2>
          {eligibility.reasons.length > 0 ? (
            <ul>
              {eligibility.reasons.map((reason) => (
                <li key={reason.code}>{reason.message}</li>
              ))}
            </ul>
          ) : (
            <p>Outreach is only for schools and home-education groups within our outreach region.</p>
          )}
          <p>
            You can still bring your group to one of our museums: <Link to="/account/book/date">book a visit</Link>. If you
            think this is wrong, check your <Link to="/account/organisation/edit">organisation&apos;s details</Link> or email{" "}
            <a href="mailto:outreach@westridingmuseums.example.org">outreach@westridingmuseums.example.org</a>.
          </p>
        </section>
      )}

      {error ? (
        <div className="error-summary" role="alert">
          <p>{error}</p>
        </div>
      ) : null}

      {eligibility.eligible ? (
        outreach.basket && due ? (
          <div className="actions">
            <Link className="button" to={OUTREACH_PATHS[due]}>
              Continue your request<span className="visually-hidden">: {OUTREACH_LABELS[due].toLowerCase()}</span>
            </Link>
          </div>
        ) : (
          <Form method="post" className="actions">
            <input type="hidden" name="intent" value="start" />
            <button type="submit" disabled={submitting}>
              {submitting ? "Starting…" : "Start an outreach request"}
            </button>
          </Form>
        )
      ) : null}

      {activities.length > 0 ? (
        <section aria-labelledby="sessions-heading">
          <h2 id="sessions-heading">Sessions we offer</h2>
          <ul className="outreach-offer">
            {activities.map((a) => (
              <li key={a.id}>
                <strong>{a.name}</strong> ({a.kind}, {a.durationMinutes} minutes, up to {a.maxPupilsPerSession} pupils,{" "}
                {formatMoney(a.pricePerSession)} a session; {a.ageBands.map((b) => AGE_BAND_LABELS[b].toLowerCase()).join(", ")})
                {a.summary ? <span className="choice-hint">{a.summary}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </OutreachStepPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, OUTREACH_TITLES.eligibility);
