import { data, redirect, type RouterContextProvider } from "react-router";
import { extendBasketHold, placeBasketHold } from "../api/booking.server";
import type { GatewayClient } from "../api/client.server";
import { updateCurrentUser } from "../api/account.server";
import { problemText } from "../api/result.server";
import { redirectWithNotice, samePage } from "../session/notice.server";
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

/**
 * What a hold button's post comes to: a refusal in the review action's shape, or a redirect
 * back to the review with what was done as its notice (app/session/notice.server.ts, ADR 32),
 * so that the page is drawn by a request that reads the held basket.
 */
export async function holdIntent(
  intent: (typeof HOLD_INTENTS)[number],
  gateway: GatewayClient,
  basket: Basket,
  back: { context: Readonly<RouterContextProvider>; url: URL },
) {
  const refused = (errors: Errors, status: number, soldOut = false) =>
    data({ values: null, idempotencyKey: null, soldOut, errors }, { status });
  const done = (notice: string | null) => redirectWithNotice(back.context, samePage(back.url), notice);
  if (intent === "hold") {
    const held = await holdPlaces(gateway, basket);
    if (!held.ok) return refused({ form: held.message }, held.status, held.soldOut);
    const heldAgain = basket.hold !== undefined || basket.messages.some((m) => m.code === "hold_expired");
    return done(heldAgain ? "The time we held your places for ran out, so we have held them again." : null);
  }
  if (intent === "extend") {
    const extended = await extendBasketHold(gateway, basket.id);
    // The gateway's refusal is about the hold, beside its timer; no usable answer is said at the top.
    if (!extended.ok) return refused(extended.upstream ? { form: problemText(extended.problem) } : { hold: problemText(extended.problem) }, extended.status);
    return done("We have extended the time we hold your places.");
  }
  // "longer": a user setting the gateway applies to the hold already running too (contracts/gateway.yaml, updateCurrentUser).
  const saved = await updateCurrentUser(gateway, { extendedHolds: true });
  if (!saved.ok) return refused(saved.upstream ? { form: problemText(saved.problem) } : { hold: problemText(saved.problem) }, saved.status);
  return done("We will hold your places for 2 hours 30 minutes from when we first held them, and do the same on your future bookings.");
}
