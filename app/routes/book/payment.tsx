import { data, Form, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/payment";
import { getBasketQuote, updateBasketPayment } from "../../api/booking.server";
import { bookingView, requireBasket, requireBooking } from "../../booking/basket.server";
import { continueBooking } from "../../booking/continue.server";
import { paymentChoiceOf, paymentErrors, paymentResultOf, purchaseOrderNumberSchema } from "../../booking/payment.server";
import { stepPath } from "../../booking/steps";
import { BookingStep } from "../../components/booking/booking-step";
import { FormErrors } from "../../components/form-errors";
import { RadioGroup, type RadioOption } from "../../components/booking/fields";
import { methodOption, paymentOption, PaymentProblem, PurchaseOrderField } from "../../components/booking/payment-choice";
import { formatDate, formatMoney } from "../../shell/format";
import { pageTitle } from "../../shell/meta";
import { toFieldErrors } from "../../forms/validation";
import type { GatewayClient } from "../../api/client.server";
import { SaveAndContinue } from "../../components/save-and-continue";
import { gatewayFailure } from "../../api/result.server";
import type { PaymentChoice, Basket } from "../../../generated/schemas";
import { useSubmitting } from "../../shell/pending";

// "none": a visit that costs nothing (its form has only that choice).
const CHOICES = ["card", "card-later", "invoice", "none"] as const;
type Choice = (typeof CHOICES)[number];

const paymentSchema = z.object({
  choice: z.enum(CHOICES, { error: "Choose how you will pay" }),
  purchaseOrderNumber: purchaseOrderNumberSchema,
});

/** The quote (payment options come with it); a basket not ready to price goes to its due step. */
async function quoteOrRedirect(gateway: GatewayClient, basket: Basket) {
  const quote = await getBasketQuote(gateway, basket.id);
  if (quote.ok) return quote.data;
  if (quote.status === 409) throw redirect(stepPath(basket.nextStep === "payment" ? "date" : basket.nextStep));
  throw gatewayFailure(quote);
}

function choiceOf(payment: PaymentChoice | undefined): Choice | "" {
  if (!payment) return "";
  if (payment.method === "invoice") return "invoice";
  if (payment.method === "card") return payment.payLater ? "card-later" : "card";
  return "";
}

const PAYMENT_RESULTS = {
  failed: "Your card payment did not go through, so you have not been charged. Your booking has been kept: check your card details and try again, or choose another way to pay.",
  cancelled: "You cancelled the card payment, so you have not been charged. Your booking has been kept: pay when you are ready, or choose another way to pay.",
} as const;

export async function loader({ context, url }: Route.LoaderArgs) {
  const { gateway, scope } = requireBooking(context);
  const basket = requireBasket(scope);
  const quote = await quoteOrRedirect(gateway, basket);
  // A free visit's "none" is saved by the step before (app/booking/continue.server.ts); if
  // that could not be done, this page asks for it rather than saving on a page view.
  if (quote.total.amount === 0 && basket.payment?.method === "none") throw redirect(stepPath("review"));
  return {
    booking: bookingView(scope, quote),
    quote,
    saved: { choice: choiceOf(basket.payment), purchaseOrderNumber: basket.payment?.purchaseOrderNumber ?? "" },
    paymentResult: paymentResultOf(url),
    messages: basket.messages.filter((m) => m.code.startsWith("payment")),
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  const values = { choice: String(form.get("choice") ?? ""), purchaseOrderNumber: String(form.get("purchaseOrderNumber") ?? "") };
  const parsed = paymentSchema.safeParse(values);
  if (!parsed.success) return data({ errors: toFieldErrors(parsed.error), values }, { status: 400 });

  const { gateway, scope } = requireBooking(context);
  const basket = requireBasket(scope);
  const { choice, purchaseOrderNumber } = parsed.data;
  const saved = await updateBasketPayment(gateway, basket.id, paymentChoiceOf(choice, purchaseOrderNumber));
  if (!saved.ok) return data({ errors: paymentErrors(saved.problem, ["method", "payLater"]), values }, { status: saved.status });
  return continueBooking(gateway, saved.data);
}

export default function PaymentStep({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, quote, saved, paymentResult, messages } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const values = actionData?.values ?? saved;
  const submitting = useSubmitting();
  const card = paymentOption(quote.paymentOptions, "card");
  const invoice = paymentOption(quote.paymentOptions, "invoice");
  const options: RadioOption[] = [];
  if (card) {
    options.push(methodOption(card, "card", "Pay by card now", "After you confirm your booking you pay on our card provider's secure page."));
    if (card.available && card.payLaterAvailable && card.holdUntil) {
      options.push({
        value: "card-later",
        label: `Book now and pay by card later, by ${formatDate(card.holdUntil)}`,
        hint: "We hold your booking unpaid until then. If it is not paid by that date, the places are released.",
      });
    }
  }
  if (invoice) {
    options.push(methodOption(invoice, "invoice", "Pay by invoice", "We send an invoice to your school. You can add a purchase order number."));
  }
  if (quote.total.amount === 0) {
    return (
      <BookingStep booking={booking} step="payment" title="How would you like to pay?">
        <FormErrors errors={errors} />
        <p>There is nothing to pay for this visit.</p>
        <Form method="post" noValidate className="booking-form">
          <input type="hidden" name="choice" value="none" />
          <div className="actions">
            <SaveAndContinue submitting={submitting} />
          </div>
        </Form>
      </BookingStep>
    );
  }
  return (
    <BookingStep booking={booking} step="payment" title="How would you like to pay?">
      <PaymentProblem result={paymentResult} messages={messages} fallbacks={PAYMENT_RESULTS}>
        <p>Your places and everything you entered are kept. Choose how to pay, then confirm your booking again.</p>
      </PaymentProblem>
      <FormErrors errors={errors} />
      <p>
        The total for your visit is <strong>{formatMoney(quote.total)}</strong>.
      </p>
      <details className="notice">
        <summary>When card payments are taken</summary>
        <ul>
          <li>Visits less than 28 days away are paid by card when you book.</li>
          <li>Visits 28 to 59 days away can be held unpaid for 3 days, then paid by card.</li>
          <li>Visits 60 or more days away can be held unpaid until 60 days before the visit.</li>
          <li>An unpaid booking that is not paid in time lapses, and its places are released.</li>
          <li>Schools and colleges booking more than 28 days ahead can pay by invoice instead.</li>
        </ul>
      </details>
      <Form method="post" noValidate className="booking-form">
        <RadioGroup name="choice" legend="Payment method" options={options} defaultValue={values.choice} error={errors.choice} />
        {invoice?.available ? <PurchaseOrderField value={values.purchaseOrderNumber} error={errors.purchaseOrderNumber} /> : null}
        <div className="actions">
          <SaveAndContinue submitting={submitting} />
        </div>
      </Form>
    </BookingStep>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Payment");
