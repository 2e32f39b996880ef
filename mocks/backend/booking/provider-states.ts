// Provider states of the booking interactions (named in tests/contract/support/booking-cases.ts;
// specified for provider teams in pacts/provider-states.json). Each builds its situation
// through the booking service itself, so what a pact verifies is reachable by real use.
// Every parameter has a default (mocks/backend/provider-states.test.ts applies each state
// without any). Basket, order and payment ids are the service's own, returned to the
// verifier; a `basketId`/`orderId`/`paymentId` param (this repository's own tests only)
// renames them.
import { randomUUID } from "node:crypto";
import { addDays } from "../dates";
import type { Backend } from "../index";
import { DEMO_USER } from "../seed";
import type { User } from "../types";
import { DAY_CAPACITY, isClosedDay, seededDayTaken } from "./calendar";
import { BOOKING_TERMS_VERSION } from "./content";
import { canonicalJson } from "./rules";
import { STEPS, type StepOf } from "./steps";
import type { BasketStep, Outcome, PaymentChoice } from "./types";

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

/** Defaults: the reference data and values the consumer cases use. */
export const PACT_DEFAULTS = {
  venueId: "venue-york-roman-quarter",
  groupUserId: "usr-3001",
  returnUrl: "https://groups.example.org/account/book/payment/return",
  termsVersion: BOOKING_TERMS_VERSION,
} as const;

/** What a standard visit basket is filled with, step by step (York, a class of 30). */
export const VISIT_FIXTURE = {
  information: {
    participants: [{ ageBand: "5-11" as const, count: 30 }],
    adults: 4,
    oneToOneCarers: 1,
    accessNeeds: { mobility: true, sensory: false, communication: false, quietSpace: false },
    lunchSpace: true,
    arrivalTime: "10:00",
  },
  schedule: {
    items: [
      { activityId: "act-roman-life", slotId: "act-roman-life@10:00", participants: 30 },
      { activityId: "act-york-lunch", slotId: "act-york-lunch@12:30", participants: 35 },
    ],
  },
};

/** A group-visit basket: the Roman York walking tour at 10:30. */
export const GROUP_FIXTURE = {
  activityIds: ["act-roman-walk"],
  tickets: [
    { activityId: "act-roman-walk", slotId: "act-roman-walk@10:30", ticketType: "adult" as const, quantity: 12 },
    { activityId: "act-roman-walk", slotId: "act-roman-walk@10:30", ticketType: "concession" as const, quantity: 4 },
    { activityId: "act-roman-walk", slotId: "act-roman-walk@10:30", ticketType: "carer" as const, quantity: 2 },
  ],
  details: {
    groupName: "Harrogate Heritage Tours, 14 May group",
    leadName: "Tom Whitaker",
    leadMobile: "07700 900461",
    arrivalTime: "10:00",
    coaches: 1,
    coachCompany: "Dales Coaches",
  },
};

type Params = Record<string, unknown>;

/** Places left on the day by "…has fewer places left than its group": fewer than the visit basket's 35. */
const PLACES_LEFT = 20;

export function expectOk<T>(outcome: Outcome<T>, what: string): T {
  if (!outcome.ok) throw new Error(`Provider state: ${what} failed: ${outcome.status} ${outcome.code} ${outcome.detail} ${JSON.stringify(outcome.errors ?? [])}`);
  return outcome.value;
}

/**
 * A bookable date with little demand from others, 70 days ahead (so invoices and card
 * holds are open to it), never a closed day.
 */
export function quietDate(backend: Backend, venueId: string = PACT_DEFAULTS.venueId): string {
  let date = addDays(backend.today(), 70);
  while (isClosedDay(date)) date = addDays(date, 1);
  backend.state.booking.quietDays.add(`${venueId} ${date}`);
  return date;
}

export function userOf(backend: Backend, userId: string): User {
  const user = backend.state.users.get(userId)?.user;
  if (!user) throw new Error(`Provider state: no user ${userId}`);
  return user;
}

function stepIn(kind: "visit" | "group-visit", value: string | undefined): BasketStep {
  const step = (value ?? "review") as BasketStep;
  if (!STEPS[kind].includes(step)) throw new Error(`Provider state: step must be one of ${STEPS[kind].join(", ")}`);
  return step;
}

