// The outreach day's schedule (docs/requirements.md §8.7): the shape of the schedule step's
// body and its rules (sessions within the team's day, the school's lunch time, the team's
// lunch break). Part of the outreach rules (outreach-rules.ts), unit-tested with them
// (outreach-rules.test.ts).
import type { FieldError } from "../types";
import { formatDate, isIsoDate, isTimeOfDay, toMinutes } from "./calendar";
import type { SchoolDay } from "./outreach-questionnaire";
import {
  LUNCH_EARLIEST, LUNCH_LATEST, LUNCH_MAX_MINUTES, LUNCH_MIN_MINUTES, MAX_SESSIONS, outreachDateReason, overlaps,
  type OutreachSchedule, type OutreachSession, type OutreachSlot, type TimeRange,
} from "./outreach-rules";

export interface ScheduleActivity {
  id: string;
  name: string;
  durationMinutes: number;
  maxPupilsPerSession: number;
}

export interface ScheduleContext {
  today: string;
  /** The chosen activities, in the order chosen. */
  activities: readonly ScheduleActivity[];
  schoolDay: SchoolDay;
  /** Teams left on a date, for others' bookings (excluding this basket's own). */
  teamsLeft: (date: string) => number;
  /** The day's slots for an activity (teamSlots). */
  slots: (date: string, activity: ScheduleActivity) => OutreachSlot[];
}

const span = (r: TimeRange) => `${r.start}–${r.end}`;

/** Shape of the schedule step's body; the rules are in scheduleErrors. */
export function parseOutreachSchedule(body: unknown): { ok: true; value: OutreachSchedule } | { ok: false; errors: FieldError[] } {
  const src = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const errors: FieldError[] = [];
  if (!isIsoDate(src.date)) errors.push({ field: "date", message: "Choose a date" });
  const sessions: OutreachSession[] = [];
  if (!Array.isArray(src.sessions)) errors.push({ field: "sessions", message: "Choose at least one session" });
  else {
    src.sessions.forEach((s: unknown, i) => {
      const rec = typeof s === "object" && s !== null ? (s as Record<string, unknown>) : {};
      const before = errors.length;
      if (typeof rec.activityId !== "string") errors.push({ field: `sessions.${i}.activityId`, message: "Choose an activity" });
      if (!isTimeOfDay(rec.start)) errors.push({ field: `sessions.${i}.start`, message: "Choose a start time" });
      if (!isTimeOfDay(rec.end)) errors.push({ field: `sessions.${i}.end`, message: "Give the end time" });
      if (typeof rec.pupils !== "number" || !Number.isInteger(rec.pupils) || rec.pupils < 1 || rec.pupils > 200) {
        errors.push({ field: `sessions.${i}.pupils`, message: "Enter the number of pupils, from 1 to 200" });
      }
      if (errors.length === before) {
        sessions.push({ activityId: rec.activityId as string, start: rec.start as string, end: rec.end as string, pupils: rec.pupils as number });
      }
    });
  }
  const lunch = typeof src.lunchBreak === "object" && src.lunchBreak !== null ? (src.lunchBreak as Record<string, unknown>) : undefined;
  if (!lunch || !isTimeOfDay(lunch.start)) errors.push({ field: "lunchBreak.start", message: "Choose when the team's lunch break starts" });
  if (!lunch || !isTimeOfDay(lunch.end)) errors.push({ field: "lunchBreak.end", message: "Choose when the team's lunch break ends" });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: { date: src.date as string, sessions, lunchBreak: { start: lunch?.start as string, end: lunch?.end as string } } };
}

/**
 * The schedule rules: a bookable date with a team free; each session of a chosen
 * activity, at a slot offered that day, lasting the activity's duration, within its
 * pupils per session, inside the school day, not in the school's lunch time and not
 * overlapping another session; every chosen activity has a session; the team's lunch
 * break is 30–60 minutes between 11:00 and 14:30 and not during a session.
 */
