// Venue days and timed slots (docs/requirements.md §8.2): opening hours, closed days, the
// bookable window, and a deterministic "demand from other bookers" seeded from the
// venue, date and slot, so the calendar looks lived-in and is the same on every run.
import { addMonthsToDate as addMonths, daysBetween, fromMinutes, toMinutes } from "../../../app/calendar/dates";
import { addDays } from "../dates";

export { addMonths, daysBetween, fromMinutes, toMinutes };
import type { CatalogueActivity } from "../types";

export const OPENS = "10:00";
export const CLOSES = "17:00";
/** Bookable from 3 days ahead up to 12 months ahead. */
export const BOOKABLE_FROM_DAYS = 3;
export const BOOKABLE_MONTHS = 12;
/** Participants a venue admits in booked groups per day. */
export const DAY_CAPACITY = 300;
/** Limited: under 20% of capacity left. */
export const LIMITED_FRACTION = 0.2;
/** Earliest and latest arrival a group may give. */
export const ARRIVE_FROM = OPENS;
export const ARRIVE_UNTIL = "16:00";

export type DayStatus = "available" | "limited" | "full" | "closed";
export type SlotStatus = "available" | "limited" | "full";

export function isIsoDate(value: unknown): value is string {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function isTimeOfDay(value: unknown): value is string {
  return typeof value === "string" && /^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(value);
}

export function bookableWindow(today: string): { from: string; until: string } {
  return { from: addDays(today, BOOKABLE_FROM_DAYS), until: addMonths(today, BOOKABLE_MONTHS) };
}

/** Closed every year on 24, 25 and 26 December. */
export function isClosedDay(isoDate: string): boolean {
  const [, month, day] = isoDate.split("-").map(Number);
  return month === 12 && (day === 24 || day === 25 || day === 26);
}

const longDate = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });
/** 12 June 2026. */
export function formatDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate}T00:00:00Z`));
}

/** Why a date cannot be booked at all (closed, too soon, too far), or undefined. */
export function unbookableReason(isoDate: string, today: string): string | undefined {
  const { from, until } = bookableWindow(today);
  if (isoDate < from) return `Visits can be booked from 3 days ahead: choose ${formatDate(from)} or later.`;
  if (isoDate > until) return `Visits can be booked up to 12 months ahead: choose ${formatDate(until)} or earlier.`;
  if (isClosedDay(isoDate)) return `The museum is closed on ${formatDate(isoDate)} (closed 24 to 26 December).`;
  return undefined;
}

/** A stable number in [0, 1) from the parts (FNV-1a). */
export function hash01(...parts: string[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join("|")) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // A final avalanche, so neighbouring dates are not correlated.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  return (h >>> 0) / 2 ** 32;
}

/**
 * The share of a venue day already taken by other bookers: about 6% of days full, 12%
 * limited, the rest between 10% and 70%. A "quiet" day (provider states) is 20%.
 */
export function seededDayDemand(venueId: string, date: string, quiet = false): number {
  if (quiet) return 0.2;
  const r = hash01("day", venueId, date);
  const r2 = hash01("day-level", venueId, date);
  if (r < 0.06) return 1;
  if (r < 0.18) return 0.82 + 0.15 * r2;
  return 0.1 + 0.6 * r2;
}

export function seededDayTaken(venueId: string, date: string, quiet = false): number {
  return Math.min(DAY_CAPACITY, Math.round(DAY_CAPACITY * seededDayDemand(venueId, date, quiet)));
}

/** Start times of an activity's slots: all within opening hours, none ending after closing. */
export function slotStarts(activity: Pick<CatalogueActivity, "kind" | "durationMinutes">): string[] {
  const { kind, durationMinutes } = activity;
  const close = toMinutes(CLOSES);
  let first = toMinutes(OPENS);
  let step: number;
  let last = close - durationMinutes;
  switch (kind) {
    case "workshop":
      step = Math.ceil(durationMinutes / 15) * 15 + 15;
      break;
    case "show":
      first += 30;
      step = 60;
      break;
    case "lunch-space":
      first = toMinutes("11:30");
      last = toMinutes("13:30");
      step = 30;
      break;
    case "exhibition":
      step = 30;
      last = Math.min(last, toMinutes("16:00"));
      break;
    case "tour":
      first += 30;
      step = 60;
      break;
  }
  const starts: string[] = [];
  for (let t = first; t <= last; t += step) starts.push(fromMinutes(t));
  return starts;
}

export const slotId = (activityId: string, start: string) => `${activityId}@${start}`;

/**
 * Places in one slot already taken by other bookers. A workshop is run for one group at
 * a time, so its slot is either booked by another group (full) or free; shows, lunch
 * space, exhibitions and tours are shared, and fill with the day's demand. About 7% of
 * shared slots are sold out; every slot of a full day is.
 */
export function seededSlotTaken(
  venueId: string, date: string, activityId: string, start: string, capacity: number, quiet = false, kind?: string,
): number {
  const demand = seededDayDemand(venueId, date, quiet);
  if (demand >= 1) return capacity;
  if (quiet) return kind === "workshop" ? 0 : Math.round(capacity * 0.2);
  const r = hash01("slot", venueId, date, activityId, start);
  if (kind === "workshop") return r < demand * 0.6 ? capacity : 0;
  if (hash01("sold-out", venueId, date, activityId, start) < 0.07) return capacity;
  return Math.min(capacity, Math.round(capacity * demand * (0.3 + 0.7 * r)));
}

export function slotStatus(remaining: number, capacity: number): SlotStatus {
  if (remaining <= 0) return "full";
  return remaining < capacity * LIMITED_FRACTION ? "limited" : "available";
}

export function dayStatus(remaining: number): Exclude<DayStatus, "closed"> {
  return slotStatus(remaining, DAY_CAPACITY);
}
