import { fail, invalid, isAbsoluteUrl, isRecord, iso, notFound, ok } from "../core";
import { awaitingCard, type Replayable } from "../orders";
import { PAYMENT_SESSION_MINUTES, canonicalJson } from "../rules";
import type { Outcome, Payment, PaymentResult, PaymentSession } from "../types";
import type { BookingParts } from "./parts";

// Hosted card payments: a payment's status, the provider's return settled once (a repeat
// gets the first result), and a new payment session for an order still waiting for its card.

export function createPaymentOperations({ ctx, core, orders }: BookingParts) {
  const { st, bs, newPaymentSession, ownOrder, sweep, toPayment } = core;
  const { idempotent, settlePayment: settle } = orders;

  return {
    getPayment(userId: string, paymentId: string): Outcome<Payment> {
      sweep();
      const p = bs().payments.get(paymentId);
      if (!p || !ownOrder(userId, p.orderId).ok) return notFound("payment");
      return ok(toPayment(p));
    },

    async completePaymentReturn(userId: string, paymentId: string, body: unknown): Promise<Outcome<PaymentResult>> {
      sweep();
      const p = bs().payments.get(paymentId);
      const found = p ? ownOrder(userId, p.orderId) : undefined;
      if (!p || !found?.ok) return notFound("payment");
      const params = isRecord(body) && isRecord(body.parameters) ? body.parameters : undefined;
      const result = params?.result;
      // The stand-in provider adds only `result`; the app names the payment in the path.
      if (!params || !["success", "declined", "cancelled"].includes(result as string)) {
        return fail(422, "invalid_payment_return", "The payment provider's answer could not be verified: check the payment's status before trying again.");
      }
      if (p.result) return ok(structuredClone(p.result));
      if (ctx.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, ctx.latencyMs));
      return ok(settle(p, result as "success" | "declined" | "cancelled"));
    },

    settlePayment(paymentId: string, result: "success" | "declined" | "cancelled"): PaymentResult {
      const p = bs().payments.get(paymentId);
      if (!p) throw new Error(`No payment ${paymentId}`);
      return settle(p, result);
    },

    async startOrderPayment(userId: string, orderId: string, key: string | null, body: unknown): Promise<Replayable<PaymentSession>> {
      const found = ownOrder(userId, orderId);
      if (!found.ok) return found;
      return idempotent(userId, key, `POST /orders/${orderId}/payments ${canonicalJson(body)}`, () => {
        const o = st().orders.get(orderId);
        if (!o) return notFound("order");
        if (!awaitingCard(o)) {
          return fail(409, "payment_not_due", "This booking is not waiting for a card payment.");
        }
        const returnUrl = isRecord(body) ? body.returnUrl : undefined;
        if (!isAbsoluteUrl(returnUrl)) return invalid([{ field: "returnUrl", message: "Give an absolute http(s) URL to return to after paying" }]);
        const now = ctx.now();
        const minimum = now + PAYMENT_SESSION_MINUTES * 60_000;
        if (o.heldUntil && Date.parse(o.heldUntil) < minimum) o.heldUntil = iso(minimum);
        for (const p of bs().payments.values()) if (p.orderId === o.id && p.status === "pending") p.status = "cancelled";
        return ok(newPaymentSession(o, o.total.amount, userId, returnUrl));
      });
    },
  };
}
