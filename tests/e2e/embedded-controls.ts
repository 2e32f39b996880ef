import type { UserTestControls } from "../../mocks/backend/booking/test-controls";

// The embedded default's test controls for this suite's server (playwright.config.ts sets
// them as EMBEDDED_TEST_CONTROLS; docs/decisions/0028-test-controls-of-the-embedded-default.md).
// Each names a seeded user of its own (mocks/backend/seed.ts), so no other test meets them.

export const CONTROLLED_USERS = {
  /** The first hold of each basket fails (the gateway is briefly unavailable): review opens with nothing held. */
  unheld: "booking.unheld@example.org",
  /** The first hold of each basket lasts HOLD_SECONDS: it runs out while the user is on review. */
  lapse: "booking.lapse@example.org",
  /** A free visit waits at payment until "none" is saved, and the first save fails: the payment step asks for it. */
  freeFail: "booking.freefail@example.org",
  /** The first listOrders of each session is throttled by the API Gateway in front (429): the orders page is the error page once. */
  ordersThrottled: "refusal.orders@example.org",
  /** The first updateBasketInformation of each session is refused by the API Gateway in front (403): the step's form says so once. */
  informationRefused: "refusal.information@example.org",
} as const;

/** Long enough for review to open with the places held, even on a busy machine. */
export const HOLD_SECONDS = 20;

export const EMBEDDED_TEST_CONTROLS: Record<string, UserTestControls> = {
  [CONTROLLED_USERS.unheld]: { failFirstHold: true },
  [CONTROLLED_USERS.lapse]: { firstHoldSeconds: HOLD_SECONDS },
  [CONTROLLED_USERS.freeFail]: { failFirstFreePayment: true },
  [CONTROLLED_USERS.ordersThrottled]: { refuseFirst: { status: 429, operations: ["listOrders"] } },
  [CONTROLLED_USERS.informationRefused]: { refuseFirst: { status: 403, operations: ["updateBasketInformation"] } },
};
