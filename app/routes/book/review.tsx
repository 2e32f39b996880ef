import { data, Form, redirect } from "react-router";
import { Link } from "../../components/link";
import { z } from "zod";
import type { Route } from "./+types/review";
import {
  checkoutBasket, extendBasketHold, getBasket, getBasketQuote, placeBasketHold
} from "../../api/booking.server";
import { getCurrentTerms } from "../../api/cms.server";
import type { GatewayClient } from "../../api/client.server";
import { gatewayFailure, problemText, succeeded } from "../../api/result.server";
import { bookingView, requireBasket, requireBooking } from "../../booking/basket.server";
import { holdRunning } from "../../booking/continue.server";
import { toHostedPayment } from "../../booking/card-payment.server";
import { checkoutRequest } from "../../booking/checkout.server";
import { IDEMPOTENCY_FIELD, isIdempotencyKey, newIdempotencyKey } from "../../booking/idempotency";
import { AGE_BAND_LABELS } from "../../booking/ratios";
import { confirmationPath, PAYMENT_RETURN_PATH, STEP_PATHS, stepPath } from "../../booking/steps";
import { BookingStep } from "../../components/booking/booking-step";
import { FormErrors } from "../../components/form-errors";
import { DayTimeline } from "../../components/booking/day-timeline";
import { HoldTimer } from "../../components/booking/hold-timer";
import { PriceTable } from "../../components/booking/price-table";
import { CheckboxField } from "../../components/field";
import { servicesContext } from "../../session/context";
import { formatDate } from "../../shell/format";
import { pageTitle } from "../../shell/meta";
import type { Basket } from "../../../generated/schemas";
import { useSubmitting } from "../../shell/pending";

const PAYMENT_TEXT = {
  card: "Card",
  invoice: "Invoice",
  none: "Nothing to pay",
} as const;

const checkoutSchema = z.object({
  basketId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  [IDEMPOTENCY_FIELD]: z.string().refine(isIdempotencyKey),
  termsVersion: z.string().min(1).max(100),
  expectedTotal: z.coerce.number().int().min(0),
  acceptTerms: z.literal("on", { error: "Tick the box to agree to the terms of booking" }),
});

// Viewing review changes nothing: the places are held by the action that led here
// (app/booking/continue.server.ts) or by this page's "Hold my places" button.
export async function loader({ context }: Route.LoaderArgs) {
  const { user, gateway, scope } = requireBooking(context);
  const { cms } = context.get(servicesContext);
  const basket = requireBasket(scope);

  const [quote, terms] = await Promise.all([getBasketQuote(gateway, basket.id), getCurrentTerms(cms, "booking")]);
  if (!quote.ok) {
    if (quote.status === 409) throw redirect(stepPath(basket.nextStep === "review" ? "date" : basket.nextStep));
    throw gatewayFailure(quote);
  }
  const { version, title, summary } = succeeded(terms);
  const held = holdRunning(basket);
  // Not held: the gateway's messages say which chosen places have gone since.
  const soldOut = held ? [] : basket.messages.filter((m) => m.code === "slot_sold_out").map((m) => m.message);
  return {
    booking: { ...bookingView(scope), basket },
    quote: quote.data,
    terms: { version, title, summary: summary ?? null },
    held,
    holdLapsed: !held && basket.messages.some((m) => m.code === "hold_expired"),
    holdProblem: soldOut.length > 0 ? soldOut.join(" ") : null,
    offerLongerHolds: user.extendedHolds !== true,
    idempotencyKey: newIdempotencyKey(),
  };
}

type Errors = Record<string, string>;

/** Basket messages the review page shows in its own way (hold timer, sold-out alert) or that are past. */
const SAID_ELSEWHERE = new Set(["ratio_met", "slot_sold_out", "hold_expired", "hold_expiring", "payment_failed", "payment_cancelled"]);

