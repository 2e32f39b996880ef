import { discardBasket } from "../api/booking.server";
import type { GatewayClient } from "../api/client.server";
import type { ApiFailure } from "../api/result.server";
import type { Basket } from "../../generated/schemas";

// What the visit booking (app/booking/basket.server.ts) and the outreach request
// (app/outreach/basket.server.ts) do alike with their gateway basket.

/**
 * "Start a new …": the draft (and any hold) goes; a basket already gone is fine. Null when
 * done; otherwise why not, for the action to say above its form.
 */
export async function discardIfAny(gateway: GatewayClient, basket: Basket | null): Promise<ApiFailure<"discardBasket"> | null> {
  if (!basket) return null;
  const result = await discardBasket(gateway, basket.id);
  if (result.ok) return null;
  if (!result.upstream && (result.status === 404 || result.status === 409)) return null;
  return result;
}
