import { redirect, type RouterContextProvider } from "react-router";
import type { GatewayClient } from "../api/client.server";
import { listOutreachActivities } from "../api/outreach.server";
import { gatewayFailure, type ApiFailure } from "../api/result.server";
import { discardIfAny } from "../booking/gateway-basket.server";
import { readFlow } from "../session/flow-access";
import { outreachContext, type OutreachScope } from "./context";
import { dueStep, OUTREACH_PATHS } from "./steps";
import type { Basket, OutreachActivity } from "../../generated/schemas";

// The outreach request in progress is the gateway basket (kind "outreach"), saved at each
// step and found again by the guard with listBaskets: reload, back or another device
// resumes it.

/** For loaders and actions behind the outreach guard: the user, gateway and outreach scope. */
export function requireOutreach(context: Readonly<RouterContextProvider>) {
  return readFlow(context, outreachContext, "outreach");
}

/** The open outreach basket of an eligible organisation, or the eligibility page. */
export function requireOutreachBasket(scope: OutreachScope): Basket {
  if (!scope.eligibility.eligible || !scope.basket) throw redirect(OUTREACH_PATHS.eligibility);
  return scope.basket;
}

/** Where a saved step goes next: the page of the step the gateway says is due. */
export function redirectToDue(basket: Pick<Basket, "completedSteps" | "nextStep">): Response {
  return redirect(OUTREACH_PATHS[dueStep(basket)]);
}

/** "Start a new request": the draft goes; a basket already gone is fine. Null when done, else why not. */
export function discardOutreachBasket(gateway: GatewayClient, scope: OutreachScope): Promise<ApiFailure<"discardBasket"> | null> {
  return discardIfAny(gateway, scope.basket);
}

/** The outreach activities open to the organisation (names, durations, limits, prices). */
export async function outreachActivities(gateway: GatewayClient, organisationId: string): Promise<OutreachActivity[]> {
  const result = await listOutreachActivities(gateway, { organisationId });
  if (!result.ok) throw gatewayFailure(result);
  return result.data.items;
}


/** What every step page shows around its form: breadcrumb and the request so far. */
export interface OutreachView {
  basket: Basket | null;
  /** Names and details of the activities the basket mentions. */
  activities: Pick<OutreachActivity, "id" | "name" | "durationMinutes">[];
}

export function outreachView(scope: OutreachScope, activities: readonly OutreachActivity[]): OutreachView {
  const basket = scope.basket;
  const ids = new Set([
    ...(basket?.outreach?.activityIds ?? []),
    ...(basket?.outreach?.schedule?.sessions ?? []).map((s) => s.activityId),
  ]);
  return {
    basket,
    activities: activities.filter((a) => ids.has(a.id)).map((a) => ({ id: a.id, name: a.name, durationMinutes: a.durationMinutes })),
  };
}