/** The places held (again), or why not: sold out, a step to finish first, or no usable answer (its message). */
async function holdPlaces(gateway: GatewayClient, basket: Basket) {
  const held = await placeBasketHold(gateway, basket.id);
  if (held.ok) return { ok: true as const };
  if (held.upstream) return { ok: false as const, status: held.status, message: problemText(held.problem), soldOut: false };
  if (held.status === 409 && held.problem.code === "basket_incomplete") throw redirect(stepPath(basket.nextStep));
  return { ok: false as const, status: held.status, message: problemText(held.problem), soldOut: held.status === 409 };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  const { gateway, scope } = requireBooking(context);

  if (form.get("intent") === "hold") {
    const basket = requireBasket(scope);
    const held = await holdPlaces(gateway, basket);
    if (!held.ok) return data({ errors: { form: held.message } as Errors, values: null, idempotencyKey: null, soldOut: held.soldOut }, { status: held.status });
    return { errors: {} as Errors, values: null, idempotencyKey: null, soldOut: false, heldAgain: basket.hold !== undefined || basket.messages.some((m) => m.code === "hold_expired") };
  }

  if (form.get("intent") === "extend") {
    const basket = requireBasket(scope);
    const extended = await extendBasketHold(gateway, basket.id);
    if (!extended.ok) {
      // The gateway's refusal is about the hold, beside its timer; no usable answer is said at the top.
      const errors: Errors = extended.upstream ? { form: problemText(extended.problem) } : { hold: problemText(extended.problem) };
      return data({ errors, values: null, idempotencyKey: null, soldOut: false }, { status: extended.status });
    }
    return { errors: {} as Errors, values: null, idempotencyKey: null, soldOut: false, extended: true };
  }

  const values = { acceptTerms: form.get("acceptTerms") === "on" };
  const parsed = checkoutSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const acceptMissing = parsed.error.issues.some((i) => i.path[0] === "acceptTerms");
    const errors: Errors = acceptMissing
      ? { acceptTerms: "Tick the box to agree to the terms of booking" }
      : { form: "Something went wrong with the form. Check your booking and confirm again." };
    return data({ errors, values, idempotencyKey: null, soldOut: false }, { status: 400 });
  }
  const { basketId, idempotencyKey, termsVersion, expectedTotal } = parsed.data;

  // A gateway failure (or a time-out: the order may have been made) keeps the same key, so
  // selecting the button again replays the first answer rather than making a second order.
  const checkout = checkoutRequest({ termsVersion, expectedTotal, url, returnPath: PAYMENT_RETURN_PATH });
  const result = await checkoutBasket(gateway, basketId, idempotencyKey, checkout);
  if (result.ok) {
    if (result.data.payment) return toHostedPayment(context.get(servicesContext).session, result.data.payment, PAYMENT_RETURN_PATH);
    return redirect(confirmationPath(result.data.order.id));
  }

  const { problem } = result;
  const message = problemText(problem);
  const failed = (errors: Errors, options: { sameKey?: boolean; soldOut?: boolean } = {}) =>
    data(
      { errors, values, idempotencyKey: options.sameKey ? idempotencyKey : newIdempotencyKey(), soldOut: options.soldOut ?? false },
      { status: result.status },
    );
  if (result.upstream) {
    return failed({ form: `${message} Your booking is saved: select the button again to finish it.` }, { sameKey: true });
  }
  switch (problem.code) {
    case "idempotency_key_in_flight":
      // The first submit is still being made into an order: retry later with the same key.
      return failed({ form: "We are still making your booking. Wait a few seconds, then select the button again." }, { sameKey: true });
    case "basket_not_open": {
      // Already checked out (e.g. by the first of two submits): show that order.
      const basket = await getBasket(gateway, basketId);
      if (basket.ok && basket.data.orderId) return redirect(confirmationPath(basket.data.orderId));
      // Whether it became an order cannot be told now: the same key finds it when sent again.
      if (!basket.ok && basket.upstream) return failed({ form: problemText(basket.problem) }, { sameKey: true });
      return failed({ form: `${message} Start a new booking if you still want to visit.` });
    }
    case "slot_sold_out":
    case "capacity_unavailable":
      return failed({ form: message }, { soldOut: true });
    case "hold_expired": {
      const basket = requireBasket(scope);
      const held = await holdPlaces(gateway, basket);
      if (!held.ok) return failed({ form: held.message }, { soldOut: held.soldOut });
      return failed({ form: `${message} We have held them again: check the booking below and confirm again.` });
    }
    case "price_changed":
      return failed({ form: `${message} Check the new total below, then confirm again.` });
    case "terms_outdated":
      return failed({ form: `${message} Read the updated terms, then confirm again.` });
    default:
      return failed({ form: message });
  }
}

export function shouldRevalidate() {
  // The hold, the quote and the places may all have changed after any submit.
  return true;
}

