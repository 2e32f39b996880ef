import { Link } from "../link";
import { PriceTable } from "../booking/price-table";
import type { Order } from "../../../generated/schemas";

interface OrderNextStepsProps {
  order: Pick<Order, "id" | "lines" | "total">;
  /** What happens next, one sentence each. */
  steps: readonly string[];
  /** The calendar file's download name. */
  calendarFile: string;
  /** The way to book again. */
  another: { to: string; label: string };
}

/** The end of a confirmation page: what happens next, the calendar file, the order, booking again, the price. */
export function OrderNextSteps({ order, steps, calendarFile, another }: OrderNextStepsProps) {
  const orderPath = `/account/orders/${encodeURIComponent(order.id)}`;
  return (
    <>
      <h2>What happens next</h2>
      <ul>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ul>
      <ul className="calls-to-action">
        <li>
          <a href={`${orderPath}/calendar.ics`} download={calendarFile}>
            Add to calendar
          </a>
        </li>
        <li>
          <Link to={orderPath}>View your order</Link>
        </li>
        <li>
          <Link to={another.to}>{another.label}</Link>
        </li>
      </ul>
      <PriceTable lines={order.lines} total={order.total} />
    </>
  );
}
