import { data } from "react-router";
import { Link } from "../../components/link";
import { z } from "zod";
import type { Route } from "./+types/order";
import { completePaymentReturn } from "../../api/booking.server";
import { getCurrentTerms } from "../../api/cms.server";
import { getOrder } from "../../api/orders.server";
import { gatewayFailure, required } from "../../api/result.server";
import { paymentReturn, returnUrlFor } from "../../booking/card-payment.server";
import { describeOrder } from "../../booking/booking-view";
import { newIdempotencyKey } from "../../booking/idempotency";
import { PriceTable } from "../../components/booking/price-table";
import { amendLines, bookedValues } from "../../orders/amendment";
import { AmendmentConfirmForm, AmendmentEditForm } from "../../components/orders/amendment-form";
import { CancellationForm } from "../../components/orders/cancellation-form";
import { ManageOrder } from "../../components/orders/manage-order";
import { OrderSummary } from "../../components/orders/order-summary";
import { OrderDay, OrderTimeline } from "../../components/orders/order-timeline";
import {
  amendNumbers, editNumbers, orderIntentSchema, payForOrder, quoteNumbers, requestCancellation, unknownOrderIntent,
  type OrderActionContext,
} from "../../orders/order-actions.server";
import {
  ORDER_CHANGE_TITLES, ORDER_NOTICES, ORDER_PAGE_PARAMS, orderChange, orderNoticeFrom, orderPath, type OrderChange,
} from "../../orders/order-page";
import { servicesContext } from "../../session/context";
import { redirectWithNotice, takeNotice } from "../../session/notice.server";
import { requireUser } from "../../session/current-user.server";
import { pageTitle } from "../../shell/meta";
import { validParams } from "../../forms/params";
import "../../components/booking/group/group.css";
import { useSubmitting } from "../../shell/pending";

const paramsSchema = z.object({ orderId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const { orderId } = validParams(paramsSchema, params);
  const { gateway } = requireUser(context);

  // Back from the hosted payment page: report its answer (verbatim) with the payment the
  // user was sent to pay, then show the order with the outcome. Reporting the same return
  // again is harmless.
  const back = await paymentReturn(context.get(servicesContext).session, url, ORDER_PAGE_PARAMS);
  if (back) {
    const headers = { "Set-Cookie": back.setCookie };
    const result = await completePaymentReturn(gateway, back.paymentId, { parameters: back.parameters });
    // No usable answer: the error page, the payment still remembered, so a reload reports it again.
    if (!result.ok && result.upstream) throw gatewayFailure(result);
    if (!result.ok && result.status === 404) throw data(null, { status: 404, headers });
    // The notice is saved with the session paymentReturn changed: one Set-Cookie for both.
    throw await redirectWithNotice(context, orderPath(orderId), `payment-${result.ok ? result.data.status : "unverified"}`);
  }

  const order = required(await getOrder(gateway, orderId));
  const lines = amendLines(order);
  const change = orderChange(url.searchParams.get("change"), order, lines);

  let termsSummary: string | undefined;
  if (change === "cancel" && !order.cancellationPolicy) {
    const terms = await getCurrentTerms(context.get(servicesContext).cms, order.kind === "outreach" ? "outreach" : "booking");
    termsSummary = terms.ok ? terms.data.summary : undefined;
  }
  return {
    order,
    change,
    lines,
    termsSummary,
    notice: orderNoticeFrom(takeNotice(context)),
    // One key per attempt to pay, kept in the form so a double submit starts one payment.
    payKey: newIdempotencyKey(),
  };
}

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const { orderId } = validParams(paramsSchema, params);
  const { gateway } = requireUser(context);
  const form = await request.formData();
  const parsed = orderIntentSchema.safeParse({ intent: form.get("intent") });
  if (!parsed.success) return unknownOrderIntent();

  const here = orderPath(orderId);
  // The hosted payment page sends the user back here (see the loader).
  const orderAction: OrderActionContext = {
    gateway,
    session: context.get(servicesContext).session,
    orderId,
    here,
    returnUrl: returnUrlFor(url, here),
    backWith: (notice) => redirectWithNotice(context, here, notice),
  };
  switch (parsed.data.intent) {
    case "pay": return payForOrder(orderAction, form);
    case "cancel": return requestCancellation(orderAction, form);
    case "edit": return editNumbers(orderAction, form);
    case "quote": return quoteNumbers(orderAction, form);
    case "amend": return amendNumbers(orderAction, form);
  }
}

export default function OrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { order, lines, notice, payKey, termsSummary } = loaderData;
  const view = describeOrder(order);
  const submitting = useSubmitting();
  const here = orderPath(order.id);
  const change: OrderChange = actionData?.intent === "numbers" ? "numbers" : actionData?.intent === "cancel" ? "cancel" : loaderData.change;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const noticeView = notice ? ORDER_NOTICES[notice] : null;

  return (
    <div className="page">
      <p>
        <Link to="/account/orders">Back to your orders</Link>
      </p>
      <h1>
        Order <span className="reference">{order.reference}</span>
      </h1>
      {noticeView ? (
        <p role="status" className={noticeView.kind === "success" ? "success" : "order-warning"}>
          {noticeView.text}
        </p>
      ) : null}

      <OrderSummary order={order} view={view} />

      {change === "numbers" && lines ? (
        <section className="order-action" aria-labelledby="numbers-heading">
          <h2 id="numbers-heading">Increase numbers</h2>
          {actionData?.intent === "numbers" && actionData.step === "confirm" ? (
            <AmendmentConfirmForm lines={lines} values={actionData.values} quote={actionData.quote} idempotencyKey={actionData.idempotencyKey} submitting={submitting} />
          ) : (
            <AmendmentEditForm
              lines={lines}
              values={actionData?.intent === "numbers" ? actionData.values : bookedValues(lines)}
              errors={errors}
              cancelTo={here}
              submitting={submitting}
            />
          )}
        </section>
      ) : change === "cancel" ? (
        <section className="order-action" aria-labelledby="cancel-heading">
          <h2 id="cancel-heading">Ask to cancel this booking</h2>
          <CancellationForm
            policy={order.cancellationPolicy}
            termsSummary={termsSummary}
            reason={actionData?.intent === "cancel" ? actionData.reason : ""}
            errors={errors}
            keepTo={here}
            submitting={submitting}
          />
        </section>
      ) : (
        <ManageOrder order={order} lines={lines} payKey={(actionData?.intent === "pay" ? actionData.idempotencyKey : undefined) ?? payKey} payError={actionData?.intent === "pay" ? errors.form : undefined} submitting={submitting} />
      )}

      <OrderDay view={view} arrive={order.kind === "outreach" ? "Our team arrives" : "Arrive"} />
      {view.price ? <PriceTable lines={view.price.lines} total={view.price.total} freeForZero={false} /> : null}
      <OrderTimeline timeline={order.timeline} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return pageTitle(matches, "Order");
  const order = `Order ${loaderData.order.reference}`;
  return pageTitle(matches, loaderData.change ? `${ORDER_CHANGE_TITLES[loaderData.change]}: ${order}` : order);
};
