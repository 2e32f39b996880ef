import { redirect } from "react-router";
import { getBasketQuote, placeBasketHold, updateBasketPayment } from "../api/booking.server";
import type { GatewayClient } from "../api/client.server";
import { stepPath } from "./steps";
import type { Basket } from "../../generated/schemas";
import { parseInstant } from "../shell/instant";

// Entering a step can mean work at the gateway: a free visit has its payment ("none")
// saved, and review holds the places. That work is done here, by the action that saved
// the step before, never by a page view: a prefetch, a revalidation or a reload would do
// it again (docs/decisions/0021-failures-as-values-and-reads-without-effects.md).

/** Whether the places are held at this moment. */
export function holdRunning(basket: Pick<Basket, "hold">, now = Date.now()): boolean {
  return basket.hold !== undefined && parseInstant(basket.hold.expiresAt) > now;
}

/**
 * After a step is saved: on to the step the gateway says is due, doing on the way what
 * entering it needs. What cannot be done on the way (the places have gone, the gateway
 * did not answer) is not an error here: the payment step then asks, and review shows the
 * places as not held, says why, and offers to hold them.
 */
export async function continueBooking(gateway: GatewayClient, saved: Basket): Promise<Response> {
  let basket = saved;
  if (basket.nextStep === "payment") basket = await payNothingIfFree(gateway, basket);
  if (basket.nextStep === "review" && !holdRunning(basket)) {
    await placeBasketHold(gateway, basket.id);
  }
  return redirect(stepPath(basket.nextStep));
}

/** A visit that costs nothing skips the payment step: the gateway takes "none". */
async function payNothingIfFree(gateway: GatewayClient, basket: Basket): Promise<Basket> {
  const quote = await getBasketQuote(gateway, basket.id);
  if (!quote.ok || quote.data.total.amount !== 0) return basket;
  const saved = await updateBasketPayment(gateway, basket.id, { method: "none" });
  return saved.ok ? saved.data : basket;
}
