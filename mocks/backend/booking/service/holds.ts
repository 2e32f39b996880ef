import { clock, fail, ok } from "../core";
import { EXTENDED_HOLD_MINUTES, HOLD_EXTENSIONS, HOLD_EXTENSION_MINUTES, HOLD_MINUTES } from "../rules";
import type { Basket, Failure, Outcome } from "../types";
import type { BookingParts } from "./parts";

// Holds at review: places kept for a complete basket while the user submits it (longer
// on request, docs/decisions/0013-longer-holds-on-request.md), given up, or extended once.

export function createHoldOperations({ ctx, core, baskets }: BookingParts) {
  const { bs, ownBasket, sweep, testControls } = core;
  const { capacityFailure, editable, incomplete, toBasket } = baskets;

  return {
    /** `extended`: the user asked for more time to book (User.extendedHolds). */
    placeBasketHold(userId: string, basketId: string, { extended = false }: { extended?: boolean } = {}): Outcome<Basket> {
      const found = ownBasket(userId, basketId);
      if (!found.ok) return found;
      const b = found.value;
      if (b.status === "checked-out") return editable(b, "review") as Failure;
      const missing = incomplete(b, "review");
      if (missing) return missing;
      if (b.hold) return ok(toBasket(b));
      const capacity = capacityFailure(b);
      if (capacity) return capacity;
      const fault = testControls.holdFault(userId, b.id);
      if (fault) return fault;
      const minutes = extended ? EXTENDED_HOLD_MINUTES : HOLD_MINUTES;
      const length = testControls.holdLength(userId, b.id, minutes * 60_000);
      b.hold = { placedAt: ctx.now(), expiresAt: ctx.now() + length, extensionsRemaining: HOLD_EXTENSIONS };
      b.status = "held";
      delete b.holdLapsedAt;
      return ok(toBasket(b));
    },

    /**
     * The user has just turned on longer holds: each of their running holds becomes as long
     * as one placed now would be, counted from when it was placed (with its extension, if
     * used), never shorter (contracts/gateway.yaml, updateCurrentUser).
     */
    lengthenHolds(userId: string): void {
      sweep();
      for (const b of bs().baskets.values()) {
        if (b.userId !== userId || b.status !== "held" || !b.hold) continue;
        const extensions = HOLD_EXTENSIONS - b.hold.extensionsRemaining;
        const longer = b.hold.placedAt + (EXTENDED_HOLD_MINUTES + extensions * HOLD_EXTENSION_MINUTES) * 60_000;
        b.hold.expiresAt = Math.max(b.hold.expiresAt, longer);
      }
    },

    releaseBasketHold(userId: string, basketId: string): Outcome<null> {
      const found = ownBasket(userId, basketId);
      if (!found.ok) return found;
      const b = found.value;
      if (b.status === "checked-out") return editable(b, "review") as Failure;
      delete b.hold;
      b.status = "open";
      return ok(null);
    },

    extendBasketHold(userId: string, basketId: string): Outcome<Basket> {
      const found = ownBasket(userId, basketId);
      if (!found.ok) return found;
      const b = found.value;
      if (!b.hold) {
        return fail(409, "hold_expired", b.holdLapsedAt
          ? `Your places were held until ${clock(b.holdLapsedAt)} and have been released. Review your booking again to hold them, if they are still available.`
          : "Your places are not held: review your booking to hold them.");
      }
      if (b.hold.extensionsRemaining <= 0) return fail(409, "hold_extension_limit", "The hold has already been extended once: submit your booking before it runs out.");
      b.hold.expiresAt += HOLD_EXTENSION_MINUTES * 60_000;
      b.hold.extensionsRemaining -= 1;
      return ok(toBasket(b));
    },
  };
}
