import type { BookingContext } from "./core";
import { createAvailabilityOperations } from "./service/availability";
import { createCheckoutOperations } from "./service/checkout";
import { createDraftOperations } from "./service/drafts";
import { createHoldOperations } from "./service/holds";
import { createOrderChangeOperations } from "./service/order-changes";
import { createOutreachOperations } from "./service/outreach";
import { createBookingParts } from "./service/parts";
import { createPaymentOperations } from "./service/payments";
import { createStepOperations } from "./service/steps";
import type { BookingState } from "./types";

// The stateful booking backend: availability, activities, baskets (drafts saved per
// step), holds, quotes, idempotent checkout, hosted payments and order changes. The rules
// are docs/requirements.md §8; every answer has the shape of the gateway contract. The
// operations are grouped by area in service/ and put together here into the one object
// http.ts, the provider states and the tests call. Below them: core.ts (catalogue,
// capacity, ownership; what a basket holds in basket-contents.ts), baskets.ts (steps,
// progress, messages, holds), orders.ts (checkout, payments, cancellation policy),
// amendments.ts (increases in numbers), outreach.ts (the questionnaire and the outreach
// steps; eligibility and the team's calendar in outreach-availability.ts, rules in
// outreach-rules.ts).

export type { BookingContext } from "./core";
export { NO_TEST_CONTROLS, TEST_CONTROLS_ENV, parseTestControls, type TestControls } from "./test-controls";
export { cancellationPolicy } from "./orders";
export { kindFor } from "./service/drafts";

export function createBookingState(): BookingState {
  return {
    baskets: new Map(),
    payments: new Map(),
    idempotency: new Map(),
    orderDetails: new Map(),
    quietDays: new Set(),
    extraTaken: new Map(),
    extraDayTaken: new Map(),
    counters: { basket: 1000, order: 6000, payment: 3000 },
    testControlsUsed: new Set(),
  };
}

export type BookingService = ReturnType<typeof createBookingService>;

export function createBookingService(ctx: BookingContext) {
  const parts = createBookingParts(ctx);
  const { dayRemaining, slotsOf, sweep } = parts.core;
  const { progress, toBasket } = parts.baskets;

  return {
    now: ctx.now,
    sweep,
    toBasket,
    progress,
    dayRemaining,
    slotsOf,
    ...createAvailabilityOperations(parts),
    ...createDraftOperations(parts),
    ...createStepOperations(parts),
    ...createHoldOperations(parts),
    ...createCheckoutOperations(parts),
    ...createPaymentOperations(parts),
    ...createOrderChangeOperations(parts),
    ...createOutreachOperations(parts),
  };
}
