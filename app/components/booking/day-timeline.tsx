import { beforeArrival, clashesWith, timelineBounds } from "../../booking/schedule";
import { findClashes, type TimedEntry } from "../../booking/times";
import { toMinutes } from "../../calendar/dates";
import "./booking.css";

export interface DayTimelineProps {
  /** HH:MM the group arrives. */
  arrival?: string | undefined;
  /** The chosen activities (saved, or chosen and not yet saved). */
  entries: readonly TimedEntry[];
  /** Heading level of the timeline's title. */
  headingLevel?: 2 | 3;
  /** Link each entry to its scheduler row, so a clash can be fixed from here. */
  linkRows?: boolean;
}

/**
 * The visit day from arrival to departure: each chosen activity in time order, with
 * overlapping ones flagged as clashes (in words, not only colour) and a live summary.
 */
export function DayTimeline({ arrival, entries, headingLevel = 2, linkRows = false }: DayTimelineProps) {
  const clashes = findClashes(entries);
  const early = new Set(beforeArrival(arrival, entries).map((e) => e.activityId));
  const bounds = timelineBounds(arrival, entries);
  const start = toMinutes(bounds.start);
  const span = Math.max(1, toMinutes(bounds.end) - start);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const summary =
    entries.length === 0
      ? "Nothing booked yet: general admission only."
      : `${entries.length} ${entries.length === 1 ? "activity" : "activities"}, ${
          clashes.length === 0 ? "no clashes" : `${clashes.length} ${clashes.length === 1 ? "clash" : "clashes"}`
        }.`;
  return (
    <section className="day-timeline" aria-labelledby="day-timeline-heading">
      <Heading id="day-timeline-heading">Your day</Heading>
      <p aria-live="polite" role="status">
        {summary}
      </p>
      <div className="timeline-track" aria-hidden="true">
        {entries.map((entry) => {
          const left = ((toMinutes(entry.start) - start) / span) * 100;
          const width = ((toMinutes(entry.end) - toMinutes(entry.start)) / span) * 100;
          const clash = clashesWith(entry, clashes).length > 0;
          return (
            <span
              key={entry.activityId}
              className={`timeline-block${clash ? " block-clash" : ""}`}
              style={{ left: `${left}%`, width: `${width}%` }}
              title={`${entry.start}–${entry.end} ${entry.name}`}
            />
          );
        })}
      </div>
      <div className="timeline-scale" aria-hidden="true">
        <span>{bounds.start}</span>
        <span>{bounds.end}</span>
      </div>
      <ol className="timeline-list">
        <li>
          <time>{arrival ?? bounds.start}</time> Arrive
        </li>
        {entries.map((entry) => {
          const others = clashesWith(entry, clashes);
          const flagged = others.length > 0 || early.has(entry.activityId);
          return (
            <li key={entry.activityId} className={flagged ? "entry-clash" : undefined}>
              <time>{entry.start}</time>–<time>{entry.end}</time>{" "}
              {linkRows ? <a href={`#activity-${entry.activityId}`}>{entry.name}</a> : entry.name}
              {others.length > 0 ? <strong> Clash: overlaps {others.map((o) => `${o.name} (${o.start}–${o.end})`).join(" and ")}</strong> : null}
              {early.has(entry.activityId) ? <strong> Starts before you arrive at {arrival}</strong> : null}
            </li>
          );
        })}
        <li>
          <time>{bounds.end}</time> Leave (the museum closes at 17:00)
        </li>
      </ol>
    </section>
  );
}
