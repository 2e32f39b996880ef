import { formatMoney } from "../../../shell/format";
import { GROUP_ACTIVITY_KINDS } from "../../../booking/group/activity-kinds";
import "./group.css";

// The group activities step: exhibitions, tours and shows (and workshops open to groups)
// on the chosen day, as checkboxes grouped by kind. A plain form: works without JavaScript.

export interface PickerActivity {
  id: string;
  kind: "workshop" | "show" | "lunch-space" | "exhibition" | "tour";
  name: string;
  summary?: string | undefined;
  durationMinutes: number;
  price: { amount: number; currency: string };
  ticketPrices?: readonly { ticketType: string; price: { amount: number; currency: string } }[] | undefined;
  slots: readonly { start: string; remainingCapacity: number; status: string }[];
}


const KIND_HEADINGS: Record<(typeof GROUP_ACTIVITY_KINDS)[number], string> = {
  exhibition: "Exhibitions",
  tour: "Tours",
  show: "Shows",
  workshop: "Workshops",
};

const TICKET_NAMES: Record<string, string> = { adult: "adult", child: "child", concession: "concession", carer: "free carer" };

export function priceText(activity: Pick<PickerActivity, "price" | "ticketPrices">): string {
  if (activity.ticketPrices && activity.ticketPrices.length > 0) {
    return activity.ticketPrices
      .map((p) => `${TICKET_NAMES[p.ticketType] ?? p.ticketType} ${p.price.amount === 0 ? "free" : formatMoney(p.price)}`)
      .join(", ");
  }
  return activity.price.amount === 0 ? "Free" : `${formatMoney(activity.price)} per person`;
}

export function timesText(activity: Pick<PickerActivity, "slots">): string {
  const open = activity.slots.filter((s) => s.status !== "full" && s.remainingCapacity > 0);
  if (open.length === 0) return "Fully booked on this date";
  const most = Math.max(...open.map((s) => s.remainingCapacity));
  return `${open.length} ${open.length === 1 ? "time" : "times"} with places (up to ${most} per time)`;
}

export function ActivityPicker({
  activities,
  chosen,
  error,
}: {
  activities: readonly PickerActivity[];
  chosen: readonly string[];
  error?: string | undefined;
}) {
  const groups = GROUP_ACTIVITY_KINDS.map((kind) => ({ kind, items: activities.filter((a) => a.kind === kind) })).filter(
    (g) => g.items.length > 0,
  );
  return (
    <fieldset className={error ? "group-activities field-invalid" : "group-activities"} aria-describedby={error ? "activityIds-error" : "activityIds-hint"}>
      <legend>Choose one or more activities</legend>
      <p id="activityIds-hint" className="field-hint">
        General admission is free. You choose times and tickets for each activity on the next step.
      </p>
      {error ? (
        <p id="activityIds-error" className="field-error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      {groups.length === 0 ? <p>There are no activities for groups on this date. Go back and choose another date.</p> : null}
      {groups.map(({ kind, items }, g) => (
        <div key={kind} className="activity-kind">
          <h2>{KIND_HEADINGS[kind]}</h2>
          <ul className="activity-options">
            {items.map((activity, i) => {
              const id = g === 0 && i === 0 ? "activityIds" : `activity-${activity.id}`;
              const isChosen = chosen.includes(activity.id);
              const soldOut = activity.slots.every((s) => s.status === "full" || s.remainingCapacity <= 0);
              return (
                <li key={activity.id} className="choice activity-option">
                  <input
                    type="checkbox"
                    id={id}
                    name="activityId"
                    value={activity.id}
                    defaultChecked={isChosen}
                    disabled={soldOut && !isChosen}
                    aria-describedby={`${id}-details`}
                  />
                  <label htmlFor={id}>
                    <span className="activity-name">{activity.name}</span>
                    <span id={`${id}-details`} className="choice-hint">
                      {activity.summary ? <>{activity.summary} </> : null}
                      {activity.durationMinutes} minutes. {priceText(activity)}. {timesText(activity)}.
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </fieldset>
  );
}
