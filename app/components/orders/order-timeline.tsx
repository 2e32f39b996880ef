import type { BookingView } from "../../booking/booking-view";
import { formatDateTime } from "../../orders/format";
import type { Order } from "../../../generated/schemas";

/**
 * The order's day from its one view: arrival (the group's, or for outreach the museum
 * team's), then each activity's time and people.
 */
export function OrderDay({ view, arrive = "Arrive" }: { view: Pick<BookingView, "arrival" | "day">; arrive?: string }) {
  if (view.day.length === 0 && !view.arrival) return null;
  return (
    <>
      <h2>Your day</h2>
      <ul>
        {view.arrival ? (
          <li>
            <time>{view.arrival}</time> {arrive}
          </li>
        ) : null}
        {view.day.map((s) => (
          <li key={`${s.activityId}-${s.slotId}`}>
            {s.start}–{s.end} {s.name} ({s.participants} {s.participants === 1 ? "person" : "people"})
          </li>
        ))}
      </ul>
    </>
  );
}

/** What happened to the order, as the gateway lists it. */
export function OrderTimeline({ timeline }: { timeline: Order["timeline"] }) {
  return (
    <>
      <h2>Timeline</h2>
      <ol className="timeline">
        {timeline.map((entry, i) => (
          <li key={i}>
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>: {entry.description}
          </li>
        ))}
      </ol>
    </>
  );
}
