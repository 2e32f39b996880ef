import { redirect, type MiddlewareFunction } from "react-router";
import { listMyAssociations } from "../api/account.server";
import { getOutreachEligibility } from "../api/outreach.server";
import { succeeded } from "../api/result.server";
import { associationAccess } from "../booking/access";
import { findOpenBasket } from "../booking/basket.server";
import { outreachContext } from "../outreach/context";
import { decideOutreachStep } from "../outreach/steps";
import { servicesContext, userContext } from "../session/context";
import { toLogin } from "../session/login-redirect";

/**
 * The outreach routes need: a logged-in user with an approved association with their
 * organisation (otherwise a page that explains how, 403 from the layout); the
 * organisation's eligibility, from the gateway (education or home-education, in the
 * outreach region) — a step is shown only to an eligible organisation, the eligibility
 * page says why not; and, for a page view, every earlier step done, otherwise the first
 * missing one. Actions are not redirected: the gateway checks step order when they save.
 */
export const outreach: MiddlewareFunction<Response> = async ({ request, url, context }) => {
  const user = context.get(userContext);
  if (!user) throw await toLogin({ request, url, context });
  const { gateway } = context.get(servicesContext);

  const associations = succeeded(await listMyAssociations(gateway)).items;
  const access = associationAccess(user, associations);
  if (!access.ok) {
    context.set(outreachContext, { ok: false, problem: access.problem });
    return;
  }

  const eligibility = succeeded(await getOutreachEligibility(gateway, access.organisationId));
  const basket = eligibility.eligible ? await findOpenBasket(gateway, "outreach") : null;
  const organisationName = associations.find((a) => a.organisation.id === access.organisationId)?.organisation.name ?? "";
  context.set(outreachContext, { ok: true, user, gateway, scope: { organisationId: access.organisationId, organisationName, eligibility, basket } });

  if (request.method !== "GET" && request.method !== "HEAD") return;
  const decision = decideOutreachStep(url, eligibility.eligible, basket);
  if (!decision.ok) throw redirect(decision.redirectTo);
};
