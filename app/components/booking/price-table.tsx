import type { Money, PriceLine } from "../../api/booking.server";
import { formatMoney } from "../../format";
import "./booking.css";

/** The gateway's price lines and total, as a table (the app computes no prices). */
export function PriceTable({ lines, total, caption = "Price" }: { lines: readonly PriceLine[]; total: Money; caption?: string }) {
  return (
    <table className="price-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Quantity</th>
          <th scope="col">Price each</th>
          <th scope="col">Total</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, i) => (
          <tr key={i}>
            <th scope="row">{line.description}</th>
            <td>{line.quantity}</td>
            <td>{line.unitPrice.amount === 0 ? "Free" : formatMoney(line.unitPrice)}</td>
            <td>{line.total.amount === 0 ? "Free" : formatMoney(line.total)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={3}>
            Total
          </th>
          <td>{formatMoney(total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
