// The gateway's outreach rules (docs/requirements.md §8.7): who may book (education and
// home-education organisations in the outreach region), the team's calendar (weekdays in
// term time, 3 weeks to 12 months ahead, two teams a day), the questionnaire and its
// validation, the day's schedule (sessions, the school's lunch time, the team's lunch
// break), prices and payment options. Pure functions of their inputs, unit-tested on
// their own (outreach-rules.test.ts).
import { addDays } from "../dates";
import type { FieldError, GroupType } from "../types";
import { addMonths, daysBetween, formatDate, fromMinutes, hash01, isIsoDate, isTimeOfDay, toMinutes } from "./calendar";
import { line } from "./rules";
import type { BasketMessage, PaymentOption, PriceLine } from "./types";
import type { components } from "../../../generated/gateway";

type S = components["schemas"];
export type EligibilityReason = S["EligibilityReason"];
export type Questionnaire = S["Questionnaire"];
export type Question = S["Question"];
export type QuestionAnswer = S["QuestionAnswer"];
export type OutreachSchedule = S["OutreachSchedule"];
export type OutreachSession = S["OutreachSession"];
export type OutreachSlot = S["OutreachSlot"];
export type TimeRange = S["TimeRange"];

// ---- Who may book ------------------------------------------------------------------------

export const OUTREACH_REGION = "Yorkshire and the Humber";
/** Postcode areas the outreach team covers (Yorkshire and the Humber). */
export const OUTREACH_POSTCODE_AREAS: readonly string[] = ["BD", "DN", "HD", "HG", "HU", "HX", "LS", "S", "WF", "YO"];
export const OUTREACH_GROUP_TYPES: readonly GroupType[] = ["education", "home-education"];

/** The postcode area: the letters before the first digit ("S" of S10 2TN, "LS" of LS11 5PQ). */
export function postcodeArea(postcode: string): string | undefined {
  return /^\s*([A-Za-z]{1,2})\d/.exec(postcode)?.[1]?.toUpperCase();
}

export function inOutreachRegion(postcode: string): boolean {
  const area = postcodeArea(postcode);
  return area !== undefined && OUTREACH_POSTCODE_AREAS.includes(area);
}

export interface EligibilityInput {
  name: string;
  groupType: GroupType;
  postcode: string;
  town?: string;
  /** The user's association with the organisation. */
  association: "approved" | "pending";
}

/** Why the organisation may not book outreach (empty when it may). */
export function eligibilityReasons(o: EligibilityInput): EligibilityReason[] {
  const reasons: EligibilityReason[] = [];
  if (!OUTREACH_GROUP_TYPES.includes(o.groupType)) {
    reasons.push({
      code: "group_type_not_eligible",
      message: `Outreach is for schools, colleges and home-education groups. ${o.name} is registered as a ${GROUP_TYPE_NAMES[o.groupType]}: book a group visit to one of our museums instead.`,
    });
  }
  if (!inOutreachRegion(o.postcode)) {
    reasons.push({
      code: "outside_region",
      message: `Our outreach team visits ${OUTREACH_REGION} only (postcodes starting ${OUTREACH_POSTCODE_AREAS.join(", ")}). ${o.name} (${o.town ? `${o.town}, ` : ""}${o.postcode.trim().toUpperCase()}) is outside the region: you can still book a visit to one of our museums.`,
    });
  }
  if (o.association === "pending") {
    reasons.push({
      code: "association_not_approved",
      message: `You can book for ${o.name} once the organisation has approved your account.`,
    });
  }
  return reasons;
}

const GROUP_TYPE_NAMES: Readonly<Record<GroupType, string>> = {
  education: "school", "home-education": "home-education group", "tour-operator": "tour operator", "other-group": "group",
};

// ---- The team's calendar ------------------------------------------------------------------

