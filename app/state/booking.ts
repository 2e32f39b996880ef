import { proxy } from "valtio";

// Unsaved booking UI state only: the draft itself is the gateway basket, saved at each
// step. Made per render root by StoresProvider (per request on the server, once per page
// in the browser), never shared module state.

export interface BookingState {
  calendar: {
    /** The day that holds the roving tab stop in the month grid. */
    focusDate: string | null;
    /** A day to focus once its month has loaded (after PageUp/PageDown or an arrow across months). */
    pendingFocus: string | null;
    /** Said by the calendar's live region, e.g. "June 2026". */
    announcement: string;
  };
  schedule: {
    /** Which saved schedule the selections start from (basket id and update time). */
    key: string | null;
    /** Activity id → chosen slot id ("" for none). */
    selections: Record<string, string>;
    /** Activity id → participants typed for it. */
    participants: Record<string, string>;
  };
  information: {
    key: string | null;
    /** Field name → value typed, for the live ratio check. */
    values: Record<string, string>;
  };
}

export function createBookingStore(): BookingState {
  return proxy<BookingState>({
    calendar: { focusDate: null, pendingFocus: null, announcement: "" },
    schedule: { key: null, selections: {}, participants: {} },
    information: { key: null, values: {} },
  });
}

export const bookingState = {
  focusDay(s: BookingState, date: string) {
    s.calendar.focusDate = date;
  },
  /** Moving to another month: focus the day there once it shows, and say the month. */
  changeMonth(s: BookingState, focus: string, announcement: string) {
    s.calendar.pendingFocus = focus;
    s.calendar.focusDate = focus;
    s.calendar.announcement = announcement;
  },
  announce(s: BookingState, announcement: string) {
    s.calendar.announcement = announcement;
  },
  focusDone(s: BookingState) {
    s.calendar.pendingFocus = null;
  },

  /** Starts the scheduler's unsaved selections from the saved (or submitted) ones, once per key. */
  startSchedule(s: BookingState, key: string, selections: Record<string, string>, participants: Record<string, string>) {
    if (s.schedule.key === key) return;
    s.schedule.key = key;
    s.schedule.selections = { ...selections };
    s.schedule.participants = { ...participants };
  },
  selectSlot(s: BookingState, activityId: string, slotId: string) {
    s.schedule.selections[activityId] = slotId;
  },
  setParticipants(s: BookingState, activityId: string, value: string) {
    s.schedule.participants[activityId] = value;
  },

  startInformation(s: BookingState, key: string, values: Record<string, string>) {
    if (s.information.key === key) return;
    s.information.key = key;
    s.information.values = { ...values };
  },
  setInformation(s: BookingState, name: string, value: string) {
    s.information.values[name] = value;
  },
};
