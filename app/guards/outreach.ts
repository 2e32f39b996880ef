import { createContext, redirect, type MiddlewareFunction } from "react-router";
import { listMyAssociations } from "../api/gateway.server";
import { getOutreachEligibility } from "../api/outreach.server";
import { succeeded } from "../api/result.server";
import { associationAccess, type AssociationRequired } from "../booking/access";
import { findOpenBasket } from "../booking/basket.server";
import { decideOutreachStep } from "../components/outreach/steps";
import { servicesContext, userContext } from "../context";
import { toLogin } from "./login-required";
import type { Basket, OutreachEligibility } from "../../generated/schemas";

/** Set by the outreach guard: the organisation, its eligibility and the outreach basket in progress. */
export interface OutreachScope {
  organisationId: string;
  organisationName: string;
  eligibility: OutreachEligibility;
  /** The newest open (or held) outreach basket, or null (always null when not eligible). */
  basket: Basket | null;
}

export const outreachContext = createContext<OutreachScope | null>(null);

/** Set instead of the scope when the user has no approved association (the layout explains, 403). */
export const outreachBlockedContext = createContext<AssociationRequired | null>(null);

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
  if (!user) throw toLogin(context, url);
  const { gateway } = context.get(servicesContext);

  const associations = succeeded(await listMyAssociations(gateway)).items;
  const access = associationAccess(user, associations);
  if (!access.ok) {
    context.set(outreachBlockedContext, access.problem);
    return;
  }

  const eligibility = succeeded(await getOutreachEligibility(gateway, access.organisationId));
  const basket = eligibility.eligible ? await findOpenBasket(gateway, "outreach") : null;
  const organisationName = associations.find((a) => a.organisation.id === access.organisationId)?.organisation.name ?? "";
  context.set(outreachContext, { organisationId: access.organisationId, organisationName, eligibility, basket });

  if (request.method !== "GET" && request.method !== "HEAD") return;
  const decision = decideOutreachStep(url, eligibility.eligible, basket);
  if (!decision.ok) throw redirect(decision.redirectTo);
};
