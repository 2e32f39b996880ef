import type { GatewayClient } from "./client.server";
import { gatewayCall } from "./operation.server";
import type { AmendmentRequest, CancellationRequest, PaymentStart } from "../../generated/schemas";

// The gateway's order operations: the user's orders, and changing one (cancellation,
// amendments, paying a held order). One function per operation, named as its operationId;
// Pact consumer tests call these same functions. Changes that take money or make an
// amendment take the caller's Idempotency-Key, reused unchanged for retries.

const orderPath = (orderId: string) => ({ path: { orderId } });

export function listOrders(
  client: GatewayClient,
  query: { when: "upcoming" | "past"; page?: number; pageSize?: number },
) {
  return gatewayCall(client, "get", "/orders", { params: { query } });
}

export function getOrder(client: GatewayClient, orderId: string) {
  return gatewayCall(client, "get", "/orders/{orderId}", { params: { path: { orderId } } });
}

export function requestOrderCancellation(client: GatewayClient, orderId: string, body: CancellationRequest) {
  return gatewayCall(client, "post", "/orders/{orderId}/cancellation-requests", { params: orderPath(orderId), body });
}

export function quoteOrderAmendment(client: GatewayClient, orderId: string, body: AmendmentRequest) {
  return gatewayCall(client, "post", "/orders/{orderId}/amendment-quotes", { params: orderPath(orderId), body });
}

export function createOrderAmendment(client: GatewayClient, orderId: string, idempotencyKey: string, body: AmendmentRequest) {
  return gatewayCall(client, "post", "/orders/{orderId}/amendments", {
      params: { ...orderPath(orderId), header: { "Idempotency-Key": idempotencyKey } },
      body,
    });
}

export function startOrderPayment(client: GatewayClient, orderId: string, idempotencyKey: string, body: PaymentStart) {
  return gatewayCall(client, "post", "/orders/{orderId}/payments", {
      params: { ...orderPath(orderId), header: { "Idempotency-Key": idempotencyKey } },
      body,
    });
}