/** Bookable from 3 weeks ahead up to 12 months ahead. */
export const OUTREACH_FROM_DAYS = 21;
export const OUTREACH_MONTHS = 12;
/** Outreach teams out on a school day; each visits one school a day. */
export const TEAMS_PER_DAY = 2;
/** The team's working day at a school: sessions start and end within it. */
export const TEAM_DAY_START = "09:00";
export const TEAM_DAY_END = "15:30";
/** Session start times are offered every 15 minutes; blocks of the day (no activity) are 30 minutes. */
export const START_STEP_MINUTES = 15;
export const BLOCK_MINUTES = 30;
export const MAX_SESSIONS = 4;
/** The team's lunch break: 30 to 60 minutes, between 11:00 and 14:30. */
export const LUNCH_MIN_MINUTES = 30;
export const LUNCH_MAX_MINUTES = 60;
export const LUNCH_EARLIEST = "11:00";
export const LUNCH_LATEST = "14:30";
/** The team arrives this long before the first session to set up. */
export const SETUP_MINUTES = 30;
/** Cancelling an outreach booking needs this much notice. */
export const OUTREACH_NOTICE_DAYS = 28;

/** School holidays in England (approximate, the same every year): [from MM-DD, to MM-DD, name]. */
export const SCHOOL_HOLIDAYS: readonly [from: string, to: string, name: string][] = [
  ["12-20", "12-31", "Christmas"],
  ["01-01", "01-04", "Christmas"],
  ["02-16", "02-20", "February half-term"],
  ["03-30", "04-10", "Easter"],
  ["05-25", "05-29", "May half-term"],
  ["07-22", "09-02", "summer"],
  ["10-26", "10-30", "October half-term"],
];

export function schoolHoliday(date: string): string | undefined {
  const md = date.slice(5);
  return SCHOOL_HOLIDAYS.find(([from, to]) => md >= from && md <= to)?.[2];
}

const WEEKDAY = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "long" });

export function outreachWindow(today: string): { from: string; until: string } {
  return { from: addDays(today, OUTREACH_FROM_DAYS), until: addMonths(today, OUTREACH_MONTHS) };
}

/** Why the team cannot visit on a date at all (too soon, too far, weekend, holiday), or undefined. */
export function outreachDateReason(date: string, today: string): string | undefined {
  const { from, until } = outreachWindow(today);
  if (date < from) return `Outreach can be booked from 3 weeks ahead: choose ${formatDate(from)} or later.`;
  if (date > until) return `Outreach can be booked up to 12 months ahead: choose ${formatDate(until)} or earlier.`;
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (day === 0 || day === 6) return `The outreach team visits schools on weekdays: ${formatDate(date)} is a ${WEEKDAY.format(new Date(`${date}T00:00:00Z`))}.`;
  const holiday = schoolHoliday(date);
  if (holiday) return `${formatDate(date)} is in the ${holiday} school holiday: the outreach team visits in term time.`;
  return undefined;
}

export interface TeamDay {
  /** Teams already booked by other schools (seeded). */
  booked: number;
  /** Part of the day the last free team is already committed elsewhere. */
  busy?: TimeRange;
}

/**
 * Demand from other schools, the same on every run: about 12% of days have both teams
 * booked, 20% one (half of those with the other team busy for the morning or the
 * afternoon). A quiet day (provider states) has none.
 */
export function seededTeamDay(date: string, quiet = false): TeamDay {
  if (quiet) return { booked: 0 };
  const r = hash01("outreach-day", date);
  if (r < 0.12) return { booked: TEAMS_PER_DAY };
  if (r < 0.32) {
    const r2 = hash01("outreach-busy", date);
    if (r2 < 0.25) return { booked: 1, busy: { start: TEAM_DAY_START, end: "11:30" } };
    if (r2 < 0.5) return { booked: 1, busy: { start: "13:00", end: TEAM_DAY_END } };
    return { booked: 1 };
  }
  return { booked: 0 };
}

const overlaps = (a: TimeRange, b: TimeRange) => toMinutes(a.start) < toMinutes(b.end) && toMinutes(b.start) < toMinutes(a.end);

