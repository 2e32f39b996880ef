// The order page's own words: its address, the change it shows (cancel or numbers) and the
// messages it shows after a redirect back to it. Pure, for its loader, action and view.
import type { AmendLine } from "./amendment";
import type { Order } from "../../generated/schemas";

export const orderPath = (orderId: string) => `/account/orders/${encodeURIComponent(orderId)}`;

/** The change shown instead of the "Manage this booking" list, if any. */
export type OrderChange = "cancel" | "numbers" | null;

/** The change asked for with ?change=, when the order allows it. */
export function orderChange(change: string | null, order: Pick<Order, "allowedActions">, lines: readonly AmendLine[] | null): OrderChange {
  const actions = order.allowedActions ?? [];
  return change === "cancel" && actions.includes("request-cancellation")
    ? "cancel"
    : change === "numbers" && actions.includes("amend") && lines
      ? "numbers"
      : null;
}

export const ORDER_CHANGE_TITLES = { cancel: "Ask to cancel", numbers: "Increase numbers" } as const;

/**
 * Messages after a redirect back to the order (a change made, or the payment page's result),
 * carried in the session and shown once (app/session/notice.server.ts): never in the address,
 * where a reload or a bookmark would show "The numbers have been increased" again.
 */
export const ORDER_NOTICES = {
  "cancellation-requested": { kind: "success", text: "Your request to cancel has been sent. The bookings team will confirm by email." },
  amended: { kind: "success", text: "The numbers have been increased." },
  "payment-succeeded": { kind: "success", text: "Thank you: your card payment has been received." },
  "payment-failed": { kind: "warning", text: "Your card payment did not go through and no money was taken. Nothing has changed: you can try again." },
  "payment-cancelled": { kind: "warning", text: "You cancelled the card payment and no money was taken. Nothing has changed: you can try again." },
  "payment-pending": { kind: "warning", text: "We are still waiting to hear from the payment provider. Check this page again in a few minutes." },
  "payment-unverified": { kind: "warning", text: "We could not confirm your payment with the payment provider. Check this page again before trying again." },
} as const;
export type OrderNoticeKey = keyof typeof ORDER_NOTICES;

/** The query parameters of this page itself: anything else on a payment's return is the provider's. */
export const ORDER_PAGE_PARAMS = ["change"] as const;

/** A notice left in the session by a redirect back to the order (a change, or a payment's result), if it is one of the page's. */
export function orderNoticeFrom(notice: string | null): OrderNoticeKey | null {
  return notice !== null && Object.hasOwn(ORDER_NOTICES, notice) ? (notice as OrderNoticeKey) : null;
}
