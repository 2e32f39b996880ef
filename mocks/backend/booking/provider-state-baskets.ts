// The building blocks of the booking and outreach provider states (provider-states.ts,
// outreach-provider-states.ts): a quiet date, a new basket under a pact's id, a basket
// filled in up to a step through the booking service itself, an order renamed.
import { addDays } from "../dates";
import type { Backend } from "../index";
import type { User } from "../types";
import { isClosedDay } from "./calendar";
import { GROUP_FIXTURE, PACT_DEFAULTS, VISIT_FIXTURE } from "./provider-state-fixtures";
import { STEPS, type StepOf } from "./steps";
import type { BasketStep, Outcome, PaymentChoice } from "./types";

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
