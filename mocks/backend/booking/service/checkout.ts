import { iso, notFound, ok } from "../core";
import type { Replayable } from "../orders";
import { HOLD_MINUTES, canonicalJson, gbp, sumLines } from "../rules";
import type { CheckoutResult, Outcome, Quote } from "../types";
import type { BookingParts } from "./parts";

// The quote and checkout of a complete basket. Checkout runs once per Idempotency-Key
// (orders.ts); the recorded variants let provider states and tests set up a checkout, or
// one still in flight, without sending it over HTTP.

export function createCheckoutOperations({ ctx, core, baskets, orders }: BookingParts) {
  const { bs, ownBasket, priceLines } = core;
  const { incomplete, messagesFor, optionsFor } = baskets;
  const { checkoutNow, idempotent } = orders;

  return {
    getBasketQuote(userId: string, basketId: string): Outcome<Quote> {
      const found = ownBasket(userId, basketId);
      if (!found.ok) return found;
      const b = found.value;
      const missing = incomplete(b, "payment");
      if (missing) return missing;
      const lines = priceLines(b);
      return ok({
        basketId: b.id, lines, total: gbp(sumLines(lines)), paymentOptions: optionsFor(b), messages: messagesFor(b),
        validUntil: iso(b.hold?.expiresAt ?? ctx.now() + HOLD_MINUTES * 60_000),
      });
    },

    async checkoutBasket(userId: string, basketId: string, key: string | null, body: unknown): Promise<Replayable<CheckoutResult>> {
      const found = ownBasket(userId, basketId);
      if (!found.ok) return found;
      return idempotent(userId, key, `POST /baskets/${basketId}/checkout ${canonicalJson(body)}`, () => {
        const b = bs().baskets.get(basketId);
        return b ? checkoutNow(userId, b, body) : notFound("basket");
      });
    },

    /** Checkout without HTTP (provider states, tests): recorded under the key as if it had been sent. */
    checkoutRecorded(userId: string, basketId: string, key: string, body: unknown): Outcome<CheckoutResult> {
      const b = bs().baskets.get(basketId);
      if (!b || b.userId !== userId) return notFound("basket");
      const outcome = checkoutNow(userId, b, body);
      if (outcome.ok) {
        bs().idempotency.set(`${userId} ${key}`, {
          fingerprint: `POST /baskets/${basketId}/checkout ${canonicalJson(body)}`, inFlight: false,
          response: { status: 201, body: structuredClone(outcome.value) },
        });
      }
      return outcome;
    },

    /** Marks a request under the key as still processing (provider states, tests). */
    markInFlight(userId: string, key: string, request: string): void {
      bs().idempotency.set(`${userId} ${key}`, { fingerprint: request, inFlight: true });
    },
  };
}
