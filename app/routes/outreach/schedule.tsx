import { useEffect, useRef, type MouseEvent } from "react";
import { data, Form, useNavigation } from "react-router";
import { useSnapshot } from "valtio";
import type { Route } from "./+types/schedule";
import type { GatewayClient } from "../../api/client.server";
import {
  getOutreachAvailability, updateBasketOutreachSchedule
} from "../../api/outreach.server";
import { problemText, succeeded } from "../../api/result.server";
import { clampMonth, DATE_PATTERN, monthOf, MONTH_PATTERN } from "../../calendar/dates";
import { FormErrors } from "../../components/form-errors";
import { bookable, MonthCalendar } from "../../components/booking/month-calendar";
import { Field, FieldError, SelectField } from "../../components/field";
import { useHydrated } from "../../components/modal";
import {
  outreachActivities, outreachView, redirectToDue, requireOutreach, requireOutreachBasket,
} from "../../outreach/basket.server";
import { LunchModal } from "../../components/outreach/lunch-modal";
import { BackLink, OutreachStepPage } from "../../components/outreach/outreach-step";
import { OutreachTimeline } from "../../components/outreach/outreach-timeline";
import { answersByQuestion } from "../../outreach/questionnaire";
import {
  addMinutes, gatewayScheduleErrors, LUNCH, lengthOf, lunchFromForm, lunchProblems, MAX_SESSIONS, overlaps, placeSessions,
  rowsFromForm, schoolDayOf, sessionEnd, sessionProblems, span, validateSchedule,
  type Range, type ScheduleActivity, type SchoolDay, type SessionRow,
} from "../../outreach/schedule";
import { OUTREACH_TITLES } from "../../outreach/steps";
import { TimeSlotModal } from "../../components/outreach/time-slot-modal";
import { formatDate } from "../../shell/format";
import { pageTitle } from "../../shell/meta";
import { createOutreachStore, outreachState } from "../../state/outreach";
import { useStore } from "../../state/stores";
import { SaveAndContinue } from "../../components/save-and-continue";
import type { Basket, OutreachActivity, OutreachAvailability } from "../../../generated/schemas";

const londonMonth = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit" });

/** The pupils question of the questionnaire, the default for a new session. */
const PUPILS_QUESTION = "pupils-per-session";

async function monthAvailability(gateway: GatewayClient, month: string, activityId?: string): Promise<OutreachAvailability> {
  return succeeded(await getOutreachAvailability(gateway, activityId ? { month, activityId } : { month }));
}

interface DayPlan {
  /** The chosen activities, with the times offered on the date (none without a bookable date). */
  activities: ScheduleActivity[];
  schoolDay: SchoolDay | null;
  defaultPupils: string;
}

