import { redirect, type MiddlewareFunction } from "react-router";
import { listMyAssociations } from "../api/account.server";
import { succeeded } from "../api/result.server";
import { associationAccess, decideStep } from "../booking/access";
import { findOpenBasket } from "../booking/basket.server";
import { bookingContext } from "../booking/context";
import { FLOW_KINDS, flowFor } from "../booking/steps";
import { servicesContext, userContext } from "../session/context";
import { toLogin } from "../session/login-redirect";

/**
 * The booking routes need: a logged-in user (loginRequired runs first, on the account
 * layout) with an approved association with their organisation, otherwise a page that
 * explains how to get approved (403, shown by the booking layout's error boundary); the
 * flow of their group type (the other flow's steps go to this flow's due step); and, for
 * a page view, every earlier step saved (otherwise the basket's next step). Actions are
 * not redirected: the gateway checks step order when they save.
 */
export const booking: MiddlewareFunction<Response> = async ({ request, url, context }) => {
  const user = context.get(userContext);
  if (!user) throw await toLogin({ request, url, context });
  const { gateway } = context.get(servicesContext);

  const access = associationAccess(user, succeeded(await listMyAssociations(gateway)).items);
  if (!access.ok) {
    context.set(bookingContext, { ok: false, problem: access.problem });
    return;
  }

  const flow = flowFor(user.groupType);
  const kind = FLOW_KINDS[flow];
  const basket = await findOpenBasket(gateway, kind);
  context.set(bookingContext, { ok: true, user, gateway, scope: { flow, kind, organisationId: access.organisationId, basket } });

  if (request.method !== "GET" && request.method !== "HEAD") return;
  const decision = decideStep(user.groupType, url, basket);
  if (!decision.ok) throw redirect(decision.redirectTo);
};
