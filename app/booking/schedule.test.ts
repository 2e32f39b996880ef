import { describe, expect, it } from "vitest";
import { beforeArrival, clashingIds, entriesFor, timelineBounds } from "./schedule";
import { findClashes, type TimedEntry } from "./times";

const entry = (activityId: string, start: string, end: string): TimedEntry => ({
  activityId, slotId: `${activityId}@${start}`, name: activityId, kind: "workshop", start, end,
});

describe("the day plan", () => {
  it("names the activities in clashes", () => {
    const clashes = findClashes([entry("c", "11:00", "11:30"), entry("b", "10:30", "11:00"), entry("a", "10:00", "11:00")]);
    expect([...clashingIds(clashes)].sort()).toEqual(["a", "b"]);
  });

  it("runs from arrival to closing, or later entries", () => {
    expect(timelineBounds("10:30", [])).toEqual({ start: "10:30", end: "17:00" });
    expect(timelineBounds(undefined, [entry("a", "09:45", "10:15")])).toEqual({ start: "09:45", end: "17:00" });
    expect(beforeArrival("11:00", [entry("a", "10:00", "10:30"), entry("b", "11:00", "11:30")]).map((e) => e.activityId)).toEqual(["a"]);
  });

  it("turns chosen slots into timed entries in start order", () => {
    const activities = [
      { id: "w", name: "Workshop", kind: "workshop", slots: [{ id: "w@13:00", start: "13:00", end: "14:00" }] },
      { id: "s", name: "Show", kind: "show", slots: [{ id: "s@10:30", start: "10:30", end: "11:00" }] },
      { id: "l", name: "Lunch", kind: "lunch-space", slots: [{ id: "l@12:00", start: "12:00", end: "12:30" }] },
    ];
    const entries = entriesFor(activities, { w: "w@13:00", s: "s@10:30", l: "", x: "x@10:00" });
    expect(entries.map((e) => e.name)).toEqual(["Show", "Workshop"]);
  });
});