/** What the schedule is checked against: the chosen activities' times on the date and the school day. */
async function dayPlan(gateway: GatewayClient, basket: Basket, all: readonly OutreachActivity[], date: string | null, dateBookable: boolean): Promise<DayPlan> {
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
function initialRows(basket: Basket, plan: DayPlan, date: string | null): SessionRow[] {
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

export async function loader({ context, url }: Route.LoaderArgs) {
  const { gateway, scope } = requireOutreach(context);
  const basket = requireOutreachBasket(scope);
  const all = await outreachActivities(gateway, scope.organisationId);
  const saved = basket.outreach?.schedule ?? null;

  const asked = url.searchParams.get("date");
  const date = asked && DATE_PATTERN.test(asked) ? asked : (saved?.date ?? null);
  const monthParam = url.searchParams.get("month");
  const wanted = monthParam && MONTH_PATTERN.test(monthParam) ? monthParam : date ? monthOf(date) : londonMonth.format(new Date());
  let availability = await monthAvailability(gateway, wanted);
  const month = clampMonth(wanted, availability.bookableFrom, availability.bookableUntil);
  if (month !== availability.month) availability = await monthAvailability(gateway, month);

  const dateMonth = date && monthOf(date) !== availability.month ? await monthAvailability(gateway, monthOf(date)) : availability;
  const dateStatus = date ? (dateMonth.days.find((d) => d.date === date)?.status ?? "closed") : null;
  const plan = await dayPlan(gateway, basket, all, date, bookable(dateStatus ?? undefined));
  return {
    outreach: outreachView(scope, all),
    availability,
    date,
    dateStatus,
    plan,
    values: { rows: initialRows(basket, plan, date), lunch: saved?.lunchBreak ?? null },
    key: `${basket.id}@${basket.updatedAt}@${date ?? ""}`,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  const { gateway, scope } = requireOutreach(context);
  const basket = requireOutreachBasket(scope);
  const all = await outreachActivities(gateway, scope.organisationId);
  const date = String(form.get("date") ?? "");
  const validDate = DATE_PATTERN.test(date);
  const plan = await dayPlan(gateway, basket, all, validDate ? date : null, validDate);
  const rows = rowsFromForm(form);
  const lunch = lunchFromForm(form);
  const attempt = crypto.randomUUID();
  const intent = String(form.get("intent") ?? "save");

  // Without JavaScript, adding and removing a session row goes through the server.
  if (intent === "add" || intent.startsWith("remove:")) {
    if (intent === "add" && rows.length < MAX_SESSIONS) {
      const next = plan.activities.find((a) => !rows.some((r) => r.activityId === a.id)) ?? plan.activities[0];
      rows.push({ key: `s${rows.length}`, activityId: next?.id ?? "", start: "", pupils: plan.defaultPupils });
    }
    if (intent.startsWith("remove:")) rows.splice(Number(intent.slice(7)), 1);
    return data({ errors: {} as Record<string, string>, values: { rows: rows.map((r, i) => ({ ...r, key: `s${i}` })), lunch }, attempt });
  }

  const values = { rows, lunch };
  const checked = validateSchedule({ date, rows, lunch }, plan.activities, plan.schoolDay);
  if (!checked.ok) return data({ errors: checked.errors, values, attempt }, { status: 400 });

  const saved = await updateBasketOutreachSchedule(gateway, basket.id, checked.body);
  if (!saved.ok) {
    const errors = gatewayScheduleErrors(saved.problem.errors ?? []);
    if (Object.keys(errors).length === 0) errors.form = problemText(saved.problem);
    return data({ errors, values, attempt }, { status: saved.status });
  }
  return redirectToDue(saved.data);
}

export default function ScheduleStep({ loaderData, actionData }: Route.ComponentProps) {
  const { outreach, availability, date, dateStatus, plan } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const initial = actionData?.values ?? loaderData.values;
  const key = actionData ? `posted-${actionData.attempt}` : loaderData.key;
  const store = useStore(createOutreachStore);
  const snap = useSnapshot(store);
  const hydrated = useHydrated();
  const submitting = useNavigation().state === "submitting";
  const focusAfter = useRef<string | null>(null);

  useEffect(() => {
    outreachState.startSchedule(store, key, initial.rows, initial.lunch);
  }, [store, key, initial]);

  // After a row is added or removed with JavaScript, focus what the user works on next.
  useEffect(() => {
    if (!focusAfter.current) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = null;
  });

  const started = hydrated && snap.schedule.key === key;
  const rows: readonly SessionRow[] = started ? snap.schedule.sessions : initial.rows;
  const lunch: Range | null = started ? snap.schedule.lunch : initial.lunch;
  const modal = started ? snap.modal : null;
  const ensureStarted = () => outreachState.startSchedule(store, key, initial.rows, initial.lunch);

  const placed = placeSessions(rows, plan.activities);
  const activityOf = (id: string) => plan.activities.find((a) => a.id === id);
  const dateChosen = Boolean(date && bookable(dateStatus ?? undefined));

  const problemsAt = (index: number) => (start: string) => {
    const row = rows[index]!;
    const activity = activityOf(row.activityId);
    if (!activity) return [];
    const trial = { index, key: row.key, activity, range: { start, end: sessionEnd(activity, start) } };
    const others = placed.filter((p) => p.index !== index);
    const problems = sessionProblems(trial, [...others, trial], plan.schoolDay);
    if (lunch && overlaps(trial.range, lunch)) problems.push(`Clashes with our team's lunch break (${span(lunch)})`);
    return problems;
  };
  const lunchProblemsAt = (start: string, end: string) => lunchProblems({ start, end }, placed).filter((p) => p.startsWith("Clashes"));

  const onAdd = (event: MouseEvent<HTMLButtonElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    ensureStarted();
    const next = plan.activities.find((a) => !store.schedule.sessions.some((r) => r.activityId === a.id)) ?? plan.activities[0];
    outreachState.addSession(store, next?.id ?? "", plan.defaultPupils);
    focusAfter.current = `session-${store.schedule.sessions.length - 1}-legend`;
  };
  const onRemove = (event: MouseEvent<HTMLButtonElement>, rowKey: string) => {
    if (!hydrated) return;
    event.preventDefault();
    ensureStarted();
    outreachState.removeSession(store, rowKey);
    focusAfter.current = "sessions-heading";
  };

  const fieldIds: Record<string, string> = { date: "outreach-dates", sessions: "sessions-heading", lunch: "lunch-break" };
  rows.forEach((_, i) => {
    fieldIds[`sessions.${i}.start`] = hydrated ? `session-${i}-choose` : `session-${i}`;
    fieldIds[`sessions.${i}.pupils`] = `session-${i}-pupils`;
    fieldIds[`sessions.${i}.activityId`] = `session-${i}-activity`;
  });
  const monthHref = (month: string) => `?${new URLSearchParams(date ? { month, date } : { month })}`;
  const lunchLength = lunch ? String(lengthOf(lunch)) : String(LUNCH.defaultLength);

  return (
    <OutreachStepPage outreach={outreach} step="schedule">
      <FormErrors errors={errors} fieldIds={fieldIds} />
      <p>
        Choose a date, then the time of each session and our team&apos;s lunch break. Sessions cannot overlap each other
        or your school&apos;s lunch time{plan.schoolDay ? ` (${span(plan.schoolDay.lunch)})` : ""}, and must fit in your school
        day{plan.schoolDay ? ` (${plan.schoolDay.start} to ${plan.schoolDay.end})` : ""}.
      </p>

      <section aria-labelledby="outreach-dates-heading" id="outreach-dates" tabIndex={-1}>
        <h2 id="outreach-dates-heading">Date</h2>
        <p>
          Our team visits schools on weekdays in term time, from {formatDate(availability.bookableFrom)} to{" "}
          {formatDate(availability.bookableUntil)}.
        </p>
        {date ? (
          <p>
            Your chosen date: <strong>{formatDate(date)}</strong>
            {dateChosen ? ". Choose another date to change it." : ". Our team cannot come that day: choose another date."}
          </p>
        ) : null}
        <FieldError id="date-error" error={errors.date} />
        <Form method="get" id="outreach-date-form" preventScrollReset>
          <MonthCalendar
            month={availability.month}
            days={availability.days}
            bookableFrom={availability.bookableFrom}
            bookableUntil={availability.bookableUntil}
            selectedDate={date}
            monthHref={monthHref}
            name="date"
            form="outreach-date-form"
          />
        </Form>
      </section>

      {dateChosen && date ? (
        <Form method="post" noValidate className="booking-form outreach-schedule">
          <input type="hidden" name="date" value={date} />
          <h2 id="sessions-heading" tabIndex={-1}>
            Sessions on {formatDate(date)}
          </h2>
          <FieldError id="sessions-error" error={errors.sessions} />
          {rows.map((row, i) => {
            const activity = activityOf(row.activityId);
            const session = placed.find((p) => p.index === i);
            const open = modal?.kind === "slot" && modal.sessionKey === row.key;
            const problems = session ? sessionProblems(session, placed, plan.schoolDay) : [];
            const timeError = errors[`sessions.${i}.start`];
            return (
              <fieldset key={`${key}/${row.key}`} id={`session-${i}`} className={`outreach-session${timeError || problems.length > 0 ? " row-clash" : ""}`} tabIndex={-1}>
                <legend id={`session-${i}-legend`} tabIndex={-1}>
                  Session {i + 1}
                  {activity ? `: ${activity.name}` : ""}
                </legend>
                {plan.activities.length > 1 ? (
                  <SelectField
                    name={`sessions.${i}.activityId`}
                    id={`session-${i}-activity`}
                    label="Activity"
                    options={plan.activities.map((a) => ({ value: a.id, label: `${a.name} (${a.durationMinutes} minutes)` }))}
                    error={errors[`sessions.${i}.activityId`]}
                    defaultValue={row.activityId}
                    onChange={(e) => {
                      ensureStarted();
                      outreachState.setActivity(store, row.key, e.currentTarget.value);
                    }}
                  />
                ) : (
                  <input type="hidden" name={`sessions.${i}.activityId`} value={row.activityId} />
                )}
                <Field
                  name={`sessions.${i}.pupils`}
                  id={`session-${i}-pupils`}
                  label="Pupils in this session"
                  hint={activity ? `Up to ${activity.maxPupilsPerSession}.` : undefined}
                  inputMode="numeric"
                  autoComplete="off"
                  className="input-number"
                  error={errors[`sessions.${i}.pupils`]}
                  defaultValue={row.pupils}
                  onChange={(e) => {
                    ensureStarted();
                    outreachState.setPupils(store, row.key, e.currentTarget.value);
                  }}
                />
                {hydrated ? (
                  <div className={timeError ? "field field-invalid" : "field"}>
                    <p className="session-time" id={`session-${i}-time`}>
                      <strong>Time: </strong>
                      {session ? span(session.range) : "not chosen yet"}
                    </p>
                    <FieldError id={`session-${i}-time-error`} error={timeError} />
                    {problems.length > 0 && !timeError ? <p className="field-error">{problems.join(". ")}</p> : null}
                    <input type="hidden" name={`sessions.${i}.start`} value={row.start} />
                    <button
                      type="button"
                      id={`session-${i}-choose`}
                      className="secondary"
                      aria-describedby={`session-${i}-time${timeError ? ` session-${i}-time-error` : ""}`}
                      aria-haspopup="dialog"
                      disabled={!activity}
                      onClick={() => {
                        ensureStarted();
                        outreachState.openSlotModal(store, row.key);
                      }}
                    >
                      {row.start ? "Change the time" : "Choose a time"}
                      <span className="visually-hidden"> for session {i + 1}</span>
                    </button>
                  </div>
                ) : timeError ? (
                  <FieldError id={`session-${i}-time-error`} error={timeError} />
                ) : null}
                {activity ? (
                  <TimeSlotModal
                    open={open}
                    index={i}
                    activity={activity}
                    value={open && modal?.kind === "slot" ? modal.draft : row.start}
                    onDraft={(start) => outreachState.draftSlot(store, start)}
                    onApply={() => {
                      const draft = store.modal?.kind === "slot" ? store.modal.draft : "";
                      outreachState.applySlot(store, `Session ${i + 1}, ${activity.name}: ${span({ start: draft, end: sessionEnd(activity, draft) })}.`);
                    }}
                    onCancel={() => outreachState.closeModal(store)}
                    problemsAt={problemsAt(i)}
                    returnFocus={() => document.getElementById(`session-${i}-choose`)}
                  />
                ) : null}
                {rows.length > 1 ? (
                  <button type="submit" name="intent" value={`remove:${i}`} className="link-button" onClick={(e) => onRemove(e, row.key)}>
                    Remove session {i + 1}
                  </button>
                ) : null}
              </fieldset>
            );
          })}
          {rows.length < MAX_SESSIONS ? (
            <p>
              <button type="submit" name="intent" value="add" className="secondary" onClick={onAdd}>
                Add another session
              </button>
            </p>
          ) : (
            <p className="field-hint">Our team can run up to {MAX_SESSIONS} sessions in a day.</p>
          )}

          <section aria-labelledby="lunch-break-heading" id="lunch-break" tabIndex={-1} className={errors.lunch ? "outreach-lunch field-invalid" : "outreach-lunch"}>
            <h2 id="lunch-break-heading">Our team&apos;s lunch break</h2>
            <FieldError id="lunch-error" error={errors.lunch} />
            {hydrated ? (
              <>
                <p id="lunch-time">
                  <strong>Lunch break: </strong>
                  {lunch ? `${span(lunch)} (${lengthOf(lunch)} minutes)` : "not chosen yet"}
                </p>
                {lunch ? (
                  <>
                    <input type="hidden" name="lunch.start" value={lunch.start} />
                    <input type="hidden" name="lunch.end" value={lunch.end} />
                  </>
                ) : null}
                <button
                  type="button"
                  id="lunch-choose"
                  className="secondary"
                  aria-haspopup="dialog"
                  aria-describedby="lunch-time"
                  onClick={() => {
                    ensureStarted();
                    outreachState.openLunchModal(store, String(LUNCH.defaultLength));
                  }}
                >
                  {lunch ? "Change the lunch break" : "Choose the lunch break"}
                </button>
              </>
            ) : null}
            <LunchModal
              open={modal?.kind === "lunch"}
              start={modal?.kind === "lunch" ? modal.draftStart : (lunch?.start ?? "")}
              length={modal?.kind === "lunch" ? modal.draftLength : lunchLength}
              onDraft={(change) => outreachState.draftLunch(store, change)}
              onApply={() => {
                if (store.modal?.kind !== "lunch") return;
                const { draftStart, draftLength } = store.modal;
                const chosen = { start: draftStart, end: addMinutes(draftStart, Number(draftLength)) };
                outreachState.applyLunch(store, chosen, `Our team's lunch break: ${span(chosen)}.`);
              }}
              onCancel={() => outreachState.closeModal(store)}
              problemsAt={lunchProblemsAt}
              returnFocus={() => document.getElementById("lunch-choose")}
            />
          </section>

          <OutreachTimeline schoolDay={plan.schoolDay} sessions={placed} lunch={lunch} linkRows />
          <p className="visually-hidden" role="status">
            {started ? snap.announcement : ""}
          </p>
          <div className="actions">
            <SaveAndContinue submitting={submitting} name="intent" value="save" />
          </div>
        </Form>
      ) : (
        <p>Choose a date to see the times our team can come.</p>
      )}
      <BackLink to="questions" />
    </OutreachStepPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, OUTREACH_TITLES.schedule);
