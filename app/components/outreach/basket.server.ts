import { data, redirect, type RouterContextProvider } from "react-router";
import { discardBasket, getBasketQuote, type Basket, type Quote } from "../../api/booking.server";
import type { GatewayClient } from "../../api/client.server";
import { listOutreachActivities, type OutreachActivity } from "../../api/outreach.server";
import type { Problem } from "../../api/result.server";
import { requireUser } from "../../current-user.server";
import { outreachBlockedContext, outreachContext, type OutreachScope } from "../../guards/outreach";
import { dueStep, OUTREACH_PATHS } from "./steps";

// The outreach request in progress is the gateway basket (kind "outreach"), saved at each
// step and found again by the guard with listBaskets: reload, back or another device
// resumes it.

/** For loaders and actions behind the outreach guard: the user, gateway and outreach scope. */
export function requireOutreach(context: Readonly<RouterContextProvider>, url: URL) {
  const { user, gateway } = requireUser(context, url);
  const blocked = context.get(outreachBlockedContext);
  if (blocked) throw data(blocked, { status: 403 });
  const scope: OutreachScope | null = context.get(outreachContext);
  if (!scope) throw new Error("requireOutreach needs the outreach guard on the route");
  return { user, gateway, scope };
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

/** "Start a new request": the draft goes; a basket already gone is fine. */
export async function discardOutreachBasket(gateway: GatewayClient, scope: OutreachScope): Promise<void> {
  if (!scope.basket) return;
  const result = await discardBasket(gateway, scope.basket.id);
  if (!result.ok && result.status !== 404 && result.status !== 409) {
    throw data(result.problem.detail ?? result.problem.title, { status: result.status });
  }
}

/** The outreach activities open to the organisation (names, durations, limits, prices). */
export async function outreachActivities(gateway: GatewayClient, organisationId: string): Promise<OutreachActivity[]> {
  const result = await listOutreachActivities(gateway, { organisationId });
  if (!result.ok) throw data(result.problem.detail ?? result.problem.title, { status: result.status });
  return result.data.items;
}

/** The quote, or null while the basket cannot be priced yet (409). */
export async function outreachQuote(gateway: GatewayClient, basket: Basket): Promise<Quote | null> {
  if (!basket.outreach?.schedule) return null;
  const result = await getBasketQuote(gateway, basket.id);
  if (result.ok) return result.data;
  if (result.status === 409 || result.status === 404) return null;
  throw data(result.problem.detail ?? result.problem.title, { status: result.status });
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

/** A gateway refusal as a message for the top of the form. */
export function problemText(problem: Pick<Problem, "detail" | "title">): string {
  return problem.detail ?? problem.title;
}
