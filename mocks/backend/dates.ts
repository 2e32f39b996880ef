// Visits happen in UK museums, so "which day is it" is answered in Europe/London,
// whatever the server's own time zone.
const londonDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** YYYY-MM-DD of the given instant in London. */
export function isoDateInLondon(at: Date): string {
  return londonDate.format(at);
}

/** Adds whole days to a YYYY-MM-DD date (calendar arithmetic, no time zone). */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** An instant on a calendar day, given as HH:MM UTC; good enough for seeded timelines. */
export function instant(isoDate: string, time = "09:00"): string {
  return new Date(`${isoDate}T${time}:00Z`).toISOString();
}
