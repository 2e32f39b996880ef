import { formatDateTime } from "../../orders/format";
import type { Order } from "../../../generated/schemas";

/** The order's day: each activity's time and people, when the order has a schedule. */
export function OrderDay({ schedule }: { schedule: Order["schedule"] }) {
  if (!schedule || schedule.length === 0) return null;
  return (
    <>
      <h2>Your day</h2>
      <ul>
        {schedule.map((s) => (
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
