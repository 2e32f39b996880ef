import { data, type RouterContext, type RouterContextProvider } from "react-router";
import { discardBasket } from "../api/booking.server";
import type { GatewayClient } from "../api/client.server";
import { gatewayFailure } from "../api/result.server";
import { requireUser } from "../session/current-user.server";
import type { AssociationRequired } from "./access";
import type { Basket } from "../../generated/schemas";

// What the visit booking (app/booking/basket.server.ts) and the outreach request
// (app/outreach/basket.server.ts) do alike with their gateway basket.

/** The two contexts a flow's guard sets: why the user may not go on, or the flow's scope. */
export interface FlowGuard<Scope> {
  blocked: RouterContext<AssociationRequired | null>;
  scope: RouterContext<Scope | null>;
  /** For the error when a route forgot the guard, e.g. "requireBooking needs the booking guard". */
  missing: string;
}

/** A user the flow's guard found cannot book yet: a 403 that the flow layout's boundary explains. */
export function rejectBlocked(context: Readonly<RouterContextProvider>, blocked: FlowGuard<unknown>["blocked"]): void {
  const problem = context.get(blocked);
  if (problem) throw data(problem, { status: 403 });
}

/** For loaders and actions behind a flow's guard: the user, gateway and the flow's scope. */
export function requireFlow<Scope>(context: Readonly<RouterContextProvider>, url: URL, guard: FlowGuard<Scope>) {
  const { user, gateway } = requireUser(context, url);
  rejectBlocked(context, guard.blocked);
  const scope = context.get(guard.scope);
  if (!scope) throw new Error(guard.missing);
  return { user, gateway, scope };
}

/** "Start a new …": the draft (and any hold) goes; a basket already gone is fine. */
export async function discardIfAny(gateway: GatewayClient, basket: Basket | null): Promise<void> {
  if (!basket) return;
  const result = await discardBasket(gateway, basket.id);
  if (!result.ok && result.status !== 404 && result.status !== 409) throw gatewayFailure(result);
}
