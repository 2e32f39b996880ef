import { useEffect } from "react";
import { data, Form, redirect } from "react-router";
import { useSnapshot } from "valtio";
import type { Route } from "./+types/schedule";
import { listActivities, updateBasketSchedule } from "../../api/booking.server";
import { problemText, required } from "../../api/result.server";
import { bookingView, requireBasket, requireBooking } from "../../booking/basket.server";
import { continueBooking } from "../../booking/continue.server";
import { MAX_PARTICIPANTS } from "../../booking/ratios";
import { clashesWith, entriesFor } from "../../booking/schedule";
import { STEP_PATHS } from "../../booking/steps";
import { findClashes } from "../../booking/times";
import { BookingStep } from "../../components/booking/booking-step";
import { FormErrors } from "../../components/form-errors";
import { DayTimeline } from "../../components/booking/day-timeline";
import { SchedulerGroup, SchedulerRow } from "../../components/booking/scheduler";
import type { GatewayClient } from "../../api/client.server";
import { pageTitle } from "../../shell/meta";
import { bookingState, createBookingStore } from "../../state/booking";
import { useStore } from "../../state/stores";
import { SaveAndContinue } from "../../components/save-and-continue";
import type { Activity, ScheduleSelection, Basket } from "../../../generated/schemas";
import { useSubmitting } from "../../shell/pending";

const VISIT_KINDS = new Set<Activity["kind"]>(["workshop", "show", "lunch-space"]);

