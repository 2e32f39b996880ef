import { createAmendments } from "../amendments";
import { createBaskets } from "../baskets";
import { createCore, type BookingContext } from "../core";
import { createOrders } from "../orders";
import { createOutreach } from "../outreach";

// The parts the operations are built from, made once per service: every group of
// operations gets the same core, so they all read and change the one state and see each
// other's holds and orders.

export function createBookingParts(ctx: BookingContext) {
  const core = createCore(ctx);
  const outreach = createOutreach(core);
  const baskets = createBaskets(core, outreach);
  const amendments = createAmendments(core);
  const orders = createOrders(core, baskets, outreach, amendments);
  return { ctx, core, outreach, baskets, amendments, orders };
}

export type BookingParts = ReturnType<typeof createBookingParts>;
