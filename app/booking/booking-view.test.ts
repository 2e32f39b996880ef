import { describe, expect, it } from "vitest";
import { DEMO_USER, createBackend } from "../../mocks/backend";
import { BOOKING_TERMS_VERSION } from "../../mocks/backend/booking/content";
import { basketAtStep } from "../../mocks/backend/booking/provider-state-baskets";
import { GROUP_FIXTURE } from "../../mocks/backend/booking/provider-state-fixtures";
import { describeBasket, describeOrder, type BookingView } from "./booking-view";
import type { Outcome } from "../../mocks/backend/booking/types";

// The one view of a booking (docs/architecture.md §2.3) from the mock gateway's own answers:
// a basket at review and the order its checkout makes describe the same visit.

const OPERATOR = "usr-3001";
const CHECKOUT = { acceptedTermsVersion: BOOKING_TERMS_VERSION, returnUrl: "https://groups.example.org/account/book/payment/return" };

function ok<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`${outcome.status} ${outcome.code}: ${outcome.detail}`);
  return outcome.value;
}

/** What a review and the order's pages both say. */
const shared = (v: BookingView) => ({ ...v, payment: null, answers: null });

describe.each([
  ["a school visit paid by invoice", DEMO_USER.id, "visit", "invoice"],
  ["a group visit paid by card", OPERATOR, "group-visit", "card"],
] as const)("%s", (_, userId, kind, payment) => {
  const backend = createBackend({ today: new Date("2026-03-10T12:00:00Z") });
  const { basketId } = basketAtStep(backend, { userId, kind, step: "review", payment });
  const basket = ok(backend.booking.getBasket(userId, basketId));
  const review = describeBasket(basket, ok(backend.booking.getBasketQuote(userId, basketId)));

  it("is described with the arrival of the step that saved it, the day and the price", () => {
    expect(review.arrival).toBe(basket.information?.arrivalTime ?? basket.groupDetails?.arrivalTime);
    expect(review.arrival).not.toBeNull();
    expect(review.day).toEqual(basket.schedule);
    expect(review.price?.total.amount).toBeGreaterThan(0);
    expect(review.people).toBe(basket.participants);
  });

  it("is described by its order as the review described it", () => {
    const { order } = ok(backend.booking.checkoutRecorded(userId, basketId, `k-${kind}`, CHECKOUT));
    // As the order page reads it (getOrder: with what was booked and the group's details).
    expect(shared(describeOrder(backend.getOrder(userId, order.id)!))).toEqual(shared(review));
  });
});

it("says a group's own arrival, not the opening time, when the group's details give it", () => {
  const backend = createBackend({ today: new Date("2026-03-10T12:00:00Z") });
  const { basketId } = basketAtStep(backend, { userId: OPERATOR, kind: "group-visit", step: "payment" });
  const saved = ok(backend.booking.updateBasketGroupDetails(OPERATOR, basketId, { ...GROUP_FIXTURE.details, arrivalTime: "10:15" }));
  expect(describeBasket(saved).arrival).toBe("10:15");
});
