import { Form } from "react-router";
import { STEP_PATHS } from "../../booking/steps";
import { formatDate, formatMoney } from "../../shell/format";
import "./booking.css";
import type { Basket, Quote } from "../../../generated/schemas";

const PAYMENT_LABELS = { card: "Card", invoice: "Invoice", none: "Nothing to pay" } as const;
const TICKET_LABELS = { adult: "adult", child: "child", concession: "concession", carer: "free carer" } as const;

export interface BookingCardProps {
  basket: Basket | null;
  /** The gateway's quote, when the basket can be priced. */
  quote?: Quote | null;
  /** Offer "Start a new booking" (discards the draft). */
  allowDiscard?: boolean;
}

/** The booking so far, beside every step: what is saved at the gateway, nothing computed here. */
export function BookingCard({ basket, quote, allowDiscard = true }: BookingCardProps) {
  const info = basket?.information;
  const arrival = info?.arrivalTime ?? basket?.groupDetails?.arrivalTime;
  const tickets = summariseTickets(basket?.tickets ?? []);
  return (
    <aside className="booking-card" aria-labelledby="booking-card-heading">
      <h2 id="booking-card-heading">Your booking</h2>
      {!basket || !basket.venue ? (
        <p>Nothing chosen yet. Start by choosing a museum and a date.</p>
      ) : (
        <dl>
          <dt>Organisation</dt>
          <dd>{basket.organisation.name}</dd>
          <dt>Museum</dt>
          <dd>{basket.venue.name}</dd>
          {basket.visitDate ? (
            <>
              <dt>Date</dt>
              <dd>{formatDate(basket.visitDate)}</dd>
            </>
          ) : null}
          {basket.participants > 0 ? (
            <>
              <dt>People</dt>
              <dd>
                {basket.participants}
                {info ? ` (${info.adults} ${info.adults === 1 ? "adult" : "adults"}${info.oneToOneCarers > 0 ? `, ${info.oneToOneCarers} one-to-one ${info.oneToOneCarers === 1 ? "carer" : "carers"}` : ""})` : ""}
              </dd>
            </>
          ) : null}
          {arrival ? (
            <>
              <dt>Arriving</dt>
              <dd>{arrival}</dd>
            </>
          ) : null}
          {basket.schedule.length > 0 ? (
            <>
              <dt>Activities</dt>
              <dd>
                <ul>
                  {basket.schedule.map((entry) => (
                    <li key={`${entry.activityId}-${entry.slotId}`}>
                      {entry.start}–{entry.end} {entry.name}
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          ) : null}
          {tickets ? (
            <>
              <dt>Tickets</dt>
              <dd>{tickets}</dd>
            </>
          ) : null}
          {basket.groupDetails ? (
            <>
              <dt>Group</dt>
              <dd>{basket.groupDetails.groupName}</dd>
            </>
          ) : null}
          {basket.payment ? (
            <>
              <dt>Payment</dt>
              <dd>
                {PAYMENT_LABELS[basket.payment.method]}
                {basket.payment.purchaseOrderNumber ? ` (purchase order ${basket.payment.purchaseOrderNumber})` : ""}
                {basket.payment.payLater ? " (pay later)" : ""}
              </dd>
            </>
          ) : null}
          {quote ? (
            <>
              <dt>Total</dt>
              <dd>{formatMoney(quote.total)}</dd>
            </>
          ) : null}
        </dl>
      )}
      {allowDiscard && basket ? (
        <Form method="post" action={STEP_PATHS.date}>
          <input type="hidden" name="intent" value="discard" />
          <button type="submit" className="link-button">
            Start a new booking
          </button>
        </Form>
      ) : null}
    </aside>
  );
}

function summariseTickets(tickets: Basket["tickets"]): string | null {
  const totals = new Map<string, number>();
  for (const t of tickets) totals.set(t.ticketType, (totals.get(t.ticketType) ?? 0) + t.quantity);
  const parts = [...totals].filter(([, n]) => n > 0).map(([type, n]) => `${n} ${TICKET_LABELS[type as keyof typeof TICKET_LABELS] ?? type}`);
  return parts.length > 0 ? parts.join(", ") : null;
}
