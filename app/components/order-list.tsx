import { Link } from "./link";
import { formatDate, formatMoney } from "../shell/format";
import { ORDER_STATUS_LABELS } from "../orders/format";
import type { OrderSummary } from "../../generated/schemas";

const KIND_LABELS: Record<OrderSummary["kind"], string> = { visit: "School visit", "group-visit": "Group visit", outreach: "Outreach" };

export function OrderList({ orders, caption }: { orders: readonly OrderSummary[]; caption: string }) {
  if (orders.length === 0) return <p>{caption}: none.</p>;
  return (
    <table className="order-list">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Reference</th>
          <th scope="col">Visit date</th>
          <th scope="col">Venue</th>
          <th scope="col">Type</th>
          <th scope="col">Participants</th>
          <th scope="col">Status</th>
          <th scope="col">Total</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id}>
            <th scope="row">
              <Link to={`/account/orders/${encodeURIComponent(order.id)}`}>{order.reference}</Link>
            </th>
            <td>{formatDate(order.visitDate)}</td>
            <td>{order.venue.name}</td>
            <td>{KIND_LABELS[order.kind]}</td>
            <td>{order.participants}</td>
            <td>{ORDER_STATUS_LABELS[order.status]}</td>
            <td>{formatMoney(order.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
