import { data, redirect } from "react-router";
import { extendBasketHold, placeBasketHold } from "../api/booking.server";
import type { GatewayClient } from "../api/client.server";
import { updateCurrentUser } from "../api/gateway.server";
import { problemText } from "../api/result.server";
import { stepPath } from "./steps";
import type { Basket } from "../../generated/schemas";

// The review page's hold buttons (its hold timer: docs/requirements.md §8.5, ADR 13 and
// ADR 35): hold the places (again), extend the hold once, or hold them for longer, which
// also asks for longer holds on every booking.

type Errors = Record<string, string>;

/** The places held (again), or why not: sold out, a step to finish first, or no usable answer (its message). */
export async function holdPlaces(gateway: GatewayClient, basket: Basket) {
  const held = await placeBasketHold(gateway, basket.id);
  if (held.ok) return { ok: true as const };
  if (held.upstream) return { ok: false as const, status: held.status, message: problemText(held.problem), soldOut: false };
  if (held.status === 409 && held.problem.code === "basket_incomplete") throw redirect(stepPath(basket.nextStep));
  return { ok: false as const, status: held.status, message: problemText(held.problem), soldOut: held.status === 409 };
}

const HOLD_INTENTS = ["hold", "extend", "longer"] as const;

/** Whether a post is one of the hold timer's buttons (anything else is the checkout form). */
export function isHoldIntent(intent: FormDataEntryValue | null): intent is (typeof HOLD_INTENTS)[number] {
  return HOLD_INTENTS.some((known) => known === intent);
}

/** What a hold button's post comes to, in the review action's shape; null for any other post. */
export async function holdIntent(intent: FormDataEntryValue | null, gateway: GatewayClient, basket: Basket) {
  const answer = { values: null, idempotencyKey: null, soldOut: false };
  if (intent === "hold") {
    const held = await holdPlaces(gateway, basket);
    if (!held.ok) return data({ ...answer, errors: { form: held.message } as Errors, soldOut: held.soldOut }, { status: held.status });
    return { ...answer, errors: {} as Errors, heldAgain: basket.hold !== undefined || basket.messages.some((m) => m.code === "hold_expired") };
  }
  if (intent === "extend") {
    const extended = await extendBasketHold(gateway, basket.id);
    if (!extended.ok) {
      // The gateway's refusal is about the hold, beside its timer; no usable answer is said at the top.
      const errors: Errors = extended.upstream ? { form: problemText(extended.problem) } : { hold: problemText(extended.problem) };
      return data({ ...answer, errors }, { status: extended.status });
    }
    return { ...answer, errors: {} as Errors, extended: true };
  }
  if (intent === "longer") {
    // A user setting the gateway applies to the hold already running too (contracts/gateway.yaml, updateCurrentUser).
    const saved = await updateCurrentUser(gateway, { extendedHolds: true });
    if (!saved.ok) {
      const errors: Errors = saved.upstream ? { form: problemText(saved.problem) } : { hold: problemText(saved.problem) };
      return data({ ...answer, errors }, { status: saved.status });
    }
    return { ...answer, errors: {} as Errors, longer: true };
  }
  return null;
}
