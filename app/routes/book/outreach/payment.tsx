import { data, Form, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/payment";
import { checkoutBasket, getBasket, getBasketQuote, updateBasketPayment } from "../../../api/booking.server";
import { paymentReturn, settleCheckoutReturn, toHostedPayment } from "../../../booking/card-payment.server";
import { checkoutRequest } from "../../../booking/checkout.server";
import { IDEMPOTENCY_FIELD, isIdempotencyKey, newIdempotencyKey } from "../../../booking/idempotency";
import { paymentChoiceOf, paymentErrors, paymentResultOf, purchaseOrderNumberSchema } from "../../../booking/payment.server";
import { FormErrors } from "../../../components/form-errors";
import { RadioGroup, type RadioOption } from "../../../components/booking/fields";
import { methodOption, paymentOption, PaymentProblem, PurchaseOrderField } from "../../../components/booking/payment-choice";
import { PriceTable } from "../../../components/booking/price-table";
import {
  outreachActivities, outreachView, requireOutreach, requireOutreachBasket,
} from "../../../outreach/basket.server";
import { BackLink, OutreachStepPage } from "../../../components/outreach/outreach-step";
import { firstMissingStep, OUTREACH_PATHS, OUTREACH_PAYMENT_PARAMS, OUTREACH_TITLES, outreachConfirmationPath } from "../../../outreach/steps";
import { londonToday, outreachNotices } from "../../../outreach/notice";
import { servicesContext } from "../../../session/context";
import { formatMoney } from "../../../shell/format";
import { pageTitle } from "../../../shell/meta";
import { gatewayFailure, problemText } from "../../../api/result.server";
import { useSubmitting } from "../../../shell/pending";

const CHOICES = ["invoice", "card"] as const;

const paymentSchema = z.object({
  choice: z.enum(CHOICES, { error: "Choose how you will pay" }),
  purchaseOrderNumber: purchaseOrderNumberSchema,
  basketId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  [IDEMPOTENCY_FIELD]: z.string().refine(isIdempotencyKey),
  expectedTotal: z.coerce.number().int().min(0),
});

const PAYMENT_RESULTS = {
  failed: "Your card payment did not go through, so you have not been charged. Your request has been kept: try again, or choose the pro-forma invoice.",
  cancelled: "You cancelled the card payment, so you have not been charged. Your request has been kept: pay when you are ready, or choose the pro-forma invoice.",
} as const;

export async function loader({ context, url }: Route.LoaderArgs) {
  const { gateway, scope } = requireOutreach(context);

  // Back from the hosted payment page: its parameters go to the gateway verbatim, with the
  // payment the user was sent to pay (remembered in the session).
  const back = await paymentReturn(context.get(servicesContext).session, url, OUTREACH_PAYMENT_PARAMS);
  if (back) {
    throw await settleCheckoutReturn(gateway, back, { kind: "outreach", confirmation: outreachConfirmationPath, paymentStep: OUTREACH_PATHS.payment });
  }

  const basket = requireOutreachBasket(scope);
  const [activities, quote] = await Promise.all([outreachActivities(gateway, scope.organisationId), getBasketQuote(gateway, basket.id)]);
  if (!quote.ok) {
    if (quote.status === 409) throw redirect(OUTREACH_PATHS[firstMissingStep(basket)]);
    throw gatewayFailure(quote);
  }
  const options = quote.data.paymentOptions;
  const preferred = options.find((o) => o.preferred && o.available)?.method ?? "invoice";
  const savedMethod = basket.payment?.method;
  const visitDate = basket.outreach?.schedule?.date ?? null;
  return {
    outreach: outreachView(scope, activities),
    quote: quote.data,
    saved: {
      choice: savedMethod === "card" || savedMethod === "invoice" ? savedMethod : preferred,
      purchaseOrderNumber: basket.payment?.purchaseOrderNumber ?? "",
    },
    notices: outreachNotices([...basket.messages, ...quote.data.messages], visitDate, londonToday()),
    paymentResult: paymentResultOf(url),
    messages: basket.messages.filter((m) => m.code.startsWith("payment")),
    idempotencyKey: newIdempotencyKey(),
  };
}

type Errors = Record<string, string>;

export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  const values = { choice: String(form.get("choice") ?? ""), purchaseOrderNumber: String(form.get("purchaseOrderNumber") ?? "") };
  const parsed = paymentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const errors: Errors = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      if (field === "choice" || field === "purchaseOrderNumber") errors[field] ??= issue.message;
      else errors.form ??= "Something went wrong with the form. Check your choice and send your request again.";
    }
    return data({ errors, values, idempotencyKey: null as string | null }, { status: 400 });
  }
  const { gateway, scope } = requireOutreach(context);
  const { choice, purchaseOrderNumber, basketId, idempotencyKey, expectedTotal } = parsed.data;
  const failed = (errors: Errors, status: number, sameKey = false) =>
    data({ errors, values, idempotencyKey: sameKey ? idempotencyKey : newIdempotencyKey() }, { status });

  // A second submit after the first made the order: show that order. When the gateway gives
  // no usable answer this cannot be told: its message, and the same key to send again.
  const alreadySent = async () => {
    const basket = await getBasket(gateway, basketId);
    if (!basket.ok && basket.upstream) return failed({ form: problemText(basket.problem) }, basket.status, true);
    return basket.ok && basket.data.orderId && basket.data.status === "checked-out" ? redirect(outreachConfirmationPath(basket.data.orderId)) : null;
  };
  if (!scope.basket || scope.basket.id !== basketId) {
    const sent = await alreadySent();
    if (sent) return sent;
    return failed({ form: "This request has changed in another window. Check it and send it again." }, 409);
  }
  const basket = scope.basket;

  const body = paymentChoiceOf(choice, purchaseOrderNumber);
  const same =
    basket.payment?.method === body.method && (basket.payment.purchaseOrderNumber ?? "") === (body.purchaseOrderNumber ?? "") && basket.completedSteps.includes("payment");
  if (!same) {
    const saved = await updateBasketPayment(gateway, basket.id, body);
    if (!saved.ok) {
      if (saved.status === 409) {
        const sent = await alreadySent();
        if (sent) return sent;
      }
      return failed(paymentErrors(saved.problem, ["method"]), saved.status);
    }
  }

  const termsVersion = basket.outreach?.acceptedTermsVersion ?? "";
  const checkout = checkoutRequest({ termsVersion, expectedTotal, url, returnPath: OUTREACH_PATHS.payment });
  const result = await checkoutBasket(gateway, basket.id, idempotencyKey, checkout);
  if (result.ok) {
    if (result.data.payment) return toHostedPayment(context.get(servicesContext).session, result.data.payment, OUTREACH_PATHS.payment);
    return redirect(outreachConfirmationPath(result.data.order.id));
  }
  const { problem } = result;
  const message = problemText(problem);
  // No usable answer (a time-out: the order may have been made): the same key, so sending
  // again gives that order rather than a second one (docs/decisions/0009-response-validation-and-faults.md).
  if (result.upstream) return failed({ form: `${message} Your request is saved: select the button again to send it.` }, result.status, true);
  switch (problem.code) {
    case "idempotency_key_in_flight":
      return failed({ form: "We are still sending your request. Wait a few seconds, then select the button again." }, result.status, true);
    case "basket_not_open": {
      const sent = await alreadySent();
      if (sent) return sent;
      return failed({ form: `${message} Start a new request if you still want a visit.` }, result.status);
    }
    case "terms_outdated":
      return failed({ form: `${message} Go back to the terms, accept the current version, then send your request again.` }, result.status);
    case "price_changed":
      return failed({ form: `${message} Check the new total below, then send your request again.` }, result.status);
    default:
      return failed({ form: message }, result.status);
  }
}

