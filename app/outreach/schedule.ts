import { fromMinutes, toMinutes } from "../calendar/dates";
import { findClashes, type TimedEntry } from "../booking/times";

// The outreach day as times: the school day and its lunch time (from the questionnaire),
// the sessions and the team's lunch break. Pure, so the browser shows clashes live and
// the server refuses them before asking the gateway (which checks them again and wins).

export interface Range {
  start: string;
  end: string;
}

export interface SchoolDay {
  start: string;
  lunch: Range;
  end: string;
}

/**
 * The questionnaire's questions about the school day. The questionnaire is the gateway's,
 * but these four answers are what it checks sessions against (contract: "the school's
 * lunch time (from the questionnaire)"), so the app reads them by id to show clashes.
 */
export const SCHOOL_DAY_QUESTIONS = {
  start: "school-start",
  lunchStart: "lunch-start",
  lunchEnd: "lunch-end",
  end: "school-end",
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The school day from saved answers, or null while any of its times is missing. */
export function schoolDayOf(answers: Readonly<Record<string, string>>): SchoolDay | null {
  const q = SCHOOL_DAY_QUESTIONS;
  const [start, lunchStart, lunchEnd, end] = [q.start, q.lunchStart, q.lunchEnd, q.end].map((id) => answers[id] ?? "");
  if (![start, lunchStart, lunchEnd, end].every((t) => TIME.test(t!))) return null;
  return { start: start!, lunch: { start: lunchStart!, end: lunchEnd! }, end: end! };
}

/** The team's lunch break (contract: 30 to 60 minutes, between 11:00 and 14:30). */
export const LUNCH = {
  earliest: "11:00",
  latest: "14:30",
  lengths: [30, 45, 60],
  stepMinutes: 15,
  defaultLength: 30,
} as const;

/** The lunch break's start times offered for a length: every 15 minutes, ending by the latest. */
export function lunchStarts(length: number): string[] {
  const out: string[] = [];
  for (let t = toMinutes(LUNCH.earliest); t + length <= toMinutes(LUNCH.latest); t += LUNCH.stepMinutes) out.push(fromMinutes(t));
  return out;
}

export function addMinutes(time: string, minutes: number): string {
  return fromMinutes(toMinutes(time) + minutes);
}

export function lengthOf(range: Range): number {
  return toMinutes(range.end) - toMinutes(range.start);
}

export const overlaps = (a: Range, b: Range) => toMinutes(a.start) < toMinutes(b.end) && toMinutes(b.start) < toMinutes(a.end);

export const span = (r: Range) => `${r.start}–${r.end}`;

/** A session row as the schedule step works with it. */
export interface SessionRow {
  key: string;
  activityId: string;
  start: string;
  pupils: string;
}

export interface ScheduleActivity {
  id: string;
  name: string;
  durationMinutes: number;
  maxPupilsPerSession: number;
  /** The times offered on the chosen day for this activity (the gateway's slots). */
  slots: readonly { start: string; end: string; status: string }[];
}

/** A placed session: its row, activity and times (null while no time is chosen). */
export interface PlacedSession {
  index: number;
  key: string;
  activity: ScheduleActivity;
  range: Range;
}

/** The end of a session starting at `start`: the offered time's end, else the start plus the activity's length. */
export function sessionEnd(activity: ScheduleActivity, start: string): string {
  return activity.slots.find((s) => s.start === start)?.end ?? addMinutes(start, activity.durationMinutes);
}

export function placeSessions(rows: readonly SessionRow[], activities: readonly ScheduleActivity[]): PlacedSession[] {
  const placed: PlacedSession[] = [];
  rows.forEach((row, index) => {
    const activity = activities.find((a) => a.id === row.activityId);
    if (!activity || !TIME.test(row.start)) return;
    placed.push({ index, key: row.key, activity, range: { start: row.start, end: sessionEnd(activity, row.start) } });
  });
  return placed;
}

/** What is wrong with a session's time: outside the school day, in its lunch time, or overlapping another session. */
export function sessionProblems(session: PlacedSession, placed: readonly PlacedSession[], schoolDay: SchoolDay | null): string[] {
  const problems: string[] = [];
  if (schoolDay) {
    if (toMinutes(session.range.start) < toMinutes(schoolDay.start)) problems.push(`Starts before the school day starts at ${schoolDay.start}`);
    if (toMinutes(session.range.end) > toMinutes(schoolDay.end)) problems.push(`Ends after the school day ends at ${schoolDay.end}`);
    if (overlaps(session.range, schoolDay.lunch)) problems.push(`Clashes with the school's lunch time (${span(schoolDay.lunch)})`);
  }
  const entries: TimedEntry[] = placed.map((p) => ({ activityId: p.key, slotId: p.key, name: sessionName(p), kind: "session", ...p.range }));
  for (const { a, b } of findClashes(entries)) {
    const other = a.activityId === session.key ? b : b.activityId === session.key ? a : null;
    if (other) problems.push(`Clashes with ${other.name} (${other.start}–${other.end})`);
  }
  return problems;
}

export function sessionName(p: Pick<PlacedSession, "index" | "activity">): string {
  return `session ${p.index + 1}, ${p.activity.name}`;
}

/** What is wrong with the team's lunch break. */
export function lunchProblems(lunch: Range | null, placed: readonly PlacedSession[]): string[] {
  if (!lunch) return [];
  const problems: string[] = [];
  const length = lengthOf(lunch);
  if (length < LUNCH.lengths[0] || length > LUNCH.lengths.at(-1)!) problems.push("Lasts 30 to 60 minutes");
  if (lunch.start < LUNCH.earliest || lunch.end > LUNCH.latest) problems.push(`Falls between ${LUNCH.earliest} and ${LUNCH.latest}`);
  for (const p of placed) if (overlaps(p.range, lunch)) problems.push(`Clashes with ${sessionName(p)} (${span(p.range)})`);
  return problems;
}

export const MAX_SESSIONS = 4;

export interface ScheduleInput {
  date: string;
  rows: readonly SessionRow[];
  lunch: Range | null;
}

export interface ScheduleBody {
  date: string;
  sessions: { activityId: string; start: string; end: string; pupils: number }[];
  lunchBreak: Range;
}

/** Error keys: date, sessions (the whole list), sessions.<i>.activityId|start|pupils, lunch. */
export type ScheduleErrors = Record<string, string>;

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Checks the schedule before it goes to the gateway: the body to send, or errors by field. */
export function validateSchedule(
  input: ScheduleInput,
  activities: readonly ScheduleActivity[],
  schoolDay: SchoolDay | null,
): { ok: true; body: ScheduleBody } | { ok: false; errors: ScheduleErrors } {
  const errors: ScheduleErrors = {};
  if (!DATE.test(input.date)) errors.date = "Choose a date in the calendar";
  if (input.rows.length === 0) errors.sessions = "Add at least one session";
  if (input.rows.length > MAX_SESSIONS) errors.sessions = `Our team can run up to ${MAX_SESSIONS} sessions in a day: remove a session, or book another day`;

  input.rows.forEach((row, i) => {
    const n = i + 1;
    const activity = activities.find((a) => a.id === row.activityId);
    if (!activity) {
      errors[`sessions.${i}.activityId`] = `Choose the activity for session ${n}`;
      return;
    }
    if (!row.start) errors[`sessions.${i}.start`] = `Choose a time for session ${n} (${activity.name})`;
    else {
      const slot = activity.slots.find((s) => s.start === row.start);
      if (!slot) errors[`sessions.${i}.start`] = `Choose one of the times offered for session ${n} (${activity.name})`;
      else if (slot.status === "full") errors[`sessions.${i}.start`] = `Our team is not free at ${row.start}: choose another time for session ${n}`;
    }
    const pupils = row.pupils.trim();
    if (!/^\d{1,3}$/.test(pupils) || Number(pupils) < 1 || Number(pupils) > activity.maxPupilsPerSession) {
      errors[`sessions.${i}.pupils`] = `Enter the pupils in session ${n}, from 1 to ${activity.maxPupilsPerSession}`;
    }
  });

  const placed = placeSessions(input.rows, activities);
  for (const p of placed) {
    const key = `sessions.${p.index}.start`;
    if (errors[key]) continue;
    const problem = sessionProblems(p, placed, schoolDay)[0];
    if (problem) errors[key] = `Session ${p.index + 1} (${p.activity.name}, ${span(p.range)}): ${lowerFirst(problem)}. Choose another time`;
  }
  const missing = activities.filter((a) => !input.rows.some((r) => r.activityId === a.id));
  if (missing.length > 0 && !errors.sessions) {
    errors.sessions = `Add a session of ${missing.map((a) => a.name).join(" and ")}, or go back and remove it from your sessions`;
  }

  if (!input.lunch) errors.lunch = "Choose when our team has its lunch break";
  else {
    const problem = lunchProblems(input.lunch, placed)[0];
    if (problem) errors.lunch = `Our team's lunch break (${span(input.lunch)}): ${lowerFirst(problem)}`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      date: input.date,
      sessions: placed.map((p) => ({ activityId: p.activity.id, start: p.range.start, end: p.range.end, pupils: Number(input.rows[p.index]!.pupils.trim()) })),
      lunchBreak: { ...input.lunch! },
    },
  };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** The gateway's field errors (date, sessions.<i>.start|end|pupils|activityId, lunchBreak…) as the form's keys. */
export function gatewayScheduleErrors(errors: readonly { field: string; message: string }[]): ScheduleErrors {
  const out: ScheduleErrors = {};
  for (const e of errors) {
    const session = /^sessions\.(\d+)\.(\w+)$/.exec(e.field);
    let key: string;
    if (session) key = `sessions.${session[1]}.${session[2] === "end" ? "start" : session[2]}`;
    else if (e.field.startsWith("lunchBreak")) key = "lunch";
    else if (e.field === "date" || e.field === "sessions") key = e.field;
    else key = "form";
    out[key] ??= e.message;
  }
  return out;
}

/** The rows posted by the schedule form (sessions.<i>.activityId|start|pupils), in order. */
export function rowsFromForm(form: FormData, limit = MAX_SESSIONS + 4): SessionRow[] {
  const rows: SessionRow[] = [];
  for (let i = 0; i < limit; i++) {
    const activityId = form.get(`sessions.${i}.activityId`);
    if (typeof activityId !== "string") break;
    const text = (name: string) => {
      const v = form.get(`sessions.${i}.${name}`);
      return typeof v === "string" ? v.slice(0, 20) : "";
    };
    rows.push({ key: `s${i}`, activityId: activityId.slice(0, 100), start: text("start"), pupils: text("pupils") });
  }
  return rows;
}

/** The lunch break posted: start and end, or start and a length in minutes (the form without JavaScript). */
export function lunchFromForm(form: FormData): Range | null {
  const start = form.get("lunch.start");
  if (typeof start !== "string" || !TIME.test(start)) return null;
  const end = form.get("lunch.end");
  if (typeof end === "string" && TIME.test(end)) return { start, end };
  const length = Number(form.get("lunch.length") ?? LUNCH.defaultLength);
  if (!Number.isInteger(length) || length <= 0 || length > 180) return null;
  return { start, end: addMinutes(start, length) };
}
