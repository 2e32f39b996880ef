import { Form } from "react-router";
import type { BookingView } from "../../booking/booking-view";
import { STEP_PATHS } from "../../booking/steps";
import { formatDate, formatMoney } from "../../shell/format";
import "./booking.css";

export interface BookingCardProps {
  /** The booking so far (app/booking/booking-view.ts), or null before there is one. */
  view: BookingView | null;
  /** Offer "Start a new booking" (discards the draft). */
  allowDiscard?: boolean;
}

/** The booking so far, beside every step: the one view of the gateway's basket, nothing computed here. */
export function BookingCard({ view, allowDiscard = true }: BookingCardProps) {
  return (
    <aside className="booking-card" aria-labelledby="booking-card-heading">
      <h2 id="booking-card-heading">Your booking</h2>
      {!view || !view.venue ? (
        <p>Nothing chosen yet. Start by choosing a museum and a date.</p>
      ) : (
        <dl>
          <dt>Organisation</dt>
          <dd>{view.organisation}</dd>
          <dt>Museum</dt>
          <dd>{view.venue}</dd>
          {view.visitDate ? (
            <>
              <dt>Date</dt>
              <dd>{formatDate(view.visitDate)}</dd>
            </>
          ) : null}
          {view.people > 0 ? (
            <>
              <dt>People</dt>
              <dd>
                {view.people}
                {view.adults ? ` (${view.adults})` : ""}
              </dd>
            </>
          ) : null}
          {view.arrival ? (
            <>
              <dt>Arriving</dt>
              <dd>{view.arrival}</dd>
            </>
          ) : null}
          {view.day.length > 0 ? (
            <>
              <dt>Activities</dt>
              <dd>
                <ul>
                  {view.day.map((entry) => (
                    <li key={`${entry.activityId}-${entry.slotId}`}>
                      {entry.start}–{entry.end} {entry.name}
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          ) : null}
          {view.tickets ? (
            <>
              <dt>Tickets</dt>
              <dd>{view.tickets}</dd>
            </>
          ) : null}
          {view.group ? (
            <>
              <dt>Group</dt>
              <dd>{view.group.name}</dd>
            </>
          ) : null}
          {view.payment ? (
            <>
              <dt>Payment</dt>
              <dd>{view.payment}</dd>
            </>
          ) : null}
          {view.price ? (
            <>
              <dt>Total</dt>
              <dd>{formatMoney(view.price.total)}</dd>
            </>
          ) : null}
        </dl>
      )}
      {allowDiscard && view ? (
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