/** The day's activities this visit can book: workshops and shows, and lunch space when asked for. */
async function dayActivities(gateway: GatewayClient, basket: Basket): Promise<Activity[]> {
  if (!basket.venue || !basket.visitDate) throw redirect(STEP_PATHS.date);
  const list = required(await listActivities(gateway, basket.venue.id, { date: basket.visitDate }));
  return list.items.filter((a) => VISIT_KINDS.has(a.kind) && (a.kind !== "lunch-space" || basket.information?.lunchSpace));
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const { gateway, scope } = requireBooking(context);
  const basket = requireBasket(scope);
  const activities = await dayActivities(gateway, basket);
  const selections: Record<string, string> = {};
  const participants: Record<string, string> = {};
  for (const entry of basket.schedule) {
    selections[entry.activityId] = entry.slotId;
    participants[entry.activityId] = String(entry.participants);
  }
  const groupSize = Math.min(MAX_PARTICIPANTS, Math.max(1, basket.participants));
  // Not yet chosen: the whole group takes part, unless the user says fewer.
  for (const activity of activities) participants[activity.id] ??= String(groupSize);
  // Gateway advice about the saved choices, e.g. a slot sold out since it was chosen.
  const rowMessages: Record<string, string> = {};
  for (const message of basket.messages) {
    const index = /^schedule\.(\d+)/.exec(message.field ?? "");
    const entry = index ? basket.schedule[Number(index[1])] : undefined;
    if (entry && message.severity !== "info") rowMessages[entry.activityId] ??= message.message;
  }
  return {
    booking: bookingView(scope),
    rowMessages,
    activities,
    venueName: basket.venue?.name ?? "",
    date: basket.visitDate ?? "",
    arrival: basket.information?.arrivalTime,
    groupSize,
    values: { selections, participants },
    key: `${basket.id}@${basket.updatedAt}`,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const form = await request.formData();
  const { gateway, scope } = requireBooking(context);
  const basket = requireBasket(scope);
  const activities = await dayActivities(gateway, basket);
  const groupSize = Math.min(MAX_PARTICIPANTS, Math.max(1, basket.participants));
  const attempt = crypto.randomUUID();

  const selections: Record<string, string> = {};
  const participants: Record<string, string> = {};
  const errors: Record<string, string> = {};
  const items: ScheduleSelection[] = [];
  for (const activity of activities) {
    const slotId = String(form.get(`slot.${activity.id}`) ?? "");
    const typed = String(form.get(`participants.${activity.id}`) ?? "").trim();
    selections[activity.id] = slotId;
    participants[activity.id] = typed;
    if (!slotId) continue;
    if (!activity.slots.some((s) => s.id === slotId)) {
      errors[activity.id] = `Choose one of the times shown for ${activity.name}`;
      continue;
    }
    const n = typed === "" ? groupSize : Number(typed);
    if (!Number.isInteger(n) || n < 1 || n > groupSize) {
      errors[activity.id] = `Enter how many people take part in ${activity.name}, from 1 to ${groupSize}`;
      continue;
    }
    items.push({ activityId: activity.id, slotId, participants: n });
  }
  const values = { selections, participants };

  // Refused here before asking the gateway (which refuses them too): overlapping times.
  const clashes = findClashes(entriesFor(activities, selections));
  for (const { a, b } of clashes) {
    errors[a.activityId] ??= `${a.name} (${a.start}–${a.end}) clashes with ${b.name} (${b.start}–${b.end}). Choose another time.`;
    errors[b.activityId] ??= `${b.name} (${b.start}–${b.end}) clashes with ${a.name} (${a.start}–${a.end}). Choose another time.`;
  }
  if (Object.keys(errors).length > 0) return data({ errors, values, attempt }, { status: 400 });

  const saved = await updateBasketSchedule(gateway, basket.id, { items });
  if (!saved.ok) {
    for (const e of saved.problem.errors ?? []) {
      const index = /^items\.(\d+)/.exec(e.field);
      const item = index ? items[Number(index[1])] : undefined;
      if (item) errors[item.activityId] ??= e.message;
      else errors.form ??= e.message;
    }
    if (Object.keys(errors).length === 0) errors.form = problemText(saved.problem);
    return data({ errors, values, attempt }, { status: saved.status });
  }
  return continueBooking(gateway, saved.data);
}

export default function ScheduleStep({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, activities, venueName, date, arrival, groupSize } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.errors ?? loaderData.rowMessages;
  const initial = actionData?.values ?? loaderData.values;
  const key = actionData ? `posted-${actionData.attempt}` : loaderData.key;
  const store = useStore(createBookingStore);
  const snap = useSnapshot(store);
  const current = snap.schedule.key === key ? snap.schedule : { selections: initial.selections, participants: initial.participants };
  const submitting = useSubmitting();

  useEffect(() => {
    bookingState.startSchedule(store, key, initial.selections, initial.participants);
  }, [store, key, initial]);

  const select = (activityId: string, slotId: string) => {
    bookingState.startSchedule(store, key, initial.selections, initial.participants);
    bookingState.selectSlot(store, activityId, slotId);
  };
  const setParticipants = (activityId: string, value: string) => {
    bookingState.startSchedule(store, key, initial.selections, initial.participants);
    bookingState.setParticipants(store, activityId, value);
  };

  const entries = entriesFor(activities, current.selections);
  const clashes = findClashes(entries);
  const fieldIds = Object.fromEntries(activities.map((a) => [a.id, `activity-${a.id}`]));
  return (
    <BookingStep booking={booking} step="schedule" title="Plan your day">
      <FormErrors errors={errors} fieldIds={fieldIds} />
      <p>
        General admission is free. Add workshops, shows{booking.basket?.information?.lunchSpace ? " and your lunch space" : ""} at
        the times that suit you; times cannot overlap. You can also visit with general admission only.
      </p>
      <Form method="post" noValidate className="booking-form">
        <SchedulerGroup
          venueName={venueName}
          date={date}
          description={<p className="field-hint">Use Tab to move between activities and the arrow keys to choose a time.</p>}
        >
          {activities.length === 0 ? <p>There are no workshops or shows to book on this day.</p> : null}
          {activities.map((activity) => {
            const entry = entries.find((e) => e.activityId === activity.id);
            return (
              <SchedulerRow
                key={activity.id}
                activity={activity}
                selectedSlotId={current.selections[activity.id] ?? ""}
                onSelect={(slotId) => select(activity.id, slotId)}
                participants={current.participants[activity.id] ?? String(groupSize)}
                onParticipants={(value) => setParticipants(activity.id, value)}
                maxParticipants={groupSize}
                error={errors[activity.id]}
                clashesWith={entry ? clashesWith(entry, clashes).map((o) => `${o.name} (${o.start}–${o.end})`) : []}
              />
            );
          })}
        </SchedulerGroup>
        <DayTimeline arrival={arrival} entries={entries} linkRows />
        <div className="actions">
          <SaveAndContinue submitting={submitting} />
        </div>
      </Form>
    </BookingStep>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Plan your day");
