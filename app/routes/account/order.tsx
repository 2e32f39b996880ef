import { Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/order";
import { getOrder } from "../../api/gateway.server";
import { required } from "../../api/result.server";
import { requireUser } from "../../current-user.server";
import { formatDate, formatDateTime, formatMoney, ORDER_STATUS_LABELS } from "../../format";
import { pageTitle } from "../../meta";
import { validParams } from "../../params";

const paramsSchema = z.object({ orderId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const { orderId } = validParams(paramsSchema, params);
  const { gateway } = requireUser(context, url);
  return { order: required(await getOrder(gateway, orderId)) };
}

const paymentMethods = { card: "Card", invoice: "Invoice", none: "No payment needed" } as const;

export default function OrderDetail({ loaderData: { order } }: Route.ComponentProps) {
  return (
    <div className="page">
      <p>
        <Link to="/account/orders">Back to your orders</Link>
      </p>
      <h1>Order {order.reference}</h1>
      <dl className="card">
        <dt>Status</dt>
        <dd>{ORDER_STATUS_LABELS[order.status]}</dd>
        <dt>Visit</dt>
        <dd>
          {order.venue.name}, {formatDate(order.visitDate)}, arriving {order.arrivalTime}
        </dd>
        <dt>Organisation</dt>
        <dd>{order.organisation.name}</dd>
        <dt>Participants</dt>
        <dd>{order.participants}</dd>
        <dt>Payment</dt>
        <dd>
          {paymentMethods[order.payment.method]}, {order.payment.status.replace("-", " ")}
          {order.payment.purchaseOrderNumber ? ` (purchase order ${order.payment.purchaseOrderNumber})` : ""}
        </dd>
      </dl>

      <table>
        <caption>Price</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Quantity</th>
            <th scope="col">Price each</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, i) => (
            <tr key={i}>
              <th scope="row">{line.description}</th>
              <td>{line.quantity}</td>
              <td>{formatMoney(line.unitPrice)}</td>
              <td>{formatMoney(line.total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Total
            </th>
            <td>{formatMoney(order.total)}</td>
          </tr>
        </tfoot>
      </table>

      <h2>Timeline</h2>
      <ol className="timeline">
        {order.timeline.map((entry, i) => (
          <li key={i}>
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>: {entry.description}
          </li>
        ))}
      </ol>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(matches, loaderData ? `Order ${loaderData.order.reference}` : "Order");