export function scheduleErrors(schedule: OutreachSchedule, ctx: ScheduleContext): FieldError[] {
  const errors: FieldError[] = [];
  const { date, sessions, lunchBreak } = schedule;
  const why = outreachDateReason(date, ctx.today);
  if (why) return [{ field: "date", message: why }];
  if (ctx.teamsLeft(date) <= 0) return [{ field: "date", message: `The outreach team is fully booked on ${formatDate(date)}: choose another date.` }];
  if (sessions.length === 0) errors.push({ field: "sessions", message: "Choose at least one session" });
  if (sessions.length > MAX_SESSIONS) errors.push({ field: "sessions", message: `The team can run up to ${MAX_SESSIONS} sessions in a day: choose fewer, or book another day.` });

  const { schoolDay } = ctx;
  const placed: { i: number; name: string; range: TimeRange }[] = [];
  sessions.forEach((s, i) => {
    const a = ctx.activities.find((x) => x.id === s.activityId);
    if (!a) {
      errors.push({ field: `sessions.${i}.activityId`, message: "Choose one of the activities you picked" });
      return;
    }
    const slot = ctx.slots(date, a).find((x) => x.start === s.start);
    if (!slot) {
      errors.push({ field: `sessions.${i}.start`, message: `${a.name} cannot start at ${s.start}: choose one of the times offered.` });
      return;
    }
    if (slot.status === "full") {
      errors.push({ field: `sessions.${i}.start`, message: `The team is not free for ${a.name} at ${s.start} on ${formatDate(date)}: choose another time.` });
      return;
    }
    if (s.end !== slot.end) {
      errors.push({ field: `sessions.${i}.end`, message: `${a.name} lasts ${a.durationMinutes} minutes: starting at ${s.start}, it ends at ${slot.end}.` });
      return;
    }
    if (s.pupils > a.maxPupilsPerSession) {
      errors.push({ field: `sessions.${i}.pupils`, message: `${a.name} takes up to ${a.maxPupilsPerSession} pupils in a session: split the group across two sessions.` });
    }
    const range = { start: s.start, end: s.end };
    if (toMinutes(s.start) < toMinutes(schoolDay.start)) {
      errors.push({ field: `sessions.${i}.start`, message: `${a.name} ${span(range)} starts before the school day starts at ${schoolDay.start}: choose a later time.` });
      return;
    }
    if (toMinutes(s.end) > toMinutes(schoolDay.end)) {
      errors.push({ field: `sessions.${i}.start`, message: `${a.name} ${span(range)} ends after the school day ends at ${schoolDay.end}: choose an earlier time.` });
      return;
    }
    if (overlaps(range, schoolDay.lunch)) {
      errors.push({ field: `sessions.${i}.start`, message: `${a.name} ${span(range)} clashes with the school's lunch time ${span(schoolDay.lunch)}: choose another time.` });
      return;
    }
    placed.push({ i, name: a.name, range });
  });
  const sorted = [...placed].sort((x, y) => x.range.start.localeCompare(y.range.start) || x.i - y.i);
  sorted.forEach((later, k) => {
    const clash = sorted.slice(0, k).find((earlier) => overlaps(earlier.range, later.range));
    if (clash) {
      errors.push({
        field: `sessions.${later.i}.start`,
        message: `${later.name} ${span(later.range)} clashes with ${clash.name} ${span(clash.range)}: choose another time.`,
      });
    }
  });
  for (const a of ctx.activities) {
    if (!sessions.some((s) => s.activityId === a.id)) {
      errors.push({ field: "sessions", message: `Choose a time for ${a.name}, or go back and remove it.` });
    }
  }

  const length = toMinutes(lunchBreak.end) - toMinutes(lunchBreak.start);
  if (length <= 0) errors.push({ field: "lunchBreak.end", message: `The team's lunch break must end after it starts (${lunchBreak.start}).` });
  else if (length < LUNCH_MIN_MINUTES || length > LUNCH_MAX_MINUTES) {
    errors.push({ field: "lunchBreak", message: `The team's lunch break lasts ${LUNCH_MIN_MINUTES} to ${LUNCH_MAX_MINUTES} minutes: this one is ${length} minutes.` });
  } else if (lunchBreak.start < LUNCH_EARLIEST || lunchBreak.end > LUNCH_LATEST) {
    errors.push({ field: "lunchBreak", message: `The team's lunch break is between ${LUNCH_EARLIEST} and ${LUNCH_LATEST}: ${span(lunchBreak)} is outside it.` });
  } else {
    const clash = placed.find((p) => overlaps(p.range, lunchBreak));
    if (clash) {
      errors.push({
        field: "lunchBreak",
        message: `The team's lunch break ${span(lunchBreak)} clashes with ${clash.name} ${span(clash.range)}: move it between sessions.`,
      });
    }
  }
  return errors;
}
