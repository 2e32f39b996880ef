import type { OrderStatus } from "../../generated/schemas";
import { instantDate } from "../shell/instant";

// Apart from app/shell/format.ts, which every booking step loads: only order pages need these.

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/London" });

export function formatDateTime(iso: string): string {
  return dateTime.format(instantDate(iso));
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  confirmed: "Confirmed",
  held: "Held awaiting payment",
  requested: "Requested",
  "cancellation-requested": "Cancellation requested",
  cancelled: "Cancelled",
};
