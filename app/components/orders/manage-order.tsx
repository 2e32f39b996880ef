import { Form } from "react-router";
import { Link } from "../link";
import { IDEMPOTENCY_FIELD } from "../../booking/idempotency";
import type { AmendLine } from "../../orders/amendment";
import { orderPath } from "../../orders/order-page";
import { formatMoney } from "../../shell/format";
import type { Order } from "../../../generated/schemas";

/**
 * "Manage this booking": the calendar file, links to the changes the order allows, paying
 * by card, and why the numbers cannot be changed online when they cannot.
 */
export function ManageOrder({
  order,
  lines,
  payKey,
  payError,
  submitting,
}: {
  order: Order;
  /** The numbers that can go up, null when the order does not say what was booked. */
  lines: readonly AmendLine[] | null;
  /** The idempotency key of this attempt to pay. */
  payKey: string;
  /** Why the last attempt to pay was refused. */
  payError: string | undefined;
  submitting: boolean;
}) {
  const here = orderPath(order.id);
  const actions = order.allowedActions ?? [];
  const invoiceLocked = order.payment.method === "invoice" && !actions.includes("amend") && order.status !== "cancelled";
  return (
    <section className="order-actions" aria-labelledby="manage-heading">
      <h2 id="manage-heading">Manage this booking</h2>
      {payError ? (
        <p className="error-summary" role="alert">
          {payError}
        </p>
      ) : null}
      <ul>
        {order.status !== "cancelled" ? (
          <li>
            <a href={`${here}/calendar.ics`} download>
              Add to calendar<span className="visually-hidden"> (download an iCalendar file for {order.reference})</span>
            </a>
          </li>
        ) : null}
        {actions.includes("amend") && lines ? (
          <li>
            <Link to={`${here}?change=numbers`}>Increase numbers</Link>
          </li>
        ) : null}
        {actions.includes("request-cancellation") ? (
          <li>
            <Link to={`${here}?change=cancel`}>Ask to cancel this booking</Link>
          </li>
        ) : null}
      </ul>
      {actions.includes("pay") ? (
        <Form method="post">
          <input type="hidden" name={IDEMPOTENCY_FIELD} value={payKey} />
          <p>Pay by card now to confirm your booking.</p>
          <button type="submit" name="intent" value="pay" disabled={submitting}>
            Pay {formatMoney(order.total)} by card
          </button>
        </Form>
      ) : null}
      {invoiceLocked ? (
        <p className="order-notice">
          This visit is paid by invoice, so its numbers cannot be changed online. To change them, contact the bookings team.
        </p>
      ) : actions.includes("amend") && !lines ? (
        <p className="order-notice">To change the numbers of this booking, contact the bookings team.</p>
      ) : null}
    </section>
  );
}
