import { formatMoney } from "../../shell/format";
import "./booking.css";
import type { Money, PriceLine } from "../../../generated/schemas";

interface PriceTableProps {
  lines: readonly PriceLine[];
  total: Money;
  caption?: string;
  /** The label of the total row. */
  totalLabel?: string;
  /** Shows a price of nothing as "Free" (otherwise as £0.00). */
  freeForZero?: boolean;
}

/** The gateway's price lines and total, as a table (the app computes no prices). */
export function PriceTable({ lines, total, caption = "Price", totalLabel = "Total", freeForZero = true }: PriceTableProps) {
  const price = (money: Money) => (freeForZero && money.amount === 0 ? "Free" : formatMoney(money));
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
            <td>{price(line.unitPrice)}</td>
            <td>{price(line.total)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={3}>
            {totalLabel}
          </th>
          <td>{formatMoney(total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
