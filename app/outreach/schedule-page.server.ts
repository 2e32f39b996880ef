// What the schedule step's loader and action read from the gateway: the month shown, the
// chosen date's status, the chosen activities' times on that date and the rows to start from.
import type { GatewayClient } from "../api/client.server";
import { getOutreachAvailability } from "../api/outreach.server";
import { succeeded } from "../api/result.server";
import { clampMonth, DATE_PATTERN, monthOf, MONTH_PATTERN } from "../calendar/dates";
import { answersByQuestion } from "./questionnaire";
import { MAX_SESSIONS, schoolDayOf, type Range, type ScheduleActivity, type SchoolDay, type SessionRow } from "./schedule";
import type { AvailabilityStatus, Basket, OutreachActivity, OutreachAvailability } from "../../generated/schemas";

const londonMonth = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit" });

/** The pupils question of the questionnaire, the default for a new session. */
const PUPILS_QUESTION = "pupils-per-session";

async function monthAvailability(gateway: GatewayClient, month: string, activityId?: string): Promise<OutreachAvailability> {
  return succeeded(await getOutreachAvailability(gateway, activityId ? { month, activityId } : { month }));
}

export interface ScheduleCalendar {
  /** The month shown, kept inside the bookable months. */
  availability: OutreachAvailability;
  /** The date asked for in the address, else the saved one. */
  date: string | null;
  /** The date's status in its own month ("closed" when not listed), null without a date. */
  dateStatus: AvailabilityStatus | null;
}

/** The month to show (asked for, else the date's, else London's this month) and the chosen date's status. */
export async function scheduleCalendar(gateway: GatewayClient, search: URLSearchParams, savedDate: string | null): Promise<ScheduleCalendar> {
  const asked = search.get("date");
  const date = asked && DATE_PATTERN.test(asked) ? asked : savedDate;
  const monthParam = search.get("month");
  const wanted = monthParam && MONTH_PATTERN.test(monthParam) ? monthParam : date ? monthOf(date) : londonMonth.format(new Date());
  let availability = await monthAvailability(gateway, wanted);
  const month = clampMonth(wanted, availability.bookableFrom, availability.bookableUntil);
  if (month !== availability.month) availability = await monthAvailability(gateway, month);

  const dateMonth = date && monthOf(date) !== availability.month ? await monthAvailability(gateway, monthOf(date)) : availability;
  const dateStatus = date ? (dateMonth.days.find((d) => d.date === date)?.status ?? "closed") : null;
  return { availability, date, dateStatus };
}

export interface DayPlan {
  /** The chosen activities, with the times offered on the date (none without a bookable date). */
  activities: ScheduleActivity[];
  schoolDay: SchoolDay | null;
  defaultPupils: string;
}

/** What the schedule is checked against: the chosen activities' times on the date and the school day. */
export async function dayPlan(gateway: GatewayClient, basket: Basket, all: readonly OutreachActivity[], date: string | null, dateBookable: boolean): Promise<DayPlan> {
  const chosen = (basket.outreach?.activityIds ?? []).flatMap((id) => all.filter((a) => a.id === id));
  const slotsOf = async (a: OutreachActivity) => {
    if (!date || !dateBookable) return [];
    const month = await monthAvailability(gateway, monthOf(date), a.id);
    return month.days.find((d) => d.date === date)?.slots ?? [];
  };
  const activities = await Promise.all(
    chosen.map(async (a) => ({
      id: a.id,
      name: a.name,
      durationMinutes: a.durationMinutes,
      maxPupilsPerSession: a.maxPupilsPerSession,
      slots: await slotsOf(a),
    })),
  );
  const answers = answersByQuestion(basket.outreach?.answers);
  return { activities, schoolDay: schoolDayOf(answers), defaultPupils: answers[PUPILS_QUESTION] ?? "" };
}

/** The rows to start from: the saved sessions (their times kept when offered on this date), else one per activity. */
export function initialRows(basket: Basket, plan: DayPlan, date: string | null): SessionRow[] {
  const saved = basket.outreach?.schedule;
  if (saved && saved.sessions.length > 0) {
    return saved.sessions.map((s, i) => {
      const activity = plan.activities.find((a) => a.id === s.activityId);
      const offered = saved.date === date || Boolean(activity?.slots.some((slot) => slot.start === s.start && slot.status !== "full"));
      return { key: `s${i}`, activityId: s.activityId, start: offered ? s.start : "", pupils: String(s.pupils) };
    });
  }
  return plan.activities.map((a, i) => ({ key: `s${i}`, activityId: a.id, start: "", pupils: plan.defaultPupils }));
}

/**
 * Without JavaScript, adding and removing a session row goes through the server: the
 * rows after "add" or "remove:<index>", renumbered; null for any other intent.
 */
export function editedRows(intent: string, rows: SessionRow[], plan: DayPlan): SessionRow[] | null {
  if (intent !== "add" && !intent.startsWith("remove:")) return null;
  if (intent === "add" && rows.length < MAX_SESSIONS) {
    const next = plan.activities.find((a) => !rows.some((r) => r.activityId === a.id)) ?? plan.activities[0];
    rows.push({ key: `s${rows.length}`, activityId: next?.id ?? "", start: "", pupils: plan.defaultPupils });
  }
  if (intent.startsWith("remove:")) rows.splice(Number(intent.slice(7)), 1);
  return rows.map((r, i) => ({ ...r, key: `s${i}` }));
}

export type { Range };
