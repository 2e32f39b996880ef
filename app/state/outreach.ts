import { proxy } from "valtio";

// Unsaved outreach UI state only: the draft itself is the gateway basket, saved at each
// step. Made per render root by StoresProvider (per request on the server, once per page
// in the browser), never shared module state.

/** A session row of the schedule step as the user is editing it. */
export interface SessionDraft {
  /** A stable key for the row (React key and element ids), not sent anywhere. */
  key: string;
  activityId: string;
  /** HH:MM of the chosen slot, "" while none is chosen. */
  start: string;
  /** Pupils as typed. */
  pupils: string;
}

export interface LunchDraft {
  start: string;
  end: string;
}

export type OutreachModal =
  | { kind: "slot"; sessionKey: string; draft: string }
  | { kind: "lunch"; draftStart: string; draftLength: string }
  | null;

export interface OutreachState {
  schedule: {
    /** Which saved (or posted) schedule the rows start from: basket id, update time and date. */
    key: string | null;
    sessions: SessionDraft[];
    lunch: LunchDraft | null;
    /** For new row keys. */
    counter: number;
  };
  /** The modal open now, with its unsaved choice (kept apart until "Use this time"). */
  modal: OutreachModal;
  /** Said by the schedule's live region after a modal changes something. */
  announcement: string;
}

export function createOutreachStore(): OutreachState {
  return proxy<OutreachState>({
    schedule: { key: null, sessions: [], lunch: null, counter: 0 },
    modal: null,
    announcement: "",
  });
}

export const outreachState = {
  /** Starts the rows from the saved (or submitted) schedule, once per key. */
  startSchedule(s: OutreachState, key: string, sessions: readonly SessionDraft[], lunch: LunchDraft | null) {
    if (s.schedule.key === key) return;
    s.schedule.key = key;
    s.schedule.sessions = sessions.map((row) => ({ ...row }));
    s.schedule.lunch = lunch ? { ...lunch } : null;
    s.schedule.counter = sessions.length;
    s.modal = null;
  },
  addSession(s: OutreachState, activityId: string, pupils: string): string {
    s.schedule.counter += 1;
    const key = `new-${s.schedule.counter}`;
    s.schedule.sessions.push({ key, activityId, start: "", pupils });
    s.announcement = `Session ${s.schedule.sessions.length} added.`;
    return key;
  },
  removeSession(s: OutreachState, key: string) {
    const at = s.schedule.sessions.findIndex((row) => row.key === key);
    if (at < 0) return;
    s.schedule.sessions.splice(at, 1);
    s.announcement = `Session ${at + 1} removed.`;
  },
  setActivity(s: OutreachState, key: string, activityId: string) {
    const row = s.schedule.sessions.find((r) => r.key === key);
    if (!row || row.activityId === activityId) return;
    row.activityId = activityId;
    // Another activity lasts another time: its start is chosen again.
    row.start = "";
  },
  setPupils(s: OutreachState, key: string, pupils: string) {
    const row = s.schedule.sessions.find((r) => r.key === key);
    if (row) row.pupils = pupils;
  },

  openSlotModal(s: OutreachState, sessionKey: string) {
    const row = s.schedule.sessions.find((r) => r.key === sessionKey);
    s.modal = { kind: "slot", sessionKey, draft: row?.start ?? "" };
  },
  draftSlot(s: OutreachState, start: string) {
    if (s.modal?.kind === "slot") s.modal.draft = start;
  },
  /** "Use this time": the draft becomes the row's start. */
  applySlot(s: OutreachState, announcement: string) {
    const modal = s.modal;
    if (modal?.kind !== "slot") return;
    const row = s.schedule.sessions.find((r) => r.key === modal.sessionKey);
    if (row) row.start = modal.draft;
    s.modal = null;
    s.announcement = announcement;
  },

  openLunchModal(s: OutreachState, defaultLength: string) {
    const lunch = s.schedule.lunch;
    s.modal = {
      kind: "lunch",
      draftStart: lunch?.start ?? "",
      draftLength: lunch ? String(minutesBetween(lunch.start, lunch.end)) : defaultLength,
    };
  },
  draftLunch(s: OutreachState, change: { start?: string; length?: string }) {
    if (s.modal?.kind !== "lunch") return;
    if (change.start !== undefined) s.modal.draftStart = change.start;
    if (change.length !== undefined) s.modal.draftLength = change.length;
  },
  applyLunch(s: OutreachState, lunch: LunchDraft, announcement: string) {
    s.schedule.lunch = { ...lunch };
    s.modal = null;
    s.announcement = announcement;
  },

  /** Escape, "Close" or "Cancel": the modal's unsaved choice is dropped. */
  closeModal(s: OutreachState) {
    s.modal = null;
  },
};

function minutesBetween(start: string, end: string): number {
  const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  return m(end) - m(start);
}
