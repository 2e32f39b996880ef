import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/confirmation";
import { getOrder } from "../../../api/orders.server";
import { required } from "../../../api/result.server";
import { describeOrder } from "../../../booking/booking-view";
import { OrderNextSteps } from "../../../components/orders/order-next-steps";
import { requireOutreach } from "../../../outreach/basket.server";
import { cancelBy, londonToday } from "../../../outreach/notice";
import { OutreachBreadcrumb } from "../../../components/outreach/outreach-step";
import { OUTREACH_PATHS, OUTREACH_TITLES } from "../../../outreach/steps";
import { ORDER_STATUS_LABELS } from "../../../orders/format";
import { formatDate, formatMoney } from "../../../shell/format";
import { pageTitle } from "../../../shell/meta";
import { validParams } from "../../../forms/params";
import type { Order } from "../../../../generated/schemas";

const querySchema = z.object({ orderId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

export async function loader({ context, url }: Route.LoaderArgs) {
  const { orderId } = validParams(querySchema, { orderId: url.searchParams.get("orderId") });
  const { gateway } = requireOutreach(context);
  const order = required(await getOrder(gateway, orderId));
  if (order.kind !== "outreach") throw data(null, { status: 404 });
  return { order, today: londonToday() };
}

/** What happens next, by the order's status and payment. */
function nextSteps(order: Order, today: string): string[] {
  const steps: string[] = [];
  if (order.status === "requested") {
    if (order.payment.method === "invoice") {
      steps.push(
        `We will email a pro-forma invoice for ${formatMoney(order.total)} to ${order.organisation.name}${
          order.payment.purchaseOrderNumber ? `, quoting purchase order ${order.payment.purchaseOrderNumber}` : ""
        }. Your visit is confirmed when it is paid.`,
      );
    } else if (order.payment.method === "card") {
      steps.push("Your card payment has not been taken yet. Pay from your order page: your visit is confirmed when it is paid.");
    }
  } else if (order.status === "confirmed") {
    steps.push(order.payment.status === "paid" ? `Your payment of ${formatMoney(order.total)} has been received: your visit is confirmed.` : "Your visit is confirmed.");
  }
  steps.push("Our outreach team will contact you before the visit to talk through the day.");
  const last = cancelBy(order.visitDate);
  steps.push(
    last < today
      ? "Cancelling needs 28 days' notice: this visit is less than 28 days away, so it cannot be cancelled online. Contact the outreach team if something changes."
      : `Cancelling needs 28 days' notice: you can ask to cancel from your order page until ${formatDate(last)}.`,
  );
  return steps;
}

export default function OutreachConfirmation({ loaderData: { order, today } }: Route.ComponentProps) {
  const confirmed = order.status === "confirmed";
  return (
    <div className="page booking-page outreach-page">
      <OutreachBreadcrumb current="confirmation" basket={null} linkDone={false} allDone />
      <div className={confirmed ? "success" : "notice"}>
        <h1>{confirmed ? "Your outreach visit is booked" : OUTREACH_TITLES.confirmation}</h1>
        <p>
          Your reference is <strong className="reference">{order.reference}</strong>
        </p>
      </div>
      <dl className="card">
        <dt>Status</dt>
        <dd>{ORDER_STATUS_LABELS[order.status]}</dd>
        <dt>School</dt>
        <dd>{order.organisation.name}</dd>
        <dt>Date</dt>
        <dd>{formatDate(order.visitDate)}</dd>
        {order.schedule && order.schedule.length > 0 ? (
          <>
            <dt>Sessions</dt>
            <dd>
              <ul>
                {order.schedule.map((entry, i) => (
                  <li key={i}>
                    {entry.start}–{entry.end} {entry.name} ({entry.participants} pupils)
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
        {order.outreach?.schedule ? (
          <>
            <dt>Our team&apos;s lunch break</dt>
            <dd>
              {order.outreach.schedule.lunchBreak.start}–{order.outreach.schedule.lunchBreak.end}
            </dd>
          </>
        ) : null}
        <dt>Total</dt>
        <dd>{formatMoney(order.total)}</dd>
      </dl>
      <OrderNextSteps
        orderId={order.id}
        view={describeOrder(order)}
        steps={nextSteps(order, today)}
        calendarFile={`outreach-${order.reference}.ics`}
        another={{ to: OUTREACH_PATHS.eligibility, label: "Request another outreach visit" }}
      />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(matches, loaderData ? `${OUTREACH_TITLES.confirmation}: ${loaderData.order.reference}` : OUTREACH_TITLES.confirmation);