/**
 * The day's slots: session start times of an activity of `durationMinutes` (every 15
 * minutes, ending by the end of the team's day), or 30-minute blocks of the team's day.
 * Empty when no team is left. A slot is full when the free team is busy then, limited
 * when only one team is left.
 */
export function teamSlots(teamsLeft: number, busy: TimeRange | undefined, durationMinutes?: number): OutreachSlot[] {
  if (teamsLeft <= 0) return [];
  const length = durationMinutes ?? BLOCK_MINUTES;
  const step = durationMinutes ? START_STEP_MINUTES : BLOCK_MINUTES;
  const slots: OutreachSlot[] = [];
  for (let t = toMinutes(TEAM_DAY_START); t + length <= toMinutes(TEAM_DAY_END); t += step) {
    const slot = { start: fromMinutes(t), end: fromMinutes(t + length) };
    const status = busy && teamsLeft === 1 && overlaps(slot, busy) ? "full" : teamsLeft === 1 ? "limited" : "available";
    slots.push({ ...slot, status });
  }
  return slots;
}

export function teamDayStatus(teamsLeft: number): "available" | "limited" | "full" {
  return teamsLeft <= 0 ? "full" : teamsLeft < TEAMS_PER_DAY ? "limited" : "available";
}

// ---- The questionnaire ----------------------------------------------------------------------

export const QUESTIONNAIRE_VERSION = "outreach-questions-2026-01";

export const OUTREACH_QUESTIONNAIRE: Questionnaire = {
  version: QUESTIONNAIRE_VERSION,
  questions: [
    { id: "space-type", group: "Where we will work", label: "Which space will we use?", type: "select", required: true,
      options: [
        { value: "hall", label: "School hall" }, { value: "classroom", label: "Classroom" },
        { value: "library", label: "Library" }, { value: "other", label: "Another space" },
      ] },
    { id: "hall-size", group: "Where we will work", label: "Floor area of the space", type: "integer", required: true,
      min: 20, max: 1000, unit: "m²", help: "Clear floor, without stacked tables or PE equipment. A school hall is often 100 to 200 m²." },
    { id: "power", group: "Where we will work", label: "Is there a power socket within 5 metres of the space?", type: "boolean", required: true },
    { id: "parking", group: "Where we will work", label: "Where can our van park?", type: "select", required: true,
      options: [
        { value: "on-site", label: "On the school site" }, { value: "street", label: "On the street nearby" },
        { value: "none", label: "There is no parking nearby" },
      ] },
    { id: "access", group: "Where we will work", label: "Getting our equipment in", type: "textarea", required: false, maxLength: 1000,
      help: "Steps, lifts, narrow doors, or a long walk from where we park." },
    { id: "pupils-per-session", group: "Your pupils", label: "Pupils in each session", type: "integer", required: true,
      min: 1, max: 60, unit: "pupils" },
    { id: "year-groups", group: "Your pupils", label: "Which year groups or classes will take part?", type: "text", required: true,
      maxLength: 100, help: "For example: Year 4 Oak and Year 4 Elm." },
    { id: "additional-needs", group: "Your pupils", label: "Pupils' additional needs we should plan for", type: "textarea", required: false,
      maxLength: 1000 },
    { id: "school-start", group: "The school day", label: "When does the school day start?", type: "time", required: true,
      earliest: "07:30", latest: "10:00" },
    { id: "lunch-start", group: "The school day", label: "When does lunch start?", type: "time", required: true,
      earliest: "11:00", latest: "14:00" },
    { id: "lunch-end", group: "The school day", label: "When does lunch end?", type: "time", required: true,
      earliest: "11:30", latest: "14:30" },
    { id: "school-end", group: "The school day", label: "When does the school day end?", type: "time", required: true,
      earliest: "13:00", latest: "17:00" },
  ],
};

