// Calendar arithmetic on YYYY-MM-DD dates, YYYY-MM months and HH:MM times, without time
// zones: a visit date is a day in the venue's calendar, the same wherever the browser is.
// The one date module of the app and of the mock backends (ADR 20); "today" is answered
// in Europe/London, where the museums are, whatever the server's own time zone.

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);
const isoOf = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  const d = utc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return isoOf(d);
}

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

export function addMonths(month: string, months: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const total = y * 12 + (m - 1) + months;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, "0")}`;
}

export function daysInMonth(month: string): number {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export function firstOfMonth(month: string): string {
  return `${month}-01`;
}

export function lastOfMonth(month: string): string {
  return `${month}-${String(daysInMonth(month)).padStart(2, "0")}`;
}

/** The same day of the month in another month, clamped to its length (31 Jan → 28 Feb). */
export function sameDayInMonth(date: string, month: string): string {
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(month));
  return `${month}-${String(day).padStart(2, "0")}`;
}

/** Monday = 0 … Sunday = 6 (UK weeks start on Monday). */
export function weekdayIndex(date: string): number {
  return (utc(date).getUTCDay() + 6) % 7;
}

/** The month as weeks of seven cells, Monday first; null pads the first and last weeks. */
export function monthWeeks(month: string): (string | null)[][] {
  const cells: (string | null)[] = Array.from({ length: weekdayIndex(firstOfMonth(month)) }, () => null);
  for (let day = 1; day <= daysInMonth(month); day++) cells.push(`${month}-${String(day).padStart(2, "0")}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

const monthName = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

/** "May 2026". */
export function monthLabel(month: string): string {
  return monthName.format(utc(firstOfMonth(month)));
}

export type CalendarKey = "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown" | "Home" | "End" | "PageUp" | "PageDown";

export const CALENDAR_KEYS: readonly string[] = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"];

/**
 * The date a key moves to (the APG date picker grid): arrows by a day or a week, Home and
 * End to the start and end of the week, PageUp and PageDown to the same day of the
 * previous or next month (Shift: year). The result stays within [min, max].
 */
export function moveDate(date: string, key: CalendarKey, options: { shift?: boolean; min?: string; max?: string } = {}): string {
  let next: string;
  switch (key) {
    case "ArrowLeft":
      next = addDays(date, -1);
      break;
    case "ArrowRight":
      next = addDays(date, 1);
      break;
    case "ArrowUp":
      next = addDays(date, -7);
      break;
    case "ArrowDown":
      next = addDays(date, 7);
      break;
    case "Home":
      next = addDays(date, -weekdayIndex(date));
      break;
    case "End":
      next = addDays(date, 6 - weekdayIndex(date));
      break;
    case "PageUp":
    case "PageDown": {
      const months = (key === "PageUp" ? -1 : 1) * (options.shift ? 12 : 1);
      next = sameDayInMonth(date, addMonths(monthOf(date), months));
      break;
    }
  }
  if (options.min && next < options.min) next = options.min;
  if (options.max && next > options.max) next = options.max;
  return next;
}

/** The month to show: the asked one if in [from, until], else the nearest end. */
export function clampMonth(month: string | null | undefined, fromDate: string, untilDate: string): string {
  const first = monthOf(fromDate);
  const last = monthOf(untilDate);
  if (!month || !MONTH_PATTERN.test(month)) return first;
  if (month < first) return first;
  if (month > last) return last;
  return month;
}

/** The date `months` later (earlier if negative), on the same day clamped to that month's length. */
export function addMonthsToDate(date: string, months: number): string {
  return sameDayInMonth(date, addMonths(monthOf(date), months));
}

/** Whole days from one date to another (negative if `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000);
}

const londonDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" });

/** The date (YYYY-MM-DD) of an instant in London: "today" for the museums. */
export function isoDateInLondon(at: Date = new Date()): string {
  return londonDate.format(at);
}

/** "HH:MM" to minutes after midnight; NaN for anything else. */
export function toMinutes(time: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
}

/** Minutes after midnight to "HH:MM". */
export function fromMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}
