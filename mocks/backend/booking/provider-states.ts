// Provider states of the booking interactions (named in tests/contract/support/booking-cases.ts;
// specified for provider teams in pacts/provider-states.json). Each builds its situation
// through the booking service itself, so what a pact verifies is reachable by real use.
// Every parameter has a default (mocks/backend/provider-states.test.ts applies each state
// without any). Basket, order and payment ids are the service's own, returned to the
// verifier; a `basketId`/`orderId`/`paymentId` param (this repository's own tests only)
// renames them. What they fill baskets with is in provider-state-fixtures.ts, the building
// blocks in provider-state-baskets.ts.
import { randomUUID } from "node:crypto";
import type { Backend } from "../index";
import { DEMO_USER } from "../seed";
import { DAY_CAPACITY, seededDayTaken } from "./calendar";
import { basketAtStep, expectOk, quietDate, renameOrder } from "./provider-state-baskets";
import { PACT_DEFAULTS, VISIT_FIXTURE } from "./provider-state-fixtures";
import { canonicalJson } from "./rules";
import { STEPS } from "./steps";
import type { BasketStep } from "./types";

export const BOOKING_PROVIDER_STATES = [
  "venue {venueId} has places on a bookable date",
  "the demo user has an open visit basket at step {step}",
  "the group organiser is logged in",
  "the group organiser has an open group-visit basket at step {step}",
  "the demo user's visit basket is held",
  "the demo user's visit basket has been quoted",
  "the price of the demo user's visit basket has gone up",
  "the day of the demo user's visit basket has fewer places left than its group",
  "the hold on the demo user's visit basket has lapsed",
  "a slot in the demo user's visit basket has sold out",
  "the demo user's visit basket was checked out by card and its payment is pending",
  "the demo user's visit basket was checked out with idempotency key {key}",
  "a checkout of the demo user's visit basket with idempotency key {key} is in flight",
  "the demo user has an upcoming visit order with payment {payment}",
  "the CMS has published venues",
] as const;

export type BookingProviderStateName = (typeof BOOKING_PROVIDER_STATES)[number];


type Params = Record<string, unknown>;

/** Places left on the day by "…has fewer places left than its group": fewer than the visit basket's 35. */
const PLACES_LEFT = 20;

function stepIn(kind: "visit" | "group-visit", value: string | undefined): BasketStep {
  const step = (value ?? "review") as BasketStep;
  if (!STEPS[kind].includes(step)) throw new Error(`Provider state: step must be one of ${STEPS[kind].join(", ")}`);
  return step;
}

function ensureSession(backend: Backend, userId: string, token: string) {
  backend.createSession(userId, token);
}