/** Answers by question id, as the gateway keeps them (text as sent; other types normalised). */
export type Answers = Record<string, string>;

export interface SchoolDay {
  start: string;
  lunch: TimeRange;
  end: string;
}

const EMPTY_MESSAGES: Readonly<Record<Question["type"], string>> = {
  text: "Enter an answer",
  textarea: "Enter an answer",
  integer: "Enter a whole number",
  boolean: "Answer yes or no",
  select: "Choose an option",
  time: "Enter a time, for example 09:00",
};

function answerError(q: Question, raw: string): string | undefined {
  const value = raw.trim();
  if (value === "") return q.required ? EMPTY_MESSAGES[q.type] : undefined;
  switch (q.type) {
    case "text":
    case "textarea":
      return q.maxLength !== undefined && value.length > q.maxLength ? `Use ${q.maxLength} characters or fewer` : undefined;
    case "integer": {
      const range = q.min !== undefined && q.max !== undefined ? ` from ${q.min} to ${q.max}` : "";
      if (!/^-?\d+$/.test(value)) return `Enter a whole number${range}`;
      const n = Number(value);
      if ((q.min !== undefined && n < q.min) || (q.max !== undefined && n > q.max)) return `Enter a whole number${range}`;
      return undefined;
    }
    case "boolean":
      return value === "true" || value === "false" ? undefined : EMPTY_MESSAGES.boolean;
    case "select":
      return q.options?.some((o) => o.value === value) ? undefined : EMPTY_MESSAGES.select;
    case "time":
      if (!isTimeOfDay(value)) return EMPTY_MESSAGES.time;
      if ((q.earliest && value < q.earliest) || (q.latest && value > q.latest)) {
        return `Enter a time from ${q.earliest ?? "00:00"} to ${q.latest ?? "23:59"}`;
      }
      return undefined;
  }
}

export interface AnswersContext {
  /** The most pupils a session of the chosen activities takes (and which activity). */
  maxPupils?: { pupils: number; name: string };
}

/**
 * Validates answers against the questionnaire: each question's type, required flag and
 * limits, then the school day's timings in order and the pupils per session against the
 * chosen activities. Errors are per question, `answers.<questionId>`.
 */
export function validateAnswers(
  questionnaire: Questionnaire, body: { questionnaireVersion?: unknown; answers?: unknown }, context: AnswersContext = {},
): { ok: true; answers: Answers } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  if (body.questionnaireVersion !== questionnaire.version) {
    errors.push({ field: "questionnaireVersion", message: "The questionnaire has changed since you opened it: reload the page to answer the current questions." });
  }
  if (!Array.isArray(body.answers)) return { ok: false, errors: [...errors, { field: "answers", message: "Answer the questions" }] };
  const given = new Map<string, string>();
  body.answers.forEach((a: unknown, i) => {
    const rec = typeof a === "object" && a !== null ? (a as Record<string, unknown>) : {};
    const id = typeof rec.questionId === "string" ? rec.questionId : "";
    if (!questionnaire.questions.some((q) => q.id === id)) {
      errors.push({ field: `answers.${i}.questionId`, message: "This is not a question of the questionnaire" });
    } else if (given.has(id)) {
      errors.push({ field: `answers.${id}`, message: "Answer each question once" });
    } else if (typeof rec.value !== "string" || rec.value.length > 2000) {
      errors.push({ field: `answers.${id}`, message: "Enter an answer of up to 2000 characters" });
      given.set(id, "");
    } else given.set(id, rec.value);
  });
  const answers: Answers = {};
  for (const q of questionnaire.questions) {
    if (errors.some((e) => e.field === `answers.${q.id}`)) continue;
    const raw = given.get(q.id) ?? "";
    const message = answerError(q, raw);
    if (message) errors.push({ field: `answers.${q.id}`, message });
    else if (raw.trim() !== "") answers[q.id] = q.type === "integer" ? String(Number(raw.trim())) : raw.trim();
  }
  const bad = (id: string) => errors.some((e) => e.field === `answers.${id}`);
  const t = (id: string) => answers[id];
  const after = (later: string, earlier: string, message: string) => {
    const a = t(later);
    const b = t(earlier);
    if (a && b && !bad(later) && !bad(earlier) && toMinutes(a) <= toMinutes(b)) errors.push({ field: `answers.${later}`, message });
  };
  after("lunch-start", "school-start", `Lunch must start after the school day starts (${t("school-start")})`);
  after("lunch-end", "lunch-start", `Lunch must end after it starts (${t("lunch-start")})`);
  after("school-end", "lunch-end", `The school day must end after lunch ends (${t("lunch-end")})`);
  const pupils = t("pupils-per-session");
  if (pupils && context.maxPupils && Number(pupils) > context.maxPupils.pupils) {
    errors.push({
      field: "answers.pupils-per-session",
      message: `${context.maxPupils.name} takes up to ${context.maxPupils.pupils} pupils in a session: split larger groups across more sessions.`,
    });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, answers };
}

