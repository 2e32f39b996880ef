import type { operations } from "../../generated/gateway";
import type { GatewayClient } from "./client.server";
import { call } from "./result.server";
import type { BasketCreate, BasketDateStep, VisitInformation, ScheduleStep, GroupActivitiesStep, GroupCapacitiesStep, GroupDetails, PaymentChoice, CheckoutRequest, PaymentReturn, PaymentStart, CancellationRequest, AmendmentRequest } from "../../generated/schemas";

// The gateway's booking operations (availability, activities, baskets, quotes, checkout,
// payments, order changes): one function per operation, named as its operationId. Pact
// consumer tests (tests/contract/support/booking-cases.ts) call these same functions.
// Operations that create an order or take money take the caller's Idempotency-Key: one
// per intended operation (e.g. kept in the review form), reused unchanged for retries.

type Query<K extends keyof operations> = operations[K]["parameters"] extends { query?: infer Q } ? NonNullable<Q> : never;
export type VenueAvailabilityQuery = Query<"getVenueAvailability">;
export type ActivitiesQuery = Query<"listActivities">;
export type BasketsQuery = Query<"listBaskets">;

const basketPath = (basketId: string) => ({ params: { path: { basketId } } });
const orderPath = (orderId: string) => ({ path: { orderId } });

// Availability and activities

export function getVenueAvailability(client: GatewayClient, venueId: string, query: VenueAvailabilityQuery) {
  return call("gateway", "getVenueAvailability", () =>
    client.GET("/venues/{venueId}/availability", { params: { path: { venueId }, query } }),
  );
}

export function listActivities(client: GatewayClient, venueId: string, query: ActivitiesQuery) {
  return call("gateway", "listActivities", () =>
    client.GET("/venues/{venueId}/activities", { params: { path: { venueId }, query } }),
  );
}

// Baskets (booking drafts)

/** The user's drafts, newest first; the booking in progress is the first with status "open". */
export function listBaskets(client: GatewayClient, query: BasketsQuery = {}) {
  return call("gateway", "listBaskets", () => client.GET("/baskets", { params: { query } }));
}

export function createBasket(client: GatewayClient, body: BasketCreate) {
  return call("gateway", "createBasket", () => client.POST("/baskets", { body }));
}

export function getBasket(client: GatewayClient, basketId: string) {
  return call("gateway", "getBasket", () => client.GET("/baskets/{basketId}", basketPath(basketId)));
}

export function discardBasket(client: GatewayClient, basketId: string) {
  return call("gateway", "discardBasket", () => client.DELETE("/baskets/{basketId}", basketPath(basketId)));
}

export function updateBasketDate(client: GatewayClient, basketId: string, body: BasketDateStep) {
  return call("gateway", "updateBasketDate", () => client.PUT("/baskets/{basketId}/date", { ...basketPath(basketId), body }));
}

export function updateBasketInformation(client: GatewayClient, basketId: string, body: VisitInformation) {
  return call("gateway", "updateBasketInformation", () => client.PUT("/baskets/{basketId}/information", { ...basketPath(basketId), body }));
}

export function updateBasketSchedule(client: GatewayClient, basketId: string, body: ScheduleStep) {
  return call("gateway", "updateBasketSchedule", () => client.PUT("/baskets/{basketId}/schedule", { ...basketPath(basketId), body }));
}

export function updateBasketGroupActivities(client: GatewayClient, basketId: string, body: GroupActivitiesStep) {
  return call("gateway", "updateBasketGroupActivities", () => client.PUT("/baskets/{basketId}/group-activities", { ...basketPath(basketId), body }));
}

export function updateBasketGroupCapacities(client: GatewayClient, basketId: string, body: GroupCapacitiesStep) {
  return call("gateway", "updateBasketGroupCapacities", () => client.PUT("/baskets/{basketId}/group-capacities", { ...basketPath(basketId), body }));
}

export function updateBasketGroupDetails(client: GatewayClient, basketId: string, body: GroupDetails) {
  return call("gateway", "updateBasketGroupDetails", () => client.PUT("/baskets/{basketId}/group-details", { ...basketPath(basketId), body }));
}

export function updateBasketPayment(client: GatewayClient, basketId: string, body: PaymentChoice) {
  return call("gateway", "updateBasketPayment", () => client.PUT("/baskets/{basketId}/payment", { ...basketPath(basketId), body }));
}

// Holds (from review)

export function placeBasketHold(client: GatewayClient, basketId: string) {
  return call("gateway", "placeBasketHold", () => client.PUT("/baskets/{basketId}/hold", basketPath(basketId)));
}

export function extendBasketHold(client: GatewayClient, basketId: string) {
  return call("gateway", "extendBasketHold", () => client.POST("/baskets/{basketId}/hold/extensions", basketPath(basketId)));
}

// Quote and checkout

export function getBasketQuote(client: GatewayClient, basketId: string) {
  return call("gateway", "getBasketQuote", () => client.GET("/baskets/{basketId}/quote", basketPath(basketId)));
}

export function checkoutBasket(client: GatewayClient, basketId: string, idempotencyKey: string, body: CheckoutRequest) {
  return call("gateway", "checkoutBasket", () =>
    client.POST("/baskets/{basketId}/checkout", {
      params: { path: { basketId }, header: { "Idempotency-Key": idempotencyKey } },
      body,
    }),
  );
}

// Payments (hosted payment page)

export function getPayment(client: GatewayClient, paymentId: string) {
  return call("gateway", "getPayment", () => client.GET("/payments/{paymentId}", { params: { path: { paymentId } } }));
}

export function completePaymentReturn(client: GatewayClient, paymentId: string, body: PaymentReturn) {
  return call("gateway", "completePaymentReturn", () =>
    client.POST("/payments/{paymentId}/return", { params: { path: { paymentId } }, body }),
  );
}

// Orders: cancellation, amendments, paying a held order

export function requestOrderCancellation(client: GatewayClient, orderId: string, body: CancellationRequest) {
  return call("gateway", "requestOrderCancellation", () =>
    client.POST("/orders/{orderId}/cancellation-requests", { params: orderPath(orderId), body }),
  );
}

export function quoteOrderAmendment(client: GatewayClient, orderId: string, body: AmendmentRequest) {
  return call("gateway", "quoteOrderAmendment", () => client.POST("/orders/{orderId}/amendment-quotes", { params: orderPath(orderId), body }));
}

export function createOrderAmendment(client: GatewayClient, orderId: string, idempotencyKey: string, body: AmendmentRequest) {
  return call("gateway", "createOrderAmendment", () =>
    client.POST("/orders/{orderId}/amendments", {
      params: { ...orderPath(orderId), header: { "Idempotency-Key": idempotencyKey } },
      body,
    }),
  );
}

export function startOrderPayment(client: GatewayClient, orderId: string, idempotencyKey: string, body: PaymentStart) {
  return call("gateway", "startOrderPayment", () =>
    client.POST("/orders/{orderId}/payments", {
      params: { ...orderPath(orderId), header: { "Idempotency-Key": idempotencyKey } },
      body,
    }),
  );
}
