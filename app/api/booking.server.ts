import type { operations } from "../../generated/gateway";
import type { GatewayClient } from "./client.server";
import { gatewayCall } from "./operation.server";
import type { BasketCreate, BasketDateStep, VisitInformation, ScheduleStep, GroupActivitiesStep, GroupCapacitiesStep, GroupDetails, PaymentChoice, CheckoutRequest, PaymentReturn } from "../../generated/schemas";

// The gateway's booking operations (availability, activities, baskets, quotes, checkout,
// payments; order changes are in orders.server.ts): one function per operation, named as its operationId. Pact
// consumer tests (tests/contract/support/booking-cases.ts) call these same functions.
// Operations that create an order or take money take the caller's Idempotency-Key: one
// per intended operation (e.g. kept in the review form), reused unchanged for retries.

type Query<K extends keyof operations> = operations[K]["parameters"] extends { query?: infer Q } ? NonNullable<Q> : never;
export type VenueAvailabilityQuery = Query<"getVenueAvailability">;
export type ActivitiesQuery = Query<"listActivities">;
export type BasketsQuery = Query<"listBaskets">;

const basketPath = (basketId: string) => ({ params: { path: { basketId } } });

// Availability and activities

export function getVenueAvailability(client: GatewayClient, venueId: string, query: VenueAvailabilityQuery) {
  return gatewayCall(client, "get", "/venues/{venueId}/availability", { params: { path: { venueId }, query } });
}

export function listActivities(client: GatewayClient, venueId: string, query: ActivitiesQuery) {
  return gatewayCall(client, "get", "/venues/{venueId}/activities", { params: { path: { venueId }, query } });
}

// Baskets (booking drafts)

/** The user's drafts, newest first; the booking in progress is the first with status "open". */
export function listBaskets(client: GatewayClient, query: BasketsQuery = {}) {
  return gatewayCall(client, "get", "/baskets", { params: { query } });
}

export function createBasket(client: GatewayClient, body: BasketCreate) {
  return gatewayCall(client, "post", "/baskets", { body });
}

export function getBasket(client: GatewayClient, basketId: string) {
  return gatewayCall(client, "get", "/baskets/{basketId}", basketPath(basketId));
}

export function discardBasket(client: GatewayClient, basketId: string) {
  return gatewayCall(client, "delete", "/baskets/{basketId}", basketPath(basketId));
}

export function updateBasketDate(client: GatewayClient, basketId: string, body: BasketDateStep) {
  return gatewayCall(client, "put", "/baskets/{basketId}/date", { ...basketPath(basketId), body });
}

export function updateBasketInformation(client: GatewayClient, basketId: string, body: VisitInformation) {
  return gatewayCall(client, "put", "/baskets/{basketId}/information", { ...basketPath(basketId), body });
}

export function updateBasketSchedule(client: GatewayClient, basketId: string, body: ScheduleStep) {
  return gatewayCall(client, "put", "/baskets/{basketId}/schedule", { ...basketPath(basketId), body });
}

export function updateBasketGroupActivities(client: GatewayClient, basketId: string, body: GroupActivitiesStep) {
  return gatewayCall(client, "put", "/baskets/{basketId}/group-activities", { ...basketPath(basketId), body });
}

export function updateBasketGroupCapacities(client: GatewayClient, basketId: string, body: GroupCapacitiesStep) {
  return gatewayCall(client, "put", "/baskets/{basketId}/group-capacities", { ...basketPath(basketId), body });
}

export function updateBasketGroupDetails(client: GatewayClient, basketId: string, body: GroupDetails) {
  return gatewayCall(client, "put", "/baskets/{basketId}/group-details", { ...basketPath(basketId), body });
}

export function updateBasketPayment(client: GatewayClient, basketId: string, body: PaymentChoice) {
  return gatewayCall(client, "put", "/baskets/{basketId}/payment", { ...basketPath(basketId), body });
}

// Holds (from review)

export function placeBasketHold(client: GatewayClient, basketId: string) {
  return gatewayCall(client, "put", "/baskets/{basketId}/hold", basketPath(basketId));
}

export function extendBasketHold(client: GatewayClient, basketId: string) {
  return gatewayCall(client, "post", "/baskets/{basketId}/hold/extensions", basketPath(basketId));
}

// Quote and checkout

export function getBasketQuote(client: GatewayClient, basketId: string) {
  return gatewayCall(client, "get", "/baskets/{basketId}/quote", basketPath(basketId));
}

export function checkoutBasket(client: GatewayClient, basketId: string, idempotencyKey: string, body: CheckoutRequest) {
  return gatewayCall(client, "post", "/baskets/{basketId}/checkout", {
      params: { path: { basketId }, header: { "Idempotency-Key": idempotencyKey } },
      body,
    });
}

// Payments (hosted payment page)

export function getPayment(client: GatewayClient, paymentId: string) {
  return gatewayCall(client, "get", "/payments/{paymentId}", { params: { path: { paymentId } } });
}

export function completePaymentReturn(client: GatewayClient, paymentId: string, body: PaymentReturn) {
  return gatewayCall(client, "post", "/payments/{paymentId}/return", { params: { path: { paymentId } }, body });
}
