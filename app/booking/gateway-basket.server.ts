import { discardBasket } from "../api/booking.server";
import type { GatewayClient } from "../api/client.server";
import { gatewayFailure } from "../api/result.server";
import type { Basket } from "../../generated/schemas";

// What the visit booking (app/booking/basket.server.ts) and the outreach request
// (app/outreach/basket.server.ts) do alike with their gateway basket.

/** "Start a new …": the draft (and any hold) goes; a basket already gone is fine. */
export async function discardIfAny(gateway: GatewayClient, basket: Basket | null): Promise<void> {
  if (!basket) return;
  const result = await discardBasket(gateway, basket.id);
  if (!result.ok && result.status !== 404 && result.status !== 409) throw gatewayFailure(result);
}
