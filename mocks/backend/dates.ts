// Calendar arithmetic comes from the app's one date module (app/calendar/dates.ts): the mock
// backends count days and months, and answer "which day is it" in London, exactly as the app.
export { addDays, isoDateInLondon } from "../../app/calendar/dates";

/** An instant on a calendar day, given as HH:MM UTC; good enough for seeded timelines. */
export function instant(isoDate: string, time = "09:00"): string {
  return new Date(`${isoDate}T${time}:00Z`).toISOString();
}
