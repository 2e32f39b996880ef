import { z } from "zod";
import type { Route } from "./+types/confirmation";
import { getOrder } from "../../api/orders.server";
import { required } from "../../api/result.server";
import { requireBooking } from "../../booking/basket.server";
import { describeOrder } from "../../booking/booking-view";
import { FLOW_STEPS, STEP_PATHS } from "../../booking/steps";
import { BookingBreadcrumb } from "../../components/booking/booking-breadcrumb";
import { OrderNextSteps } from "../../components/orders/order-next-steps";
import { formatDateTime, ORDER_STATUS_LABELS } from "../../orders/format";
import { formatDate, formatMoney } from "../../shell/format";
import { pageTitle } from "../../shell/meta";
import { validParams } from "../../forms/params";
import type { Order } from "../../../generated/schemas";

const querySchema = z.object({ orderId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

export async function loader({ context, url }: Route.LoaderArgs) {
  const { orderId } = validParams(querySchema, { orderId: url.searchParams.get("orderId") });
  const { gateway, scope } = requireBooking(context);
  const order = required(await getOrder(gateway, orderId));
  return { flow: scope.flow, order };
}

/** What happens next, by the order's status and payment. */
function nextSteps(order: Order): string[] {
  const steps: string[] = [];
  if (order.status === "held") {
    steps.push(
      order.heldUntil
        ? `Your places are held until ${formatDateTime(order.heldUntil)}. Pay by card from your order page before then, or the booking lapses and the places are released.`
        : "Your places are held while your card payment is completed. Pay from your order page.",
    );
  } else if (order.payment.method === "invoice") {
    steps.push(
      `We will send an invoice for ${formatMoney(order.total)} to ${order.organisation.name}${order.payment.purchaseOrderNumber ? `, quoting purchase order ${order.payment.purchaseOrderNumber}` : ""}. Please pay it within 30 days.`,
    );
  } else if (order.payment.method === "card" && order.payment.status === "paid") {
    steps.push(`Your card payment of ${formatMoney(order.total)} has been taken.`);
  } else if (order.payment.method === "none" || order.total.amount === 0) {
    steps.push("There is nothing to pay for this visit.");
  }
  steps.push("We will email you a confirmation with directions, and a reminder a week before your visit.");
  steps.push("If your numbers change, tell us from your order page. You can ask to cancel there too.");
  return steps;
}

export default function Confirmation({ loaderData: { flow, order } }: Route.ComponentProps) {
  const confirmed = order.status === "confirmed";
  const steps = FLOW_STEPS[flow].filter((s) => s !== "confirmation");
  const view = describeOrder(order);
  return (
    <div className="page booking-page">
      <BookingBreadcrumb
        flow={flow}
        current="confirmation"
        completedSteps={steps}
        paymentSkipped={order.payment.method === "none"}
        linkDone={false}
      />
      <div className={confirmed ? "success" : "notice"}>
        <h1>{confirmed ? "Your visit is booked" : `Your booking is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}`}</h1>
        <p>
          Your booking reference is <strong className="reference">{order.reference}</strong>
        </p>
      </div>
      <dl className="card">
        <dt>Status</dt>
        <dd>{ORDER_STATUS_LABELS[order.status]}</dd>
        <dt>Visit</dt>
        <dd>
          {view.venue}, {view.visitDate ? formatDate(view.visitDate) : ""}, arriving {view.arrival}
        </dd>
        <dt>People</dt>
        <dd>{view.people}</dd>
        {view.price ? (
          <>
            <dt>Total</dt>
            <dd>{formatMoney(view.price.total)}</dd>
          </>
        ) : null}
      </dl>
      <OrderNextSteps
        orderId={order.id}
        view={view}
        steps={nextSteps(order)}
        calendarFile={`visit-${order.reference}.ics`}
        another={{ to: STEP_PATHS.date, label: "Book another visit" }}
      />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(matches, loaderData ? `Booking ${loaderData.order.reference}` : "Booking confirmed");
