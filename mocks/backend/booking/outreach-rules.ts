// The gateway's outreach rules (docs/requirements.md §8.7): who may book (education and
// home-education organisations in the outreach region), the team's calendar (weekdays in
// term time, 3 weeks to 12 months ahead, two teams a day), the questionnaire and its
// validation, the day's schedule (sessions, the school's lunch time, the team's lunch
// break), prices and payment options. Pure functions of their inputs, unit-tested on
// their own (outreach-rules.test.ts). The questionnaire is in outreach-questionnaire.ts,
// the day's schedule in outreach-schedule-rules.ts.
import { addDays } from "../dates";
import type { GroupType } from "../types";
import { addMonths, daysBetween, formatDate, fromMinutes, hash01, toMinutes } from "./calendar";
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

export const overlaps = (a: TimeRange, b: TimeRange) => toMinutes(a.start) < toMinutes(b.end) && toMinutes(b.start) < toMinutes(a.end);

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
