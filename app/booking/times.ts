import { toMinutes } from "../calendar/dates";

// Times of day ("HH:MM") and which timed entries overlap. Apart from the visit day's plan
// (schedule.ts), so the outreach schedule, which checks its sessions with these, does not
// load the visit timeline's code in the browser.

export interface TimedEntry {
  /** The activity (one slot per activity). */
  activityId: string;
  slotId: string;
  name: string;
  kind: string;
  start: string;
  end: string;
}

export interface Clash {
  a: TimedEntry;
  b: TimedEntry;
}


export function byStart<T extends { start: string; end: string }>(entries: readonly T[]): T[] {
  return [...entries].sort((x, y) => toMinutes(x.start) - toMinutes(y.start) || toMinutes(x.end) - toMinutes(y.end));
}

/** Every pair of entries whose times overlap (touching end to start is not a clash). */
export function findClashes(entries: readonly TimedEntry[]): Clash[] {
  const sorted = byStart(entries);
  const clashes: Clash[] = [];
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length; j++) {
      const a = sorted[i]!;
      const b = sorted[j]!;
      if (toMinutes(b.start) >= toMinutes(a.end)) break;
      clashes.push({ a, b });
    }
  }
  return clashes;
}