export function shouldRevalidate() {
  // The quote and the saved payment choice may have changed after any submit.
  return true;
}

export default function PaymentStep({ loaderData, actionData }: Route.ComponentProps) {
  const { outreach, quote, saved, notices, paymentResult, messages } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const values = actionData?.values ?? saved;
  const key = actionData?.idempotencyKey ?? loaderData.idempotencyKey;
  const submitting = useSubmitting();
  const invoice = paymentOption(quote.paymentOptions, "invoice");
  const card = paymentOption(quote.paymentOptions, "card");
  const options: RadioOption[] = [];
  if (invoice) {
    options.push(
      methodOption(
        invoice,
        "invoice",
        "Pro-forma invoice (recommended)",
        "We send a pro-forma invoice to your school. Your visit is confirmed when it is paid. You can add a purchase order number.",
      ),
    );
  }
  if (card) {
    options.push(
      methodOption(card, "card", "Pay by card now", "After you send your request you pay on our card provider's secure page. Your visit is confirmed when it is paid."),
    );
  }
  return (
    <OutreachStepPage outreach={outreach} step="payment" title="How would you like to pay?" quote={quote}>
      <PaymentProblem result={paymentResult} messages={messages} fallbacks={PAYMENT_RESULTS} />
      <FormErrors errors={errors} fieldIds={{ choice: "choice", purchaseOrderNumber: "purchaseOrderNumber" }} />
      <div className="notice">
        <p>
          <strong>{notices.request}</strong>
        </p>
        <p>{notices.cancellation}</p>
      </div>
      <PriceTable lines={quote.lines} total={quote.total} />
      <Form method="post" noValidate className="booking-form">
        <input type="hidden" name="basketId" value={outreach.basket?.id ?? ""} />
        <input type="hidden" name={IDEMPOTENCY_FIELD} value={key} />
        <input type="hidden" name="expectedTotal" value={quote.total.amount} />
        <RadioGroup name="choice" legend="Payment method" options={options} defaultValue={values.choice} error={errors.choice} />
        {invoice?.available ? <PurchaseOrderField value={values.purchaseOrderNumber} error={errors.purchaseOrderNumber} /> : null}
        <div className="actions">
          <button type="submit" disabled={submitting}>
            {submitting ? "Sending…" : `Send request (${formatMoney(quote.total)})`}
          </button>
        </div>
      </Form>
      <BackLink to="summary">Back to check your request</BackLink>
    </OutreachStepPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, OUTREACH_TITLES.payment);