export function applyBookingProviderState(backend: Backend, state: BookingProviderStateName, params: Params): Record<string, unknown> {
  const text = (key: string): string | undefined => {
    const value = params[key];
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  const s = backend.state.booking;
  const service = backend.booking;
  const basketOwner = (basketId: string) => {
    const b = s.baskets.get(basketId);
    if (!b) throw new Error(`Provider state: no basket ${basketId}`);
    return b;
  };
  /**
   * "The demo user's visit basket": the one named by a basketId param, else the demo user's
   * latest visit basket not yet checked out (the one an earlier state of the interaction
   * made), else a new one at review.
   */
  const demoVisitBasket = (payment = text("payment")) => {
    const named = text("basketId");
    if (named && s.baskets.has(named)) return basketOwner(named);
    const latest = [...s.baskets.values()]
      .filter((b) => b.userId === DEMO_USER.id && b.kind === "visit" && b.status !== "checked-out")
      .at(-1);
    if (!named && latest) return latest;
    const made = basketAtStep(backend, { userId: DEMO_USER.id, basketId: named, kind: "visit", step: "review", payment });
    return basketOwner(made.basketId);
  };

  /** The quote's total of the demo user's basket, in pence: what the review page shows and sends back. */
  const quotedTotal = (basketId: string): number =>
    expectOk(service.getBasketQuote(DEMO_USER.id, basketId), "getBasketQuote").total.amount;
  /** What the review page sends (app/booking/checkout.server.ts checkoutRequest), with the quote's total. */
  const checkoutBody = (basketId: string) => ({
    acceptedTermsVersion: text("acceptedTermsVersion") ?? PACT_DEFAULTS.termsVersion,
    returnUrl: text("returnUrl") ?? PACT_DEFAULTS.returnUrl,
    expectedTotal: { amount: quotedTotal(basketId), currency: "GBP" },
  });

  switch (state) {
    case "venue {venueId} has places on a bookable date": {
      const venueId = text("venueId") ?? PACT_DEFAULTS.venueId;
      const visitDate = quietDate(backend, venueId);
      return { venueId, visitDate, month: visitDate.slice(0, 7) };
    }

    case "the demo user has an open visit basket at step {step}":
      return basketAtStep(backend, {
        userId: DEMO_USER.id, basketId: text("basketId"), kind: "visit",
        step: stepIn("visit", text("step")), payment: text("payment"),
      });

    case "the group organiser is logged in": {
      // The provider's own session, as the pacts expect (they inject the token returned); a
      // `token` param is a convenience for this repository's tests, never sent by the pacts.
      const token = text("token") ?? randomUUID();
      ensureSession(backend, PACT_DEFAULTS.groupUserId, token);
      return { token, userId: PACT_DEFAULTS.groupUserId };
    }

    case "the group organiser has an open group-visit basket at step {step}":
      return basketAtStep(backend, {
        userId: PACT_DEFAULTS.groupUserId, basketId: text("basketId"), kind: "group-visit",
        step: stepIn("group-visit", text("step")), payment: text("payment"),
      });

    case "the demo user's visit basket is held": {
      const b = demoVisitBasket();
      const held = expectOk(service.placeBasketHold(b.userId, b.id), "placeBasketHold");
      return { basketId: b.id, expiresAt: held.hold?.expiresAt };
    }

    case "the demo user's visit basket has been quoted": {
      const b = demoVisitBasket();
      return { basketId: b.id, total: quotedTotal(b.id) };
    }

    case "the price of the demo user's visit basket has gone up": {
      const b = demoVisitBasket();
      const first = service.toBasket(b).schedule.find((e) => (backend.state.activities.find((a) => a.id === e.activityId)?.price.amount ?? 0) > 0);
      if (!first) throw new Error("Provider state: the basket has no priced activity");
      // The catalogue's price of its first priced activity rises by 50p a place (a new
      // catalogue entry: the seed's objects are left as they were).
      backend.state.activities = backend.state.activities.map((a) =>
        a.id === first.activityId ? { ...a, price: { ...a.price, amount: a.price.amount + 50 } } : a);
      return { basketId: b.id, activityId: first.activityId };
    }

    case "the day of the demo user's visit basket has fewer places left than its group": {
      const b = demoVisitBasket();
      if (!b.venueId || !b.visitDate) throw new Error("Provider state: the basket has no venue and date");
      // Other groups, in activities the basket does not use, take all but PLACES_LEFT of the
      // day's places (the basket's date is a quiet day: see quietDate).
      const key = `${b.venueId} ${b.visitDate}`;
      s.extraDayTaken.set(key, DAY_CAPACITY - seededDayTaken(b.venueId, b.visitDate, true) - PLACES_LEFT);
      return { basketId: b.id, placesLeft: PLACES_LEFT };
    }

    case "the hold on the demo user's visit basket has lapsed": {
      const b = demoVisitBasket();
      expectOk(service.placeBasketHold(b.userId, b.id), "placeBasketHold");
      if (b.hold) b.hold.expiresAt = service.now() - 60_000;
      service.sweep();
      return { basketId: b.id };
    }

    case "a slot in the demo user's visit basket has sold out": {
      const b = demoVisitBasket();
      const first = service.toBasket(b).schedule[0];
      if (!first || !b.venueId || !b.visitDate) throw new Error("Provider state: the basket has no timed slot");
      // Another group books every place left in the slot.
      const key = `${b.venueId} ${b.visitDate} ${first.slotId}`;
      s.extraTaken.set(key, (s.extraTaken.get(key) ?? 0) + 1000);
      return { basketId: b.id, slotId: first.slotId };
    }

    case "the demo user's visit basket was checked out by card and its payment is pending": {
      const b = demoVisitBasket("card");
      const basketId = b.id;
      const result = expectOk(service.checkoutRecorded(b.userId, basketId, `state-${basketId}`, {
        acceptedTermsVersion: PACT_DEFAULTS.termsVersion, returnUrl: PACT_DEFAULTS.returnUrl,
      }), "checkout");
      const payment = result.payment ? s.payments.get(result.payment.id) : undefined;
      if (!payment) throw new Error("Provider state: the checkout made no card payment (choose card at the payment step)");
      const paymentId = text("paymentId") ?? payment.id;
      if (paymentId !== payment.id) {
        s.payments.delete(payment.id);
        payment.id = paymentId;
        s.payments.set(paymentId, payment);
      }
      return { basketId, paymentId, orderId: result.order.id };
    }

    case "the demo user's visit basket was checked out with idempotency key {key}": {
      const key = text("key") ?? "pact-checkout-key";
      const b = demoVisitBasket();
      const basketId = b.id;
      const result = expectOk(service.checkoutRecorded(b.userId, basketId, key, checkoutBody(b.id)), "checkout");
      return { basketId, key, orderId: result.order.id };
    }

    case "a checkout of the demo user's visit basket with idempotency key {key} is in flight": {
      const key = text("key") ?? "pact-checkout-key";
      const b = demoVisitBasket();
      const basketId = b.id;
      service.markInFlight(b.userId, key, `POST /baskets/${basketId}/checkout ${canonicalJson(checkoutBody(b.id))}`);
      return { basketId, key };
    }

    case "the demo user has an upcoming visit order with payment {payment}": {
      const payment = text("payment") ?? "card";
      if (!["none", "card", "card-unpaid", "invoice"].includes(payment)) {
        throw new Error("Provider state: payment must be none, card, card-unpaid or invoice");
      }
      const step = "review";
      const { basketId } = basketAtStep(backend, {
        userId: DEMO_USER.id, kind: "visit", step: payment === "none" ? "schedule" : step,
        payment: payment === "invoice" ? "invoice" : "card",
      });
      if (payment === "none") {
        // Lunch space only: a free visit, which skips payment.
        expectOk(service.updateBasketSchedule(DEMO_USER.id, basketId, { items: [VISIT_FIXTURE.schedule.items[1]] }), "updateBasketSchedule");
      }
      const result = expectOk(service.checkoutRecorded(DEMO_USER.id, basketId, `state-${basketId}`, {
        acceptedTermsVersion: PACT_DEFAULTS.termsVersion, returnUrl: PACT_DEFAULTS.returnUrl,
      }), "checkout");
      if (payment === "card" && result.payment) service.settlePayment(result.payment.id, "success");
      const orderId = text("orderId") ?? result.order.id;
      renameOrder(backend, result.order.id, orderId);
      return { orderId, payment };
    }

    case "the CMS has published venues":
      return { venueId: PACT_DEFAULTS.venueId };
  }
}