/** "invoice" (the default), "card" or "card-later" as the basket's payment choice. */
export function paymentChoice(value: string | undefined): PaymentChoice {
  switch (value ?? "invoice") {
    case "invoice":
      return { method: "invoice", purchaseOrderNumber: "PO-RPS-2400" };
    case "card":
      return { method: "card" };
    case "card-later":
      return { method: "card", payLater: true };
    default:
      throw new Error("Provider state: payment must be invoice, card or card-later");
  }
}

/** A new basket of the user, under the service's id or the one given; returns the id. */
export function newBasket(backend: Backend, userId: string, kind: "visit" | "group-visit" | "outreach", basketId?: string): string {
  const s = backend.state.booking;
  if (basketId) s.baskets.delete(basketId);
  const created = expectOk(backend.booking.createBasket(userOf(backend, userId), { kind }), "createBasket");
  if (!basketId) return created.id;
  const record = s.baskets.get(created.id);
  if (!record) throw new Error("Provider state: basket not stored");
  s.baskets.delete(created.id);
  record.id = basketId;
  s.baskets.set(basketId, record);
  return basketId;
}

/** A basket of the user, filled in up to (not including) `step`. */
export function basketAtStep(
  backend: Backend,
  args: { userId: string; basketId?: string; kind: "visit" | "group-visit"; step: BasketStep; payment?: string },
) {
  const { userId, kind, step } = args;
  const service = backend.booking;
  const basketId = newBasket(backend, userId, kind, args.basketId);

  const venueId = PACT_DEFAULTS.venueId;
  const visitDate = quietDate(backend, venueId);
  // How each step before `step` is saved: keyed by every visit and group step (steps.ts), so a new one must say how.
  const save: Record<Exclude<StepOf<"visit" | "group-visit">, "review">, () => unknown> = {
    date: () => expectOk(service.updateBasketDate(userId, basketId, { venueId, visitDate }), "updateBasketDate"),
    information: () => expectOk(service.updateBasketInformation(userId, basketId, VISIT_FIXTURE.information), "updateBasketInformation"),
    schedule: () => expectOk(service.updateBasketSchedule(userId, basketId, VISIT_FIXTURE.schedule), "updateBasketSchedule"),
    "group-activities": () => expectOk(service.updateBasketGroupActivities(userId, basketId, { activityIds: GROUP_FIXTURE.activityIds }), "updateBasketGroupActivities"),
    "group-capacities": () => expectOk(service.updateBasketGroupCapacities(userId, basketId, { tickets: GROUP_FIXTURE.tickets }), "updateBasketGroupCapacities"),
    "group-details": () => expectOk(service.updateBasketGroupDetails(userId, basketId, GROUP_FIXTURE.details), "updateBasketGroupDetails"),
    // Groups pay by card (invoices are for schools).
    payment: () => expectOk(service.updateBasketPayment(userId, basketId, paymentChoice(args.payment ?? (kind === "visit" ? "invoice" : "card"))), "updateBasketPayment"),
  };
  const steps = STEPS[kind];
  for (const earlier of steps.slice(0, Math.max(0, steps.indexOf(step))) as StepOf<typeof kind>[]) if (earlier !== "review") save[earlier]();
  const basket = expectOk(service.getBasket(userId, basketId), "getBasket");
  if (basket.nextStep !== step) throw new Error(`Provider state: basket is at ${basket.nextStep}, not ${step}`);
  return { basketId, venueId, visitDate, month: visitDate.slice(0, 7) };
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

/** Gives an order made by a state (visit or outreach) the id a pact names. */
export function renameOrder(backend: Backend, from: string, to: string): void {
  if (from === to) return;
  const { orders } = backend.state;
  const s = backend.state.booking;
  const order = orders.get(from);
  if (!order) throw new Error(`Provider state: no order ${from}`);
  orders.delete(from);
  orders.delete(to);
  order.id = to;
  orders.set(to, order);
  const detail = s.orderDetails.get(from);
  if (detail) {
    s.orderDetails.delete(from);
    s.orderDetails.set(to, detail);
  }
  for (const p of s.payments.values()) if (p.orderId === from) p.orderId = to;
  for (const b of s.baskets.values()) if (b.orderId === from) b.orderId = to;
}
