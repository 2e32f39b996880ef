import type { OrderStatus } from "./api/gateway.server";

const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
const longDate = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/London" });

export function formatMoney(money: { amount: number; currency: string }): string {
  return money.currency === "GBP" ? gbp.format(money.amount / 100) : `${(money.amount / 100).toFixed(2)} ${money.currency}`;
}

/** Visit dates are calendar dates (YYYY-MM-DD), so they are formatted in UTC to avoid shifting. */
export function formatDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  confirmed: "Confirmed",
  held: "Held awaiting payment",
  requested: "Requested",
  "cancellation-requested": "Cancellation requested",
  cancelled: "Cancelled",
};
