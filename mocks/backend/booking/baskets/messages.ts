import { unbookableReason } from "../calendar";
import { clock, type Core } from "../core";
import type { Outreach } from "../outreach";
import { HOLD_EXPIRING_MINUTES, checkRatios, ratioMessages } from "../rules";
import type { BasketMessage, BasketRecord } from "../types";

// A basket's messages: advice worked out afresh on every answer (a date closed, ratios
// short, a slot sold out or filling, a hold running out or lapsed, a payment that failed),
// since what they report changes with the time and with other bookings, not only when the
// basket is saved.

export function createMessages(core: Core, outreach: Outreach) {
  const { ctx, activity, basketEntries, findSlot } = core;

  function messagesFor(b: BasketRecord): BasketMessage[] {
    const messages: BasketMessage[] = [];
    const now = ctx.now();
    if (b.visitDate && b.status !== "checked-out") {
      const why = unbookableReason(b.visitDate, ctx.today());
      if (why) messages.push({ code: "date_unavailable", severity: "error", message: why, field: "visitDate" });
    }
    if (b.kind === "outreach") messages.push(...outreach.messagesFor(b));
    if (b.kind === "visit" && b.information) {
      messages.push(...ratioMessages(checkRatios(b.information.participants, b.information.adults), b.information.adults));
      const bands = new Set(b.information.participants.filter((p) => p.count > 0).map((p) => p.ageBand));
      for (const e of basketEntries(b)) {
        const suits = activity(e.activityId)?.ageBands;
        if (suits && suits.length > 0 && bands.size > 0 && ![...bands].some((band) => suits.includes(band))) {
          messages.push({ code: "age_band_mismatch", severity: "warning", message: `${e.name} is designed for other age groups than yours.`, field: "schedule" });
        }
      }
    }
    if (b.status !== "checked-out" && b.visitDate && b.venueId && !b.hold) {
      const exclude = { basketId: b.id, orderId: b.orderId };
      basketEntries(b).forEach((e, i) => {
        const a = activity(e.activityId);
        const slot = a ? findSlot(a, b.visitDate as string, e.slotId, exclude) : undefined;
        if (!slot) return;
        const field = b.kind === "visit" ? `schedule.${i}` : "tickets";
        if (e.participants > slot.remainingCapacity) {
          messages.push({
            code: "slot_sold_out", severity: "error", field,
            message: slot.remainingCapacity === 0
              ? `${e.name} at ${e.start} has sold out since you chose it: choose another time.`
              : `${e.name} at ${e.start} now has only ${slot.remainingCapacity} places left: choose another time or fewer people.`,
          });
        } else if (slot.status === "limited") {
          messages.push({ code: "capacity_low", severity: "info", field, message: `Only ${slot.remainingCapacity} places are left in ${e.name} at ${e.start}.` });
        }
      });
    }
    if (b.hold && b.hold.expiresAt - now <= HOLD_EXPIRING_MINUTES * 60_000) {
      messages.push({
        code: "hold_expiring", severity: "warning",
        message: `Your places are held until ${clock(b.hold.expiresAt)}.${b.hold.extensionsRemaining > 0 ? " Extend the hold if you need more time." : ""}`,
      });
    }
    if (!b.hold && b.holdLapsedAt && b.status === "open") {
      messages.push({
        code: "hold_expired", severity: "error",
        message: `Your places were held until ${clock(b.holdLapsedAt)} and have been released. Review your booking again to hold them, if they are still available.`,
      });
    }
    if (b.paymentProblem && b.status === "open") {
      messages.push({ code: b.paymentProblem.status === "failed" ? "payment_failed" : "payment_cancelled", severity: "warning", message: b.paymentProblem.message, field: "method" });
    }
    return messages;
  }

  return { messagesFor };
}

export type Messages = ReturnType<typeof createMessages>;
