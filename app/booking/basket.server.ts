import { redirect, type RouterContextProvider } from "react-router";
import { createBasket, listBaskets } from "../api/booking.server";
import type { GatewayClient } from "../api/client.server";
import { gatewayFailure, type ApiFailure, type ApiResult } from "../api/result.server";
import { readFlow } from "../session/flow-access";
import { describeBasket } from "./booking-view";
import { bookingContext, type BookingScope } from "./context";
import { discardIfAny } from "./gateway-basket.server";
import { paymentSkipped, stepPath } from "./steps";
import type { Basket, Quote } from "../../generated/schemas";

// The draft is the gateway basket: found again with listBaskets (newest first), so no
// basket id lives in cookies and a booking resumes on any device.

const IN_PROGRESS = new Set<Basket["status"]>(["open", "held"]);

/**
 * The booking (or outreach request) in progress of this kind: the newest open, or held from
 * review, basket. `listBaskets` is asked for the kind only: a basket held at review is not
 * "open", so the status is chosen here (the Pact case runs this very function).
 */
export async function findOpenBasket(gateway: GatewayClient, kind: Basket["kind"]): Promise<Basket | null> {
  const result = await listBaskets(gateway, { kind });
  if (!result.ok) throw gatewayFailure(result);
  return result.data.items.find((b) => b.kind === kind && IN_PROGRESS.has(b.status)) ?? null;
}

/** For loaders and actions behind the booking guard: the user, gateway and booking scope it decided. */
export function requireBooking(context: Readonly<RouterContextProvider>) {
  return readFlow(context, bookingContext, "booking");
}

/** The open basket, or a redirect to the date step (a step cannot be saved without one). */
export function requireBasket(scope: BookingScope): Basket {
  if (!scope.basket) throw redirect(stepPath("date"));
  return scope.basket;
}

/** The open basket, made when there is none (the date step starts a booking). */
export async function openOrCreateBasket(gateway: GatewayClient, scope: BookingScope): Promise<ApiResult<Basket>> {
  if (scope.basket) return { ok: true, data: scope.basket };
  return createBasket(gateway, { kind: scope.kind, organisationId: scope.organisationId });
}

/** "Start a new booking": the draft (and any hold) goes; a basket already gone is fine. Null when done, else why not. */
export function discardOpenBasket(gateway: GatewayClient, scope: BookingScope): Promise<ApiFailure<"discardBasket"> | null> {
  return discardIfAny(gateway, scope.basket);
}

/**
 * What every step page shows around its form: the breadcrumb, and the booking card from the
 * one view of the basket (app/booking/booking-view.ts), priced when the page has the quote.
 */
export function bookingView(scope: BookingScope, quote?: Quote | null) {
  const basket = scope.basket;
  return {
    flow: scope.flow,
    basket,
    paymentSkipped: paymentSkipped(basket),
    view: basket ? describeBasket(basket, quote) : null,
  };
}
