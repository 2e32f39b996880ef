import { useEffect, useRef, type MouseEvent } from "react";
import { useSnapshot } from "valtio";
import { useHydrated } from "../modal";
import type { Range, ScheduleActivity, SessionRow } from "../../outreach/schedule";
import { createOutreachStore, outreachState, type OutreachModal, type OutreachState } from "../../state/outreach";
import { useStore } from "../../state/stores";
import { useSubmitting } from "../../shell/pending";

/** The day plan the schedule step's page reads (app/outreach/schedule-page.server.ts makes it). */
export interface SchedulePlan {
  activities: readonly ScheduleActivity[];
  defaultPupils: string;
}

export interface ScheduleEditor {
  store: OutreachState;
  hydrated: boolean;
  /** Whether the store holds the rows of this key (after hydration): then the store is read, else the initial rows. */
  started: boolean;
  submitting: boolean;
  key: string;
  rows: readonly SessionRow[];
  lunch: Range | null;
  modal: OutreachModal;
  announcement: string;
  ensureStarted: () => void;
  onAdd: (event: MouseEvent<HTMLButtonElement>) => void;
  onRemove: (event: MouseEvent<HTMLButtonElement>, rowKey: string) => void;
}

/**
 * The schedule step's unsaved rows and lunch break: the posted or saved values until the
 * page hydrates, then the outreach store (started once per key), with adding and removing
 * a row in the browser and the focus moved to what the user works on next.
 */
export function useScheduleEditor(key: string, initial: { rows: readonly SessionRow[]; lunch: Range | null }, plan: SchedulePlan): ScheduleEditor {
  const store = useStore(createOutreachStore);
  const snap = useSnapshot(store);
  const hydrated = useHydrated();
  const submitting = useSubmitting();
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
  const ensureStarted = () => outreachState.startSchedule(store, key, initial.rows, initial.lunch);

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

  return {
    store,
    hydrated,
    started,
    submitting,
    key,
    rows: started ? snap.schedule.sessions : initial.rows,
    lunch: started ? snap.schedule.lunch : initial.lunch,
    modal: started ? snap.modal : null,
    announcement: started ? snap.announcement : "",
    ensureStarted,
    onAdd,
    onRemove,
  };
}

/** Where the error summary's links go: the no-JavaScript time field, or the "Choose a time" button once hydrated. */
export function scheduleFieldIds(rowCount: number, hydrated: boolean): Record<string, string> {
  const fieldIds: Record<string, string> = { date: "outreach-dates", sessions: "sessions-heading", lunch: "lunch-break" };
  for (let i = 0; i < rowCount; i++) {
    fieldIds[`sessions.${i}.start`] = hydrated ? `session-${i}-choose` : `session-${i}`;
    fieldIds[`sessions.${i}.pupils`] = `session-${i}-pupils`;
    fieldIds[`sessions.${i}.activityId`] = `session-${i}-activity`;
  }
  return fieldIds;
}
