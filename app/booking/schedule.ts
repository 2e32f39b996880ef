// The day's plan as times: clashes and the arrival-to-departure timeline. Pure, so the
// browser can show clashes live and the server can refuse them before asking the gateway.
// Times of day and finding clashes are in times.ts.

import { fromMinutes, toMinutes } from "../calendar/dates";
import { byStart, type Clash, type TimedEntry } from "./times";

/** Venues are open 10:00–17:00 (docs/requirements.md §8.2). */
export const VENUE_OPENS = "10:00";
export const VENUE_CLOSES = "17:00";

/** Activity ids involved in any clash. */
export function clashingIds(clashes: readonly Clash[]): Set<string> {
  return new Set(clashes.flatMap(({ a, b }) => [a.activityId, b.activityId]));
}

export interface TimelineBounds {
  start: string;
  end: string;
}

/** From arrival (or opening) to departure: closing, or later if an entry ends later. */
export function timelineBounds(arrival: string | undefined, entries: readonly TimedEntry[]): TimelineBounds {
  const arrive = arrival && !Number.isNaN(toMinutes(arrival)) ? toMinutes(arrival) : toMinutes(VENUE_OPENS);
  const first = Math.min(arrive, ...entries.map((e) => toMinutes(e.start)));
  const last = Math.max(toMinutes(VENUE_CLOSES), ...entries.map((e) => toMinutes(e.end)));
  return { start: fromMinutes(first), end: fromMinutes(last) };
}

/** Entries that start before the group arrives. */
export function beforeArrival(arrival: string | undefined, entries: readonly TimedEntry[]): TimedEntry[] {
  if (!arrival || Number.isNaN(toMinutes(arrival))) return [];
  return entries.filter((e) => toMinutes(e.start) < toMinutes(arrival));
}

export interface SlotLike {
  id: string;
  start: string;
  end: string;
}
export interface ActivityLike {
  id: string;
  name: string;
  kind: string;
  slots: readonly SlotLike[];
}

/** The chosen slots (activity id → slot id) as timed entries, in start order. */
export function entriesFor(activities: readonly ActivityLike[], selections: Readonly<Record<string, string>>): TimedEntry[] {
  const entries: TimedEntry[] = [];
  for (const activity of activities) {
    const slotId = selections[activity.id];
    if (!slotId) continue;
    const slot = activity.slots.find((s) => s.id === slotId);
    if (!slot) continue;
    entries.push({ activityId: activity.id, slotId, name: activity.name, kind: activity.kind, start: slot.start, end: slot.end });
  }
  return byStart(entries);
}

/** The slots of other activities that would clash with this one (for the row's hint). */
export function clashesWith(entry: TimedEntry, clashes: readonly Clash[]): TimedEntry[] {
  return clashes.flatMap(({ a, b }) => (a.activityId === entry.activityId ? [b] : b.activityId === entry.activityId ? [a] : []));
}