export default function ReviewStep({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, quote, terms, held, holdLapsed, holdProblem, offerLongerHolds } = loaderData;
  const basket = booking.basket!;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const key = actionData?.idempotencyKey ?? loaderData.idempotencyKey;
  const submitting = useSubmitting((form) => form.get("intent") === "checkout");
  const holding = useSubmitting((form) => form.get("intent") === "hold");
  const soldOut = Boolean(holdProblem) || Boolean(actionData?.soldOut);
  const info = basket.information;
  const method = basket.payment?.method ?? "none";
  const paysByCardNow = method === "card" && !basket.payment?.payLater && quote.total.amount > 0;
  // The gateway's advice, once each; what the page already says another way is left out.
  const messages = [...basket.messages, ...quote.messages].filter(
    (m, i, all) => all.findIndex((o) => o.message === m.message) === i && !SAID_ELSEWHERE.has(m.code),
  );
  return (
    <BookingStep booking={booking} step="review" title="Check and book your visit" quote={quote}>
      {soldOut ? (
        <div className="warning" role="alert">
          <p>
            <strong>{holdProblem ?? errors.form}</strong>
          </p>
          <p>
            Your other choices are saved. <Link to={STEP_PATHS.schedule}>Choose another time on your day plan</Link>, or{" "}
            <Link to={STEP_PATHS.date}>choose another date</Link>.
          </p>
        </div>
      ) : (
        <FormErrors errors={errors} fieldIds={{ acceptTerms: "acceptTerms", hold: "hold-timer" }} />
      )}
      {actionData && "heldAgain" in actionData && actionData.heldAgain ? (
        <p className="notice" role="status">
          The time we held your places for ran out, so we have held them again.
        </p>
      ) : null}
      {!held && !soldOut ? (
        <Form method="post" className="notice" aria-labelledby="not-held">
          <p id="not-held">
            {holdLapsed ? "The time we held your places for ran out, and they have been released." : "Your places are not held yet."} Hold
            them while you check your booking.
          </p>
          <input type="hidden" name="intent" value="hold" />
          <button type="submit" disabled={holding}>
            {holding ? "Holding…" : "Hold my places"}
          </button>
        </Form>
      ) : null}
      {actionData && "extended" in actionData && actionData.extended ? (
        <p className="notice" role="status">
          We have extended the time we hold your places.
        </p>
      ) : null}
      {held && basket.hold ? <HoldTimer hold={basket.hold} offerLongerHolds={offerLongerHolds} /> : null}
      {errors.hold ? <p className="field-error">{errors.hold}</p> : null}

      <section aria-labelledby="visit-heading">
        <h2 id="visit-heading">Your visit</h2>
        <dl>
          <dt>Organisation</dt>
          <dd>{basket.organisation.name}</dd>
          <dt>Museum</dt>
          <dd>{basket.venue?.name}</dd>
          <dt>Date</dt>
          <dd>{basket.visitDate ? formatDate(basket.visitDate) : ""}</dd>
          {info ? (
            <>
              <dt>Arriving</dt>
              <dd>{info.arrivalTime}</dd>
              <dt>Pupils</dt>
              <dd>
                {info.participants.filter((p) => p.count > 0).map((p) => `${p.count} ${AGE_BAND_LABELS[p.ageBand].toLowerCase()}`).join(", ") || "None"}
              </dd>
              <dt>Adults</dt>
              <dd>
                {info.adults} supervising{info.oneToOneCarers > 0 ? `, ${info.oneToOneCarers} one-to-one ${info.oneToOneCarers === 1 ? "carer" : "carers"}` : ""}
              </dd>
              <dt>Access needs</dt>
              <dd>{accessSummary(info.accessNeeds)}</dd>
              <dt>Lunch space</dt>
              <dd>{info.lunchSpace ? "Yes" : "No"}</dd>
              {info.notes ? (
                <>
                  <dt>Notes</dt>
                  <dd>{info.notes}</dd>
                </>
              ) : null}
            </>
          ) : null}
          <dt>Payment</dt>
          <dd>
            {PAYMENT_TEXT[method]}
            {basket.payment?.payLater ? " (pay later)" : ""}
            {basket.payment?.purchaseOrderNumber ? `, purchase order ${basket.payment.purchaseOrderNumber}` : ""}
          </dd>
        </dl>
        <p>
          <Link to={STEP_PATHS.information}>Change your group details</Link>
          {" · "}
          <Link to={STEP_PATHS.schedule}>Change your day</Link>
          {basket.completedSteps.includes("payment") && quote.total.amount > 0 ? (
            <>
              {" · "}
              <Link to={STEP_PATHS.payment}>Change how you pay</Link>
            </>
          ) : null}
        </p>
      </section>

      {basket.schedule.length > 0 || info ? <DayTimeline arrival={info?.arrivalTime} entries={basket.schedule} /> : null}

      <PriceTable lines={quote.lines} total={quote.total} />
      {messages.map((m) => (
        <p key={m.code + m.message} className={m.severity === "error" ? "warning" : "notice"}>
          {m.message}
        </p>
      ))}

      <Form method="post" noValidate className="booking-form">
        <input type="hidden" name="basketId" value={basket.id} />
        <input type="hidden" name={IDEMPOTENCY_FIELD} value={key} />
        <input type="hidden" name="termsVersion" value={terms.version} />
        <input type="hidden" name="expectedTotal" value={quote.total.amount} />
        <input type="hidden" name="intent" value="checkout" />
        <h2>{terms.title}</h2>
        {terms.summary ? <p className="terms-summary">{terms.summary}</p> : null}
        <p>
          <a href="/terms" target="_blank" rel="noreferrer">
            Read the full terms of booking (opens in a new tab)
          </a>
        </p>
        <CheckboxField
          name="acceptTerms"
          label="I have read and agree to the terms of booking"
          defaultChecked={actionData?.values?.acceptTerms ?? false}
          error={errors.acceptTerms}
        />
        <div className="actions">
          <button type="submit" disabled={submitting || soldOut}>
            {submitting ? "Booking…" : paysByCardNow ? "Confirm and pay by card" : "Confirm booking"}
          </button>
        </div>
      </Form>
    </BookingStep>
  );
}

function accessSummary(needs: NonNullable<Basket["information"]>["accessNeeds"]): string {
  const named = [
    needs.mobility ? "mobility" : null,
    needs.sensory ? "sensory" : null,
    needs.communication ? "communication" : null,
    needs.quietSpace ? "a quiet space" : null,
  ].filter(Boolean);
  const text = named.length > 0 ? `Help with ${named.join(", ")}` : "None given";
  return needs.details ? `${text}. ${needs.details}` : text;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Check and book your visit");
