import { describe, expect, it } from "vitest";
import { createOutreachStore, outreachState } from "./outreach";

describe("outreach store (unsaved UI state only)", () => {
  it("is made per render root, never shared", () => {
    const a = createOutreachStore();
    const b = createOutreachStore();
    outreachState.startSchedule(a, "k1", [{ key: "s0", activityId: "romans", start: "", pupils: "28" }], null);
    expect(b.schedule.sessions).toEqual([]);
  });

  it("keeps a modal's choice as a draft until it is used; closing drops it", () => {
    const s = createOutreachStore();
    outreachState.startSchedule(s, "k1", [{ key: "s0", activityId: "romans", start: "", pupils: "28" }], null);
    outreachState.openSlotModal(s, "s0");
    outreachState.draftSlot(s, "09:30");
    outreachState.closeModal(s);
    expect(s.schedule.sessions[0]!.start).toBe("");
    outreachState.openSlotModal(s, "s0");
    outreachState.draftSlot(s, "09:30");
    outreachState.applySlot(s, "Session 1: 09:30–11:00.");
    expect(s.schedule.sessions[0]!.start).toBe("09:30");
    expect(s.modal).toBeNull();
    expect(s.announcement).toBe("Session 1: 09:30–11:00.");

    outreachState.openLunchModal(s, "30");
    expect(s.modal).toEqual({ kind: "lunch", draftStart: "", draftLength: "30" });
    outreachState.draftLunch(s, { start: "11:15", length: "45" });
    outreachState.applyLunch(s, { start: "11:15", end: "12:00" }, "Lunch 11:15–12:00.");
    outreachState.openLunchModal(s, "30");
    expect(s.modal).toEqual({ kind: "lunch", draftStart: "11:15", draftLength: "45" });
  });

  it("adds and removes session rows; another activity clears the row's time; a new key starts again", () => {
    const s = createOutreachStore();
    outreachState.startSchedule(s, "k1", [{ key: "s0", activityId: "romans", start: "09:30", pupils: "28" }], { start: "11:15", end: "11:45" });
    const key = outreachState.addSession(s, "victorian", "28");
    expect(s.schedule.sessions.map((r) => r.key)).toEqual(["s0", key]);
    outreachState.setActivity(s, "s0", "victorian");
    expect(s.schedule.sessions[0]).toMatchObject({ activityId: "victorian", start: "" });
    outreachState.removeSession(s, "s0");
    expect(s.schedule.sessions.map((r) => r.key)).toEqual([key]);
    outreachState.startSchedule(s, "k1", [], null);
    expect(s.schedule.sessions).toHaveLength(1);
    outreachState.startSchedule(s, "k2", [], null);
    expect(s.schedule).toMatchObject({ key: "k2", sessions: [], lunch: null });
  });
});
