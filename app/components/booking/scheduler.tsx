import type { ChangeEvent, ReactNode } from "react";
import { formatDate, formatMoney } from "../../shell/format";
import "./booking.css";
import type { Activity, TimeSlot as Slot } from "../../../generated/schemas";

// The scheduler: a group is one venue day, a row one activity, a time slot one start
// time with its remaining places. Slots are native radio buttons, so the scheduler works
// without JavaScript and by keyboard (Tab to a row, arrow keys between its slots).

export const ACTIVITY_KIND_LABELS: Record<Activity["kind"], string> = {
  workshop: "Workshop",
  show: "Show",
  "lunch-space": "Lunch space",
  exhibition: "Exhibition",
  tour: "Tour",
};

export function SchedulerGroup({
  venueName,
  date,
  description,
  children,
}: {
  venueName: string;
  date: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="scheduler-group" aria-labelledby="scheduler-group-heading">
      <h2 id="scheduler-group-heading">
        {venueName}, {formatDate(date)}
      </h2>
      {description}
      <div className="scheduler-rows">{children}</div>
    </section>
  );
}

export interface SchedulerRowProps {
  activity: Activity;
  /** The chosen slot id, "" for none. */
  selectedSlotId: string;
  onSelect?: (slotId: string) => void;
  /** People taking part (as typed). */
  participants: string;
  onParticipants?: (value: string) => void;
  /** The most people the row may take (the group's size). */
  maxParticipants: number;
  /** The gateway's or the form's message for this row. */
  error?: string | undefined;
  /** Names of chosen activities whose times overlap this row's choice. */
  clashesWith?: readonly string[];
}

/** One activity: "Not booked" or one of its time slots, and how many take part. */
export function SchedulerRow({
  activity,
  selectedSlotId,
  onSelect,
  participants,
  onParticipants,
  maxParticipants,
  error,
  clashesWith = [],
}: SchedulerRowProps) {
  const rowId = `activity-${activity.id}`;
  const name = `slot.${activity.id}`;
  const errorId = error ? `${rowId}-error` : undefined;
  const clashId = clashesWith.length > 0 ? `${rowId}-clash` : undefined;
  const onChange = (e: ChangeEvent<HTMLInputElement>) => onSelect?.(e.target.value);
  const free = activity.price.amount === 0;
  return (
    <fieldset
      id={rowId}
      className={`scheduler-row${clashesWith.length > 0 ? " row-clash" : ""}`}
      aria-describedby={[errorId, clashId].filter(Boolean).join(" ") || undefined}
    >
      <legend>
        {activity.name}
        <span className="row-meta">
          {ACTIVITY_KIND_LABELS[activity.kind]}, {activity.durationMinutes} minutes,{" "}
          {free ? "free" : `${formatMoney(activity.price)} per person`}
        </span>
      </legend>
      {activity.summary ? <p>{activity.summary}</p> : null}
      {error ? (
        <p id={errorId} className="field-error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      {clashesWith.length > 0 ? (
        <p id={clashId} className="field-error">
          Clashes with {clashesWith.join(" and ")}. Choose another time or another activity.
        </p>
      ) : null}
      <div className="time-slots">
        <label className="time-slot">
          <input type="radio" name={name} value="" checked={selectedSlotId === ""} onChange={onChange} />
          <span>
            <span className="time-slot-time">Not booked</span>
          </span>
        </label>
        {activity.slots.map((slot) => (
          <TimeSlot
            key={slot.id}
            name={name}
            slot={slot}
            checked={selectedSlotId === slot.id}
            clash={selectedSlotId === slot.id && clashesWith.length > 0}
            onChange={onChange}
          />
        ))}
      </div>
      <div className="field">
        <label htmlFor={`${rowId}-participants`}>People taking part in {activity.name}</label>
        <p className="field-hint" id={`${rowId}-participants-hint`}>
          Up to {maxParticipants}, counting pupils and adults. Only used if you choose a time.
        </p>
        <input
          id={`${rowId}-participants`}
          name={`participants.${activity.id}`}
          type="number"
          inputMode="numeric"
          min={1}
          max={maxParticipants}
          value={participants}
          onChange={(e) => onParticipants?.(e.target.value)}
          aria-describedby={`${rowId}-participants-hint`}
        />
      </div>
    </fieldset>
  );
}

/** One start time: its times and remaining places; a full slot cannot be chosen. */
export function TimeSlot({
  name,
  slot,
  checked,
  clash = false,
  onChange,
}: {
  name: string;
  slot: Slot;
  checked: boolean;
  clash?: boolean;
  onChange?: (e: ChangeEvent<HTMLInputElement>) => void;
}) {
  const full = slot.status === "full" || slot.remainingCapacity === 0;
  const places = full ? "Full" : `${slot.remainingCapacity} ${slot.remainingCapacity === 1 ? "place" : "places"} left`;
  return (
    <label className={`time-slot slot-${full ? "full" : slot.status}${clash ? " slot-clash" : ""}`}>
      <input type="radio" name={name} value={slot.id} checked={checked} disabled={full && !checked} onChange={onChange} />
      <span>
        <span className="time-slot-time">
          {slot.start}–{slot.end}
        </span>
        <span className="time-slot-capacity">{places}</span>
      </span>
    </label>
  );
}
