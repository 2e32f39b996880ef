import type { FieldError } from "../../types";
import { formatDate } from "../calendar";
import { fail, type Core } from "../core";
import type { Outreach } from "../outreach";
import type { BasketRecord, Failure } from "../types";

// Holds: what is held is checked against capacity when places are held or checked out,
// and any saved change lets the hold go, since it no longer holds what was asked for.

export function createHolds(core: Core, outreach: Outreach) {
  const { ctx, activity, basketEntries, basketParticipants, dayRemaining, findSlot } = core;

  /** 409 slot_sold_out naming the entry, or capacity_unavailable for the day. */
  function capacityFailure(b: BasketRecord): Failure | undefined {
    if (b.kind === "outreach") return outreach.capacityFailure(b);
    if (!b.venueId || !b.visitDate) return undefined;
    const exclude = { basketId: b.id, orderId: b.orderId };
    const entries = basketEntries(b);
    const errors: FieldError[] = [];
    const names: string[] = [];
    entries.forEach((e, i) => {
      const a = activity(e.activityId);
      const slot = a ? findSlot(a, b.visitDate as string, e.slotId, exclude) : undefined;
      if (slot && e.participants <= slot.remainingCapacity) return;
      const left = slot?.remainingCapacity ?? 0;
      names.push(`${e.name} at ${e.start}`);
      errors.push({
        field: b.kind === "visit" ? `schedule.${i}` : `tickets`,
        message: left === 0 ? `${e.name} at ${e.start} has sold out` : `${e.name} at ${e.start} has only ${left} places left`,
      });
    });
    if (errors.length > 0) {
      const step = b.kind === "visit" ? "schedule" : "tickets";
      return fail(409, "slot_sold_out", `${names.join(" and ")} ${names.length === 1 ? "has" : "have"} just sold out. Go back to the ${step} step to choose another time: everything else you entered is kept.`, errors);
    }
    const left = dayRemaining(b.venueId, b.visitDate, exclude);
    if (basketParticipants(b) > left) {
      return fail(409, "capacity_unavailable", `Only ${left} places are left on ${formatDate(b.visitDate)}: make your group smaller or choose another date.`);
    }
    return undefined;
  }

  /** A saved change: the hold (if any) is released, since what is held has changed. */
  function touch(b: BasketRecord): void {
    b.updatedAt = ctx.now();
    if (b.hold) delete b.hold;
    if (b.status === "held") b.status = "open";
    delete b.holdLapsedAt;
  }

  return { capacityFailure, touch };
}
