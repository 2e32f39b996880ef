import { Link } from "../link";
import type { BookingView } from "../../booking/booking-view";
import { PriceTable } from "../booking/price-table";

interface OrderNextStepsProps {
  orderId: string;
  /** The order as its pages show it (app/booking/booking-view.ts describeOrder): its price here. */
  view: Pick<BookingView, "price">;
  /** What happens next, one sentence each. */
  steps: readonly string[];
  /** The calendar file's download name. */
  calendarFile: string;
  /** The way to book again. */
  another: { to: string; label: string };
}

/** The end of a confirmation page: what happens next, the calendar file, the order, booking again, the price. */
export function OrderNextSteps({ orderId, view, steps, calendarFile, another }: OrderNextStepsProps) {
  const orderPath = `/account/orders/${encodeURIComponent(orderId)}`;
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
      {view.price ? <PriceTable lines={view.price.lines} total={view.price.total} /> : null}
    </>
  );
}
