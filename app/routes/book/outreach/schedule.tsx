import { data } from "react-router";
import type { Route } from "./+types/schedule";
import { updateBasketOutreachSchedule } from "../../../api/outreach.server";
import { problemText } from "../../../api/result.server";
import { DATE_PATTERN } from "../../../calendar/dates";
import { FormErrors } from "../../../components/form-errors";
import { bookable } from "../../../components/booking/month-calendar";
import { BackLink, OutreachStepPage } from "../../../components/outreach/outreach-step";
import { ScheduleDate } from "../../../components/outreach/schedule-date";
import { ScheduleForm } from "../../../components/outreach/schedule-form";
import { scheduleFieldIds, useScheduleEditor } from "../../../components/outreach/use-schedule-editor";
import {
  outreachActivities, outreachView, redirectToDue, requireOutreach, requireOutreachBasket,
} from "../../../outreach/basket.server";
import { gatewayScheduleErrors, lunchFromForm, rowsFromForm, span, validateSchedule } from "../../../outreach/schedule";
import { dayPlan, editedRows, initialRows, scheduleCalendar } from "../../../outreach/schedule-page.server";
import { OUTREACH_TITLES } from "../../../outreach/steps";
import { pageTitle } from "../../../shell/meta";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { gateway, scope } = requireOutreach(context);
  const basket = requireOutreachBasket(scope);
  const all = await outreachActivities(gateway, scope.organisationId);
  const saved = basket.outreach?.schedule ?? null;
  const { availability, date, dateStatus } = await scheduleCalendar(gateway, url.searchParams, saved?.date ?? null);
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

export async function action({ request, context }: Route.ActionArgs) {
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

  const edited = editedRows(String(form.get("intent") ?? "save"), rows, plan);
  if (edited) return data({ errors: {} as Record<string, string>, values: { rows: edited, lunch }, attempt });

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
  const editor = useScheduleEditor(key, initial, plan);
  const dateChosen = Boolean(date && bookable(dateStatus ?? undefined));

  return (
    <OutreachStepPage outreach={outreach} step="schedule">
      <FormErrors errors={errors} fieldIds={scheduleFieldIds(editor.rows.length, editor.hydrated)} />
      <p>
        Choose a date, then the time of each session and our team&apos;s lunch break. Sessions cannot overlap each other
        or your school&apos;s lunch time{plan.schoolDay ? ` (${span(plan.schoolDay.lunch)})` : ""}, and must fit in your school
        day{plan.schoolDay ? ` (${plan.schoolDay.start} to ${plan.schoolDay.end})` : ""}.
      </p>
      <ScheduleDate availability={availability} date={date} dateChosen={dateChosen} error={errors.date} />
      {dateChosen && date ? (
        <ScheduleForm editor={editor} date={date} plan={plan} errors={errors} />
      ) : (
        <p>Choose a date to see the times our team can come.</p>
      )}
      <BackLink to="questions" />
    </OutreachStepPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, OUTREACH_TITLES.schedule);