/** The school day from valid answers. */
export function schoolDayOf(answers: Answers): SchoolDay | undefined {
  const [start, lunchStart, lunchEnd, end] = ["school-start", "lunch-start", "lunch-end", "school-end"].map((id) => answers[id]);
  if (!start || !lunchStart || !lunchEnd || !end) return undefined;
  return { start, lunch: { start: lunchStart, end: lunchEnd }, end };
}

/** The answers as the contract's list, in questionnaire order. */
export function answerList(questionnaire: Questionnaire, answers: Answers): QuestionAnswer[] {
  return questionnaire.questions.flatMap((q) => (answers[q.id] !== undefined ? [{ questionId: q.id, value: answers[q.id] as string }] : []));
}

// ---- The day's schedule ------------------------------------------------------------------------

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

// ---- Prices, payment, messages ---------------------------------------------------------------

export interface PricedSession { name: string; start: string; end: string; pupils: number; price: number }

/** One line per session, at the activity's price per session, in start order. */
export function priceOutreach(sessions: readonly PricedSession[]): PriceLine[] {
  return [...sessions]
    .sort((x, y) => x.start.localeCompare(y.start))
    .map((s) => line(`${s.name}, ${s.start}–${s.end} (${s.pupils} pupils)`, 1, s.price));
}

/** A pro-forma invoice (preferred) or card; an outreach booking always has a charge. */
export function outreachPaymentOptions(total: number): PaymentOption[] {
  if (total === 0) {
    return [
      { method: "invoice", available: false, reason: "Choose your sessions first." },
      { method: "card", available: false, reason: "Choose your sessions first." },
      { method: "none", available: false, reason: "Outreach sessions have a charge." },
    ];
  }
  return [
    { method: "invoice", available: true, preferred: true },
    { method: "card", available: true, payLaterAvailable: false },
    { method: "none", available: false, reason: "Outreach sessions have a charge." },
  ];
}

/** The last day the booking can be cancelled (28 days' notice). */
export function cancelBy(visitDate: string): string {
  return addDays(visitDate, -OUTREACH_NOTICE_DAYS);
}

/** What every outreach basket says: it is a request until paid; cancelling needs 28 days' notice. */
export function outreachMessages(visitDate: string | undefined, today: string): BasketMessage[] {
  const messages: BasketMessage[] = [{
    code: "outreach_request", severity: "info",
    message: "An outreach booking is a request: it is confirmed when its pro-forma invoice (or card payment) is paid.",
  }];
  if (visitDate) {
    const by = cancelBy(visitDate);
    messages.push({
      code: "cancellation_notice", severity: "info",
      message: daysBetween(today, by) >= 0
        ? `Cancelling needs 28 days' notice: you can cancel until ${formatDate(by)}.`
        : "Cancelling needs 28 days' notice: once booked, this visit cannot be cancelled online.",
    });
  }
  return messages;
}
