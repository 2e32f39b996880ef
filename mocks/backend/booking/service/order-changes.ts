import { daysBetween } from "../calendar";
import { fail, invalid, isAbsoluteUrl, isRecord, iso, ok } from "../core";
import { cancellationPolicy, type Replayable } from "../orders";
import { canonicalJson } from "../rules";
import type { AmendmentQuote, AmendmentResult, Order, Outcome } from "../types";
import type { BookingParts } from "./parts";

// Changes to a placed order: a cancellation asked for (the policy's terms written into the
// timeline) and an increase in numbers, quoted first and then made, paid by card when it
// costs more.

export function createOrderChangeOperations({ ctx, core, amendments, orders }: BookingParts) {
  const { newPaymentSession, ownOrder, userName, withActions } = core;
  const { applyAmendment, planAmendment } = amendments;
  const { idempotent } = orders;

  return {
    requestOrderCancellation(userId: string, orderId: string, body: unknown): Outcome<Order> {
      const found = ownOrder(userId, orderId);
      if (!found.ok) return found;
      const o = found.value;
      const reason = isRecord(body) && typeof body.reason === "string" ? body.reason.trim() : "";
      if (reason === "") return invalid([{ field: "reason", message: "Tell us why you want to cancel" }]);
      if (reason.length > 2000) return invalid([{ field: "reason", message: "Use 2000 characters or fewer" }]);
      const today = ctx.today();
      const notAllowed = (detail: string) => fail(409, "cancellation_not_allowed", detail);
      if (o.status === "cancelled") return notAllowed("This booking is already cancelled.");
      if (o.status === "cancellation-requested") return notAllowed("You have already asked to cancel this booking.");
      if (o.visitDate < today) return notAllowed("This visit has already happened.");
      if (o.kind === "outreach" && daysBetween(today, o.visitDate) < 28) {
        return notAllowed("Outreach bookings need 28 days' notice to cancel: contact the outreach team.");
      }
      o.status = "cancellation-requested";
      o.timeline.push({
        at: iso(ctx.now()), event: "cancellation-requested",
        description: `Cancellation requested by ${userName(userId)}: "${reason}". ${cancellationPolicy(o, today)}`,
      });
      return ok(withActions(o));
    },

    quoteOrderAmendment(userId: string, orderId: string, body: unknown): Outcome<AmendmentQuote> {
      const plan = planAmendment(userId, orderId, body);
      return plan.ok ? ok(plan.value.quote) : plan;
    },

    async createOrderAmendment(userId: string, orderId: string, key: string | null, body: unknown): Promise<Replayable<AmendmentResult>> {
      const found = ownOrder(userId, orderId);
      if (!found.ok) return found;
      return idempotent(userId, key, `POST /orders/${orderId}/amendments ${canonicalJson(body)}`, () => {
        const plan = planAmendment(userId, orderId, body);
        if (!plan.ok) return plan;
        const { order, quote, pending } = plan.value;
        if (quote.paymentRequired) {
          const returnUrl = isRecord(body) ? body.returnUrl : undefined;
          if (!isAbsoluteUrl(returnUrl)) return invalid([{ field: "returnUrl", message: "Give an absolute http(s) URL to return to after paying" }]);
          const payment = newPaymentSession(order, quote.additionalTotal.amount, userId, returnUrl, { amendment: pending });
          return ok({ order: withActions(order), payment });
        }
        applyAmendment(order, pending, false);
        return ok({ order: withActions(order) });
      });
    },
  };
}
