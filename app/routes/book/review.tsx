import { data, Form, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/review";
import { checkoutBasket, getBasket, getBasketQuote } from "../../api/booking.server";
import { getCurrentTerms } from "../../api/cms.server";
import { gatewayFailure, problemText, succeeded } from "../../api/result.server";
import { bookingView, requireBasket, requireBooking } from "../../booking/basket.server";
import { holdRunning } from "../../booking/continue.server";
import { holdIntent, holdPlaces, isHoldIntent } from "../../booking/hold-actions.server";
import { toHostedPayment } from "../../booking/card-payment.server";
import { checkoutRequest } from "../../booking/checkout.server";
import { IDEMPOTENCY_FIELD, isIdempotencyKey, newIdempotencyKey } from "../../booking/idempotency";
import { changeLinks, confirmationPath, PAYMENT_RETURN_PATH, stepPath } from "../../booking/steps";
import { BookingStep } from "../../components/booking/booking-step";
import { DayTimeline } from "../../components/booking/day-timeline";
import { HoldReminder } from "../../components/booking/hold-timer";
import { ReviewHold } from "../../components/booking/review-hold";
import { PriceTable } from "../../components/booking/price-table";
import { VisitSummary } from "../../components/booking/visit-summary";
import { CheckboxField } from "../../components/field";
import { servicesContext } from "../../session/context";
import { redirectWithNotice, samePage, takeNotice } from "../../session/notice.server";
import { pageTitle } from "../../shell/meta";
import { useSubmitting } from "../../shell/pending";

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
    booking: bookingView(scope, quote.data),
    quote: quote.data,
    terms: { version, title, summary: summary ?? null },
    held,
    holdLapsed: !held && basket.messages.some((m) => m.code === "hold_expired"),
    holdProblem: soldOut.length > 0 ? soldOut.join(" ") : null,
    offerLongerHolds: user.extendedHolds !== true,
    idempotencyKey: newIdempotencyKey(),
    notice: takeNotice(context),
  };
}

type Errors = Record<string, string>;

/** Basket messages the review page shows in its own way (hold timer, sold-out alert) or that are past. */
const SAID_ELSEWHERE = new Set(["ratio_met", "slot_sold_out", "hold_expired", "hold_expiring", "payment_failed", "payment_cancelled"]);

export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  const { gateway, scope } = requireBooking(context);

  // The hold timer's buttons: hold (again), extend, hold for longer.
  // Only those: a checkout without its intent field (an older page, Enter in a field) is
  // still a checkout, and must not look for an open basket that the first submit closed.
  const intent = form.get("intent");
  if (isHoldIntent(intent)) return holdIntent(intent, gateway, requireBasket(scope), { context, url });

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
      // Held again: a change, so the page is drawn by a request of its own that reads the held basket.
      return redirectWithNotice(context, samePage(url), `${message} We have held them again: check the booking below and confirm again.`);
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
  const { booking, quote, terms, held, holdLapsed, holdProblem, offerLongerHolds, notice } = loaderData;
  const basket = booking.basket!;
  const view = booking.view!;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const key = actionData?.idempotencyKey ?? loaderData.idempotencyKey;
  const submitting = useSubmitting((form) => form.get("intent") === "checkout");
  const holding = useSubmitting((form) => form.get("intent") === "hold");
  const soldOut = Boolean(holdProblem) || Boolean(actionData?.soldOut);
  const hold = held ? basket.hold : undefined;
  const total = view.price?.total.amount ?? quote.total.amount;
  const paysByCardNow = basket.payment?.method === "card" && !basket.payment.payLater && total > 0;
  // The gateway's advice, once each; what the page already says another way is left out.
  const messages = [...basket.messages, ...quote.messages].filter(
    (m, i, all) => all.findIndex((o) => o.message === m.message) === i && !SAID_ELSEWHERE.has(m.code),
  );
  return (
    <BookingStep booking={booking} step="review" title="Check and book your visit">
      <ReviewHold
        flow={booking.flow}
        held={held}
        hold={basket.hold}
        holdLapsed={holdLapsed}
        soldOut={soldOut ? (holdProblem ?? errors.form ?? null) : null}
        errors={errors}
        notice={actionData ? null : notice}
        holding={holding}
        offerLongerHolds={offerLongerHolds}
      />

      <VisitSummary view={view} links={changeLinks(booking.flow, { paymentSkipped: booking.paymentSkipped })} />
      {view.day.length > 0 || view.arrival ? <DayTimeline arrival={view.arrival ?? undefined} entries={view.day} /> : null}
      {view.price ? <PriceTable lines={view.price.lines} total={view.price.total} /> : null}
      {messages.map((m) => (
        <p key={m.code + m.message} className={m.severity === "error" ? "warning" : "notice"}>
          {m.message}
        </p>
      ))}

      <h2>{terms.title}</h2>
      {terms.summary ? <p className="terms-summary">{terms.summary}</p> : null}
      <p>
        <a href="/terms" target="_blank" rel="noreferrer">
          Read the full terms of booking (opens in a new tab)
        </a>
      </p>
      {/* The hold again by the confirm button, where the user is when the time runs short (forms cannot nest, so just above the form). */}
      {hold ? <HoldReminder hold={hold} offerLongerHolds={offerLongerHolds} /> : null}
      <Form method="post" noValidate className="booking-form">
        <input type="hidden" name="basketId" value={basket.id} />
        <input type="hidden" name={IDEMPOTENCY_FIELD} value={key} />
        <input type="hidden" name="termsVersion" value={terms.version} />
        <input type="hidden" name="expectedTotal" value={total} />
        <input type="hidden" name="intent" value="checkout" />
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

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Check and book your visit");
