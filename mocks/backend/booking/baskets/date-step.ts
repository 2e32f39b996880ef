import type { FieldError } from "../../types";
import { formatDate, isIsoDate, unbookableReason } from "../calendar";
import { invalid, isRecord, ok, type Core } from "../core";
import type { BasketRecord, Outcome } from "../types";

// The date step, the first of both kinds of venue visit: a venue and a day that can still
// be booked and is not full (the basket's own places are not counted against it).

export function createDateStep({ ctx, dayRemaining, venue }: Core) {
  function validateDate(b: BasketRecord, body: unknown): Outcome<{ venueId: string; visitDate: string }> {
    const errors: FieldError[] = [];
    const venueId = isRecord(body) && typeof body.venueId === "string" ? body.venueId : "";
    const visitDate = isRecord(body) ? body.visitDate : undefined;
    if (!venue(venueId)) errors.push({ field: "venueId", message: "Choose a venue" });
    if (!isIsoDate(visitDate)) {
      errors.push({ field: "visitDate", message: "Enter a real date, for example 12 6 2026" });
    } else {
      const why = unbookableReason(visitDate, ctx.today());
      if (why) errors.push({ field: "visitDate", message: why });
      else if (venue(venueId) && dayRemaining(venueId, visitDate, { basketId: b.id, orderId: b.orderId }) === 0) {
        errors.push({ field: "visitDate", message: `${formatDate(visitDate)} is fully booked at ${venue(venueId)?.name}: choose another date.` });
      }
    }
    return errors.length > 0 ? invalid(errors) : ok({ venueId, visitDate: visitDate as string });
  }

  return { validateDate };
}

export type DateStep = ReturnType<typeof createDateStep>;
